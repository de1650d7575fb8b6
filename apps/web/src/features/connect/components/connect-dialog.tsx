import { useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { CONNECT_NOTE_MAX } from '@tolk/shared/schemas/connect';
import { HttpError } from '../../../lib/http-error';
import { errorMessage, serverFieldMessage } from '../../../ui/error-message';
import { FieldNotes } from '../../../ui/field';
import { FormError } from '../../../ui/form-error';
import { ModalDialog } from '../../../ui/modal-dialog';
import { submitWith } from '../../../ui/submit-with';

interface ConnectDialogProps {
  open: boolean;
  name: string;
  busy: boolean;
  /** Sends the request; rejects with the server's error to be shown here. */
  onSend: (note: string) => Promise<unknown>;
  onClose: () => void;
}

interface NoteForm {
  note: string;
}

/** Asking to connect, with an optional short note written in my language and read in theirs. */
export function ConnectDialog({ open, name, busy, onSend, onClose }: ConnectDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const noteId = useId();
  const noteRef = useRef<HTMLTextAreaElement | null>(null);
  const form = useForm<NoteForm>({ defaultValues: { note: '' } });
  const { errors } = form.formState;
  const length = useWatch({ control: form.control, name: 'note' }).length;
  const noteError = errors.note?.message;
  const { ref, ...note } = form.register('note', {
    maxLength: { value: CONNECT_NOTE_MAX, message: t('validation.maxChars', { count: CONNECT_NOTE_MAX }) },
  });

  const send = (values: NoteForm) => {
    form.clearErrors('root');
    onSend(values.note.trim()).then(
      () => {
        form.reset();
      },
      (error: unknown) => {
        const field = error instanceof HttpError ? error.fields.note?.[0] : undefined;
        if (field) form.setError('note', { type: 'server', message: serverFieldMessage(field) });
        else form.setError('root', { type: 'server', message: errorMessage(error, t) });
      },
    );
  };

  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={titleId} initialFocus={noteRef}>
      <form noValidate onSubmit={submitWith(form.handleSubmit, send)}>
        <h2 id={titleId}>{t('connect.dialog.title', { name })}</h2>
        <FormError>{errors.root?.message}</FormError>
        <div className="field">
          <label htmlFor={noteId}>{t('connect.dialog.note')}</label>
          <textarea
            id={noteId}
            rows={4}
            maxLength={CONNECT_NOTE_MAX}
            placeholder={t('connect.dialog.placeholder', { name })}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={[`${noteId}-hint`, noteError ? `${noteId}-error` : ''].filter(Boolean).join(' ')}
            ref={(element) => {
              ref(element);
              noteRef.current = element;
            }}
            {...note}
          />
          <FieldNotes id={noteId} hint={t('connect.dialog.hint', { name })} error={noteError} />
          <p className="note-count small muted">{t('connect.dialog.count', { used: length, max: CONNECT_NOTE_MAX })}</p>
        </div>
        <div className="actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            <Send aria-hidden size={16} className="flip-rtl" /> {t('connect.dialog.send')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
