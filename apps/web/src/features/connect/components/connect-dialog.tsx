import { useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { CONNECT_NOTE_MAX } from '@tolk/shared/schemas/connect';
import { HttpError } from '../../../lib/http-error';
import { errorMessage, serverFieldMessage } from '../../../ui/error-message';
import { TextAreaField } from '../../../ui/field';
import { DialogFormActions } from '../../../ui/form-actions';
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
  const noteRef = useRef<HTMLTextAreaElement | null>(null);
  const form = useForm<NoteForm>({ defaultValues: { note: '' } });
  const { errors } = form.formState;
  const length = useWatch({ control: form.control, name: 'note' }).length;
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
        <TextAreaField
          label={t('connect.dialog.note')}
          rows={4}
          maxLength={CONNECT_NOTE_MAX}
          placeholder={t('connect.dialog.placeholder', { name })}
          hint={t('connect.dialog.hint', { name })}
          error={errors.note?.message}
          count={t('connect.dialog.count', { used: length, max: CONNECT_NOTE_MAX })}
          ref={(element) => {
            ref(element);
            noteRef.current = element;
          }}
          {...note}
        />
        <DialogFormActions busy={busy} onCancel={onClose}>
          <Send aria-hidden size={16} className="flip-rtl" /> {t('connect.dialog.send')}
        </DialogFormActions>
      </form>
    </ModalDialog>
  );
}
