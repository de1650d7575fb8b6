import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toHttpError } from '../../lib/http';

/**
 * Spec section 2: call the server twice, with and without authorization, and only log the
 * results to the console. The screen itself shows nothing of them.
 */
export function DebugScreen({ title, call }: { title: string; call: (noAuth: boolean) => Promise<unknown> }) {
  const { t } = useTranslation();
  useEffect(() => {
    const log = (label: string, noAuth: boolean) =>
      call(noAuth).then(
        (result) => {
          console.log(`[debug] ${title} ${label}`, result);
        },
        (error: unknown) => {
          const failure = toHttpError(error);
          console.log(`[debug] ${title} ${label} failed`, failure.status, failure.message);
        },
      );
    void log('with authorization', false).then(() => log('without authorization (noAuth)', true));
  }, [call, title]);
  return (
    <section className="notice">
      <h1>{title}</h1>
      <p>{t('debug.body')}</p>
    </section>
  );
}
