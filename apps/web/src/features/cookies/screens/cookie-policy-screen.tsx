import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { clearCookieConsent } from '../../../lib/cookie-consent';
import '../cookies.css';

const sections = ['what', 'choices', 'thirdParties', 'retention', 'contact'] as const;

export function Component() {
  const { t } = useTranslation();
  return (
    <article className="policy" aria-labelledby="policy-title">
      <h1 id="policy-title">{t('cookies.policyTitle')}</h1>
      <p className="muted">{t('cookies.lastUpdated')}</p>
      <section>
        <h2>{t('cookies.whatTitle')}</h2>
        <p>{t('cookies.whatBody')}</p>
      </section>
      <section>
        <h2>{t('cookies.howTitle')}</h2>
        {(['necessary', 'analytics', 'marketing'] as const).map((category) => (
          <div key={category}>
            <h3>{t(`cookies.${category}Title`)}</h3>
            <p>{t(`cookies.${category}Body`)}</p>
          </div>
        ))}
      </section>
      {sections.slice(1).map((section) => (
        <section key={section}>
          <h2>{t(`cookies.${section}Title`)}</h2>
          <p>{t(`cookies.${section}Body`)}</p>
        </section>
      ))}
      <button
        type="button"
        className="button"
        onClick={() => {
          clearCookieConsent();
          toast.info(t('cookies.reopened'));
        }}
      >
        {t('cookies.reopen')}
      </button>
    </article>
  );
}
