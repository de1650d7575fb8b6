import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertCircle, Ban, Clock, CloudOff, Flag, Languages, Mic, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import type { Muse, Photo } from '@tolk/shared/schemas/conversations';
import { languageName } from '../../../lib/language-names';
import { Avatar } from '../../../ui/avatar';
import { IconButton } from '../../../ui/icon-button';
import { MachineTranslationNote } from '../../../ui/machine-translation';
import { formatDateTime, personName } from '../../../lib/format';
import { formatMuseTime, museView } from '../muse-display';
import { paths } from '../../../lib/paths';
import type { PendingMuse } from '../thread-state';
import { flagTranslation } from '../api/flag-translation';
import { formatDuration, SpeakerButton, VoicePlayer } from '../../speech';

interface MuseItemProps {
  muse: Muse;
  mine: boolean;
  /** Group chats name the sender on every muse from someone else. */
  showSender: boolean;
  /** "Read by ..." under this muse, when it is the newest one others have read. */
  readBy?: string | undefined;
  onDelete: (muse: Muse) => void;
  onOpenPhoto: (photo: Photo, alt: string) => void;
  /** Reports someone else's muse; no Report action without it. */
  onReport?: ((muse: Muse) => void) | undefined;
  /** From someone I blocked (a group thread): folded away until I ask to see it. */
  folded?: boolean | undefined;
}

function MuseItemRow({ muse, mine, showSender, readBy, onDelete, onOpenPhoto, onReport, folded }: MuseItemProps) {
  const { t, i18n } = useTranslation();
  const [wantOriginal, setWantOriginal] = useState(false);
  // Shown for this view only: the next visit folds it again.
  const [revealed, setRevealed] = useState(false);
  const view = museView(muse, wantOriginal);
  const sender = mine ? t('common.you') : personName(muse.sender);
  const photoAlt = t('muses.photo', { name: sender });
  const shownLanguage = view.showingOriginal ? muse.from : (muse.translation?.to ?? muse.from);
  const toggle = (
    <button
      type="button"
      className="link-button"
      aria-pressed={view.showingOriginal}
      onClick={() => {
        setWantOriginal((value) => !value);
      }}
    >
      {view.showingOriginal ? t('translation.showTranslation') : t('translation.showOriginal')}
    </button>
  );

  if (folded && !mine && !revealed) {
    return (
      <li className="muse folded" data-seq={muse.seq}>
        <div className="muse-bubble">
          <p className="muse-folded">
            <Ban aria-hidden size={14} /> {t('muses.blocked.folded')}
          </p>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setRevealed(true);
            }}
          >
            {t('muses.blocked.show')}
          </button>
        </div>
      </li>
    );
  }

  return (
    <li className={`muse${mine ? ' mine' : ''}${muse.deleted ? ' deleted' : ''}`} data-seq={muse.seq}>
      <div className="muse-bubble">
        {showSender && !mine && (
          <p className="muse-sender">
            <Avatar name={sender} url={muse.sender.avatarUrl} className="tiny" /> {sender}
          </p>
        )}
        {muse.deleted ? (
          <p className="muse-text muted">{t('muses.deleted')}</p>
        ) : (
          <>
            {muse.photo && (
              <button
                type="button"
                className="muse-photo"
                onClick={() => {
                  if (muse.photo) onOpenPhoto(muse.photo, photoAlt);
                }}
              >
                <img
                  src={muse.photo.thumbUrl}
                  alt={photoAlt}
                  width={muse.photo.width}
                  height={muse.photo.height}
                  loading="lazy"
                />
              </button>
            )}
            {muse.voice && <VoicePlayer url={muse.voice.url} durationMs={muse.voice.durationMs} />}
            {muse.voice && !muse.text && <p className="muse-state">{t('speech.noTranscript')}</p>}
            {view.text && (
              <p className="muse-text" lang={shownLanguage || undefined} dir="auto">
                {view.text}
              </p>
            )}
            {view.transliteration && (
              <p className="muse-transliteration">
                {/* The label sits outside the reading's own run: in an Arabic interface it would
                    otherwise make a Latin reading right-to-left and flip its punctuation. */}
                <span className="visually-hidden">{t('translation.transliteration')}: </span>
                <bdi dir="ltr">{view.transliteration}</bdi>
              </p>
            )}
            {view.translating && <p className="muse-state">{t('translation.pending')}</p>}
            {view.unavailable && (
              <p className="muse-state" title={view.unavailable.reason ?? undefined}>
                {t('translation.unavailable', {
                  from: languageName(view.unavailable.from),
                  to: languageName(view.unavailable.to),
                })}
              </p>
            )}
            {view.canToggle &&
              (view.showingOriginal ? (
                toggle
              ) : (
                // A machine made it: said so, with the original one tap away and a way to flag it.
                <MachineTranslationNote
                  engine={muse.translation?.engine}
                  pivot={muse.translation?.pivot}
                  onFlag={() => flagTranslation(muse.id, muse.translation?.to ?? '')}
                >
                  {toggle}
                </MachineTranslationNote>
              ))}
          </>
        )}
        <div className="muse-meta">
          <time dateTime={muse.createdAt} title={formatDateTime(muse.createdAt, i18n.language)}>
            {formatMuseTime(muse.createdAt, i18n.language)}
          </time>
          {muse.editedAt && !muse.deleted && <span>{t('muses.edited')}</span>}
          {!muse.deleted && view.text && (view.translating ? muse.from : shownLanguage) && (
            // Read in the language shown: the original's while its translation is on its way.
            <SpeakerButton text={view.text} language={view.translating ? muse.from : shownLanguage} allowServer />
          )}
          {!muse.deleted && (
            <Link className="icon-button small" to={paths.muse(muse.id)} aria-label={t('muses.versions')}>
              <Languages aria-hidden size={16} />
            </Link>
          )}
          {!mine && !muse.deleted && onReport && (
            <IconButton
              small
              label={t('muses.report', { name: sender })}
              tip={t('report.action')}
              onClick={() => {
                onReport(muse);
              }}
            >
              <Flag aria-hidden size={15} />
            </IconButton>
          )}
          {mine && !muse.deleted && (
            <>
              <Link className="icon-button small" to={paths.museEdit(muse.id)} aria-label={t('common.edit')}>
                <Pencil aria-hidden size={16} />
              </Link>
              <IconButton
                small
                label={t('common.delete')}
                onClick={() => {
                  onDelete(muse);
                }}
              >
                <Trash2 aria-hidden size={16} />
              </IconButton>
            </>
          )}
        </div>
      </div>
      {readBy && <p className="muse-read">{readBy}</p>}
    </li>
  );
}

/** One muse in the thread; memoized so a new muse or a keystroke does not re-render the others. */
export const MuseItem = memo(MuseItemRow);

interface PendingMuseItemProps {
  pending: PendingMuse;
  onRetry: (clientId: string) => void;
}

function PendingMuseRow({ pending, onRetry }: PendingMuseItemProps) {
  const { t } = useTranslation();
  const failed = pending.status === 'failed';
  // Waiting for a network: it goes by itself when the connection returns, as the banner says.
  const queued = failed && pending.failure === 'network';
  return (
    <li className={`muse mine pending${queued ? ' queued' : failed ? ' failed' : ''}`}>
      <div className="muse-bubble">
        {pending.photo && (
          <span className="muse-photo">
            <img
              src={pending.photo.thumbUrl}
              alt={t('muses.photo', { name: t('common.you') })}
              width={pending.photo.width}
              height={pending.photo.height}
            />
          </span>
        )}
        {pending.voice && (
          <p className="muse-state">
            <Mic aria-hidden size={14} /> {t('speech.voiceMuse')} · {formatDuration(pending.voice.durationMs)}
          </p>
        )}
        {pending.text && (
          <p className="muse-text" dir="auto">
            {pending.text}
          </p>
        )}
        <div className="muse-meta">
          {queued || failed ? (
            <>
              {queued ? (
                <span className="muse-queued">
                  <CloudOff aria-hidden size={14} /> {t('muses.queued')}
                </span>
              ) : (
                <span className="muse-failed" role="alert">
                  <AlertCircle aria-hidden size={14} /> {t('muses.failed')}
                  {pending.error ? ` ${pending.error}` : ''}
                </span>
              )}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  onRetry(pending.clientId);
                }}
              >
                {queued ? (
                  t('muses.sendNow')
                ) : (
                  <>
                    <RotateCcw aria-hidden size={14} /> {t('muses.retry')}
                  </>
                )}
              </button>
            </>
          ) : (
            <span>
              <Clock aria-hidden size={14} /> {t('muses.sending')}
            </span>
          )}
        </div>
      </div>
    </li>
  );
}

export const PendingMuseItem = memo(PendingMuseRow);
