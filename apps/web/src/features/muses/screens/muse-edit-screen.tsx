import { useState, type SyntheticEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { MUSE_TEXT_MAX, type Muse, type MuseDetail } from '@tolk/shared/schemas/conversations';
import { HttpError } from '../../../lib/http';
import { useLoginResponse } from '../../../lib/session';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { errorMessage } from '../../../ui/error-message';
import { useEditMuse } from '../api/edit-muse';
import { museQuery } from '../api/get-muse';
import { LanguageSelect } from '../../../ui/language-select';
import { paths } from '../../../lib/paths';

/** "Detect automatically" unless the writer had chosen the language themselves. */
function initialLanguage(muse: Muse): string {
  return muse.detectedFrom && muse.detectedFrom === muse.from ? '' : muse.from;
}

function EditForm({ muse }: { muse: MuseDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState(muse.text);
  const [from, setFrom] = useState(() => initialLanguage(muse));
  const [error, setError] = useState<string>();
  const back = paths.thread(muse.conversationId);

  const mutation = useEditMuse(muse.id, {
    onSuccess: async () => {
      await navigate(back);
    },
    onError: (failure) => {
      const field = failure instanceof HttpError ? failure.fields.text?.[0] : undefined;
      setError(field ?? errorMessage(failure, t));
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('validation.required'));
      return;
    }
    setError(undefined);
    mutation.mutate({ text, ...(from ? { from } : {}) });
  };

  return (
    <form noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor="muse-edit-text">{t('muses.detailTitle')}</label>
        <textarea
          id="muse-edit-text"
          rows={5}
          dir="auto"
          maxLength={MUSE_TEXT_MAX}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'muse-edit-error' : undefined}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
        {error && (
          <p className="field-error" id="muse-edit-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <LanguageSelect
        label={t('muses.sourceLanguage')}
        extraOption={{ value: '', label: t('muses.detectAuto') }}
        value={from}
        onChange={setFrom}
      />
      <div className="actions">
        <button type="submit" className="button primary" disabled={mutation.isPending}>
          {mutation.isPending ? t('common.saving') : t('common.save')}
        </button>
        <Link className="button" to={back}>
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { loginResponse } = useLoginResponse();
  const query = useQuery(museQuery(id));

  if (query.isPending) return <ScreenSkeleton lines={4} />;
  const muse = query.data;
  // Only the writer may edit, and a deleted muse has nothing left to edit.
  const problem = !muse
    ? query.error instanceof HttpError && query.error.status === 404
      ? t('errors.notFound')
      : errorMessage(query.error, t)
    : muse.sender.username !== loginResponse.username
      ? t('errors.notFound')
      : muse.deleted
        ? t('muses.deleted')
        : undefined;
  if (problem !== undefined || !muse) {
    return (
      <section className="notice">
        <p role="alert">{problem}</p>
        <Link className="button" to={paths.myMuses}>
          {t('common.back')}
        </Link>
      </section>
    );
  }

  return (
    <section className="form-screen" aria-labelledby="muse-edit-title">
      <h1 id="muse-edit-title">{t('muses.editTitle')}</h1>
      <EditForm key={muse.id} muse={muse} />
    </section>
  );
}
