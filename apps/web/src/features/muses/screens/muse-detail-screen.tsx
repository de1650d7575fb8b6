import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { Copy, Pencil, Trash2 } from 'lucide-react';
import { LANGUAGE_NAMES, UI_LANGUAGES } from '@tolk/shared/languages';
import type { MuseDetail } from '@tolk/shared/schemas/conversations';
import { HttpError } from '../../../lib/http';
import { useLoginResponse } from '../../../lib/session';
import { ConfirmDeleteDialog } from '../../../ui/confirm-dialog';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { errorMessage } from '../../../ui/error-message';
import { toastError } from '../../../ui/toast-error';
import { useDeleteMuse } from '../api/delete-muse';
import { museQuery } from '../api/get-muse';
import { useTranslateMuse } from '../api/translate-muse';
import { flagTranslation } from '../api/flag-translation';
import { copyText } from '../../../lib/clipboard';
import { copyPhoto } from '../clipboard';
import { PhotoViewer } from '../components/photo-viewer';
import { languageName } from '../../../lib/language-names';
import { MachineTranslationNote } from '../../../ui/machine-translation';
import { formatDateTime, personName } from '../../../lib/format';
import { deleteSubject, versionsOf } from '../muse-display';
import { paths } from '../../../lib/paths';
import { BackLink } from '../../../ui/back-link';
import '../conversations.css';
import '../thread.css';

// While a version is still being translated, look again this often.
const PENDING_POLL_MS = 2000;

function hasPending(detail: MuseDetail | undefined): boolean {
  return detail ? versionsOf(detail).some((version) => version.state === 'pending') : false;
}

export function Component() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { loginResponse } = useLoginResponse();
  const ids = { original: useId(), versions: useId(), language: useId() };
  const [chosen, setChosen] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [photoOpen, setPhotoOpen] = useState(false);

  const query = useQuery({
    ...museQuery(id),
    refetchInterval: (current) => (hasPending(current.state.data) ? PENDING_POLL_MS : false),
  });

  const translate = useTranslateMuse(id, {
    onError: (error) => {
      toastError(error, t);
    },
  });

  const remove = useDeleteMuse({
    onSuccess: async (_nothing, detail) => {
      await navigate(paths.thread(detail.conversationId), { replace: true });
    },
    onError: (error) => {
      setConfirmDelete(false);
      toastError(error, t);
    },
  });

  if (query.isPending) return <ScreenSkeleton lines={6} />;
  if (query.isError) {
    const missing = query.error instanceof HttpError && query.error.status === 404;
    return (
      <section className="notice">
        <p role="alert">{missing ? t('errors.notFound') : errorMessage(query.error, t)}</p>
        <Link className="button" to={paths.myMuses}>
          {t('common.back')}
        </Link>
      </section>
    );
  }

  const muse = query.data;
  const mine = muse.sender.username === loginResponse.username;
  const sender = mine ? t('common.you') : personName(muse.sender);
  const photoAlt = t('muses.photo', { name: sender });
  const versions = versionsOf(muse);

  const copy = async (action: () => Promise<void>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch {
      toast.error(t('copy.failed'));
    }
  };

  return (
    <article className="muse-detail" aria-labelledby={ids.original}>
      <header className="screen-head">
        <BackLink to={paths.thread(muse.conversationId)} />
        <h1>{t('muses.detailTitle')}</h1>
      </header>
      <p className="muted">
        {sender} · <time dateTime={muse.createdAt}>{formatDateTime(muse.createdAt, i18n.language)}</time>
        {muse.editedAt && !muse.deleted && ` · ${t('muses.edited')}`}
      </p>

      <section className="card detail-card" aria-labelledby={ids.original}>
        <h2 id={ids.original}>{t('translation.original')}</h2>
        {muse.deleted ? (
          <p className="muted">{t('muses.deleted')}</p>
        ) : (
          <>
            {muse.text && (
              <p className="detail-text" lang={muse.from || undefined} dir="auto">
                {muse.text}
              </p>
            )}
            {muse.transliteration && (
              <p className="muse-transliteration">
                <span className="muted">{t('translation.transliteration')}: </span>
                <bdi dir="ltr">{muse.transliteration}</bdi>
              </p>
            )}
            <p className="muted small">
              {t('muses.writtenIn', { language: languageName(muse.from) })}
              {/* Only worth saying when the writer chose another language than the one detected. */}
              {muse.detectedFrom &&
                muse.detectedFrom !== muse.from &&
                ` · ${t('translation.detected', { language: languageName(muse.detectedFrom) })}`}
            </p>
            {muse.photo && (
              <button
                type="button"
                className="muse-photo"
                onClick={() => {
                  setPhotoOpen(true);
                }}
              >
                <img src={muse.photo.thumbUrl} alt={photoAlt} width={muse.photo.width} height={muse.photo.height} />
              </button>
            )}
            <div className="actions">
              {muse.text && (
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    void copy(() => copyText(muse.text), mine ? t('copy.userComment') : t('copy.audienceComment'));
                  }}
                >
                  <Copy aria-hidden size={16} /> {t('muses.copyComment')}
                </button>
              )}
              {muse.photo && (
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    const url = muse.photo?.url;
                    if (url) void copy(() => copyPhoto(url), mine ? t('copy.userPhoto') : t('copy.audiencePhoto'));
                  }}
                >
                  <Copy aria-hidden size={16} /> {t('muses.copyPhoto')}
                </button>
              )}
            </div>
          </>
        )}
      </section>

      {!muse.deleted && (
        <section className="card detail-card" aria-labelledby={ids.versions}>
          <h2 id={ids.versions}>{t('muses.versions')}</h2>
          <div className="field">
            <label htmlFor={ids.language}>{t('muses.chooseLanguage')}</label>
            <select
              id={ids.language}
              value={chosen}
              disabled={translate.isPending}
              onChange={(event) => {
                const to = event.target.value;
                setChosen(to);
                if (to) translate.mutate(to);
              }}
            >
              <option value="" disabled>
                {t('muses.chooseLanguage')}
              </option>
              {UI_LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
            {translate.isPending && (
              <p className="field-hint" role="status">
                {t('translation.pending')}
              </p>
            )}
          </div>
          <ul className="versions">
            {versions.map((version) => (
              <li key={version.to} className={version.to === chosen ? 'chosen' : undefined}>
                <h3 lang={version.to}>{languageName(version.to)}</h3>
                {version.state === 'pending' && <p className="muse-state">{t('translation.pending')}</p>}
                {version.state === 'unavailable' && (
                  <p className="muse-state">
                    {t('translation.unavailable', { from: languageName(muse.from), to: languageName(version.to) })}
                    {version.reason && <span className="muted small"> ({version.reason})</span>}
                  </p>
                )}
                {(version.state === 'ready' || version.state === 'skipped') && version.text !== null && (
                  <>
                    <p className="detail-text" lang={version.to} dir="auto">
                      {version.text}
                    </p>
                    {version.transliteration && (
                      <p className="muse-transliteration">
                        <span className="muted">{t('translation.transliteration')}: </span>
                        <bdi dir="ltr">{version.transliteration}</bdi>
                      </p>
                    )}
                    {/* The original heads this screen; a machine translation says so and can be flagged. */}
                    {version.state === 'ready' && version.engine && (
                      <MachineTranslationNote
                        engine={version.engine}
                        pivot={version.pivot}
                        onFlag={() => flagTranslation(muse.id, version.to)}
                      />
                    )}
                    <button
                      type="button"
                      className="button"
                      onClick={() => {
                        const text = version.text ?? '';
                        void copy(() => copyText(text), mine ? t('copy.userTranslated') : t('copy.audienceTranslated'));
                      }}
                    >
                      <Copy aria-hidden size={16} /> {t('muses.copyTranslation')}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {mine && !muse.deleted && (
        <div className="actions">
          <Link className="button" to={paths.museEdit(muse.id)}>
            <Pencil aria-hidden size={16} /> {t('common.edit')}
          </Link>
          <button
            type="button"
            className="button danger-outline"
            onClick={() => {
              setConfirmDelete(true);
            }}
          >
            <Trash2 aria-hidden size={16} /> {t('common.delete')}
          </button>
        </div>
      )}
      <ConfirmDeleteDialog
        open={confirmDelete}
        subject={deleteSubject(muse, t)}
        busy={remove.isPending}
        onCancel={() => {
          setConfirmDelete(false);
        }}
        onConfirm={() => {
          remove.mutate(muse);
        }}
      />
      <PhotoViewer
        open={photoOpen && muse.photo ? { photo: muse.photo, alt: photoAlt } : undefined}
        onClose={() => {
          setPhotoOpen(false);
        }}
      />
    </article>
  );
}
