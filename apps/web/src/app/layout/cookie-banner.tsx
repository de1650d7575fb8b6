import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Cookie } from 'lucide-react';
import { useCookieConsent } from '../../lib/cookie-consent';
import { paths } from '../../lib/paths';

/**
 * While the bar is up, its height (and the gap under it) is `--cookie-cover` on the page, which
 * the shell and the screens that fill the height (layout.css `--bottom-space`) keep free: the bar
 * sits over the navigation, never over a composer or the end of a page.
 */
function useReservedHeight(banner: RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = banner.current;
    if (!shown || !element) return undefined;
    const root = document.documentElement;
    const measure = () => {
      root.style.setProperty('--cookie-cover', `calc(${Math.ceil(element.getBoundingClientRect().height)}px + 0.5rem)`);
    };
    // The observer measures once the page is laid out anyway, before it is painted; measuring
    // here would lay the whole page out inside the commit, a longer task as the app takes over.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    if (observer) observer.observe(element);
    else measure();
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--cookie-cover');
    };
  }, [banner, shown]);
}

export function CookieBanner() {
  const { t } = useTranslation();
  const { consent, accept } = useCookieConsent();
  const banner = useRef<HTMLElement>(null);
  useReservedHeight(banner, !consent);
  if (consent) return null;
  return (
    <section ref={banner} className="cookie-banner" aria-label={t('cookies.bannerText')}>
      <Cookie aria-hidden size={24} />
      {/* A compact bar (the spec's three parts): the policy page says the rest. */}
      <p>
        <strong>{t('cookies.bannerText')}</strong> · <Link to={paths.cookiePolicy}>{t('cookies.policyLink')}</Link>
      </p>
      <button type="button" className="button primary" onClick={accept}>
        {t('cookies.accept')}
      </button>
    </section>
  );
}
