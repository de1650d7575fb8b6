import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REFERENCE_REPLY_MAX } from '@tolk/shared/limits';
import { TextAreaField } from '../../../ui/field';
import { FormActions } from '../../../ui/form-actions';
import { toastError } from '../../../ui/toast-error';
import { useReplyToReference } from '../api/reply-reference';

/** My one public reply to a reference about me, opened in place under it. */
export function ReplyForm({ referenceId, onDone }: { referenceId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const reply = useReplyToReference();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) {
      setError(t('references.reply.required'));
      return;
    }
    reply.mutate(
      { id: referenceId, text: value },
      {
        onSuccess: onDone,
        onError: (failure) => {
          toastError(failure, t);
        },
      },
    );
  };

  return (
    <form className="reference-reply-form" noValidate onSubmit={submit}>
      <TextAreaField
        label={t('references.reply.label')}
        hint={t('references.reply.hint')}
        rows={3}
        maxLength={REFERENCE_REPLY_MAX}
        value={text}
        error={error}
        count={t('references.write.count', { used: text.length, max: REFERENCE_REPLY_MAX })}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      <FormActions
        submitLabel={reply.isPending ? t('references.write.sending') : t('references.reply.send')}
        busy={reply.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
