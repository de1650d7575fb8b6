import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshCw, Save } from 'lucide-react';

interface ConflictNoticeProps {
  busy: boolean;
  /** Their version replaces what was typed. */
  onReload: () => void;
  /** What was typed is saved over their version. */
  onOverwrite: () => void;
}

/**
 * Said when a save is refused because it changed elsewhere since the form was opened (409
 * `conflict`): what was typed stays in the form until the member chooses whose version to keep.
 */
export function ConflictNotice({ busy, onReload, onOverwrite }: ConflictNoticeProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="callout conflict-notice" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('common.conflict.title')}</h2>
      <p>{t('common.conflict.body')}</p>
      <div className="actions">
        <button type="button" className="button" disabled={busy} onClick={onReload}>
          <RefreshCw aria-hidden size={16} /> {t('common.conflict.reload')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onOverwrite}>
          <Save aria-hidden size={16} /> {t('common.conflict.overwrite')}
        </button>
      </div>
    </section>
  );
}
