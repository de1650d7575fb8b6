import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { AlertTriangle } from 'lucide-react';

/** Where a screen that failed to load (or threw) ends up: a clear message and a retry. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <section className="notice" role="alert">
      <AlertTriangle aria-hidden size={40} />
      <h1>{t('errors.screenFailed')}</h1>
      <p>{t('errors.screenFailedHint')}</p>
      <button
        type="button"
        className="button primary"
        onClick={() => {
          window.location.reload();
        }}
      >
        {t('common.retry')}
      </button>
    </section>
  );
}
