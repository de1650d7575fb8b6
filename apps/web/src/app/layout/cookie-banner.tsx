import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Cookie } from 'lucide-react';
import { useCookieConsent } from '../../lib/cookie-consent';
import { paths } from '../../lib/paths';

export function CookieBanner() {
  const { t } = useTranslation();
  const { consent, accept } = useCookieConsent();
  if (consent) return null;
  return (
    <section className="cookie-banner" aria-label={t('cookies.bannerText')}>
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
