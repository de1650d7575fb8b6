import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { forgetPlazaToken } from '../plaza-tokens';

/** What a plaza that can no longer be opened says (ended by its host, expired, or never there), and where to go. */
export function PlazaClosed({ plazaId, reason }: { plazaId: string; reason: 'ended' | 'expired' | 'missing' }) {
  const { t } = useTranslation();
  // The token opens nothing any more; keeping it would only grow the list. After "ended" it
  // still explains, on a reload, why the plaza is closed (the list is capped in plaza-tokens).
  useEffect(() => {
    if (reason !== 'ended') forgetPlazaToken(plazaId);
  }, [plazaId, reason]);
  const message =
    reason === 'ended'
      ? t('interpreter.codeEnded')
      : reason === 'expired'
        ? t('interpreter.expired')
        : t('interpreter.notFound');
  return (
    <section className="notice plaza-closed" aria-labelledby="plaza-closed-title">
      {/* Announced as it appears: the screen changed under the reader's hands. */}
      <div role="alert">
        <h1 id="plaza-closed-title">{message}</h1>
      </div>
      <div className="actions">
        <Link className="button primary" to={paths.interpret}>
          {t('interpreter.title')}
        </Link>
        <Link className="button" to={paths.join()}>
          {t('interpreter.joinTitle')}
        </Link>
      </div>
    </section>
  );
}
