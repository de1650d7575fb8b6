import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { directionOf } from '@tolk/shared/languages';
import { languageName } from '../../../lib/language-names';
import type { DraftVersion } from '../draft-version';
import type { DraftReader } from '../preview-languages';
import { setFolded, usePreviewFolded } from '../preview-fold';
import { useDraftPreview } from '../use-draft-preview';
import '../../../ui/text-button.css';
import '../draft-preview.css';

export interface DraftPreviewProps {
  /** The draft as typed. */
  text: string;
  /** The draft's language when the member chose it; absent: detected. */
  from?: string | undefined;
  /** Who will read it: the chat's other members, or the plaza's other side. */
  readers: readonly DraftReader[];
  /** The member's own language: the back-translation's. */
  backTo: string;
}

function VersionText({ version }: { version: DraftVersion | undefined }) {
  const { t } = useTranslation();
  if (version === undefined || version.state === 'pending') {
    return <p className="muted">{t('translation.pending')}</p>;
  }
  if (version.state === 'ready') {
    return (
      <p lang={version.language} dir={directionOf(version.language)}>
        {version.text}
      </p>
    );
  }
  if (version.state === 'same')
    return <p className="muted">{t('translation.alreadyIn', { language: languageName(version.language) })}</p>;
  return <p className="draft-preview-unavailable">{t('draftPreview.unavailable')}</p>;
}

/**
 * Under a composer: what readers will read of the draft in their languages (the first two, the
 * rest behind "+N"), and the first of those translated back into the writer's language, so a
 * mistranslation is caught before it is sent. It can be folded away, which this device remembers.
 */
export function DraftPreview({ text, from, readers, backTo }: DraftPreviewProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const folded = usePreviewFolded();
  const [expanded, setExpanded] = useState(false);
  const preview = useDraftPreview({ text, from, readers, backTo, active: !folded, expanded });

  if (text.trim() === '' || readers.length === 0) return null;
  if (folded) {
    return (
      <div className="draft-preview folded">
        <button
          type="button"
          className="text-button"
          aria-expanded={false}
          onClick={() => {
            setFolded(false);
          }}
        >
          <Eye aria-hidden size={16} /> {t('draftPreview.show')}
        </button>
      </div>
    );
  }

  const hiddenNames = preview.hidden.map((language) => languageName(language)).join(', ');
  return (
    <section id={id} className="draft-preview" aria-label={t('draftPreview.title')} aria-busy={preview.typing}>
      <div className="draft-preview-head">
        <p className="draft-preview-title">{t('draftPreview.title')}</p>
        <button
          type="button"
          className="icon-button draft-preview-fold"
          aria-expanded
          aria-controls={id}
          aria-label={t('draftPreview.hide')}
          title={t('draftPreview.hide')}
          onClick={() => {
            setFolded(true);
          }}
        >
          <EyeOff aria-hidden size={16} />
        </button>
      </div>
      {preview.asWritten ? (
        <p className="muted">{t('draftPreview.asWritten')}</p>
      ) : (
        <ul className="draft-preview-rows">
          {preview.rows.map((row) => (
            <li key={row.language} className={row.stale || preview.typing ? 'stale' : undefined}>
              <span className="draft-preview-language">{languageName(row.language)}</span>
              <VersionText version={row.version} />
            </li>
          ))}
        </ul>
      )}
      {(preview.hidden.length > 0 || expanded) && (
        <button
          type="button"
          className="text-button draft-preview-more"
          aria-expanded={expanded}
          title={expanded ? undefined : hiddenNames}
          onClick={() => {
            setExpanded(!expanded);
          }}
        >
          {expanded ? (
            t('draftPreview.fewer')
          ) : (
            <>
              <span aria-hidden>{`+${new Intl.NumberFormat(i18n.language).format(preview.hidden.length)}`}</span>
              <span className="visually-hidden">{t('draftPreview.more', { languages: hiddenNames })}</span>
            </>
          )}
        </button>
      )}
      {preview.back && (
        <div className={`draft-preview-back${preview.back.stale || preview.typing ? ' stale' : ''}`}>
          <p className="draft-preview-language">
            {t('draftPreview.back', { language: languageName(preview.back.from) })}
          </p>
          <VersionText version={preview.back.version} />
        </div>
      )}
      {preview.failed && (
        <p className="draft-preview-failed" role="status">
          {t('draftPreview.failed')}{' '}
          <button type="button" className="text-button" onClick={preview.retry}>
            {t('common.retry')}
          </button>
        </p>
      )}
    </section>
  );
}
