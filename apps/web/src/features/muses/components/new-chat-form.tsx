import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GROUP_TITLE_MAX, type Conversation, type CreateConversationInput } from '@tolk/shared/schemas/conversations';
import { HttpError } from '../../../lib/http';
import { Field } from '../../../ui/field';
import { errorMessage } from '../../../ui/error-message';
import { useCreateConversation } from '../api/create-conversation';
import { submitWith } from '../../../ui/submit-with';
import { FormError } from '../../../ui/form-error';
import { FormActions } from '../../../ui/form-actions';
import { splitUsernames } from '../usernames';

interface NewChatValues {
  kind: 'direct' | 'group';
  username: string;
  title: string;
  members: string;
}

/** What the server takes: one username for a one-to-one chat; a group's members, and its title if given. */
function toInput(values: NewChatValues): CreateConversationInput {
  return values.kind === 'direct'
    ? { kind: 'direct', members: [values.username.trim()] }
    : {
        kind: 'group',
        members: splitUsernames(values.members),
        ...(values.title.trim() ? { title: values.title.trim() } : {}),
      };
}

/** One-to-one by username, or a named group with several members. */
export function NewChatForm({
  onCreated,
  onCancel,
}: {
  onCreated: (conversation: Conversation) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const legendId = useId();
  const form = useForm<NewChatValues>({ defaultValues: { kind: 'direct', username: '', title: '', members: '' } });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });

  const mutation = useCreateConversation({
    onSuccess: onCreated,
    onError: (error) => {
      if (!(error instanceof HttpError)) return;
      for (const [field, messages] of Object.entries(error.fields)) {
        const message = messages[0];
        if (!message) continue;
        if (field.startsWith('members')) form.setError(kind === 'direct' ? 'username' : 'members', { message });
        else if (field === 'title') form.setError('title', { message });
      }
    },
  });
  const fieldsMatched = Object.keys(errors).length > 0;

  return (
    <form
      className="card new-chat"
      noValidate
      aria-labelledby={legendId}
      onSubmit={submitWith(form.handleSubmit, (values) => {
        mutation.mutate(toInput(values));
      })}
    >
      <h2 id={legendId}>{t('muses.newChat')}</h2>
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('muses.newChat')}</legend>
        <label>
          <input type="radio" value="direct" {...form.register('kind')} />
          <span>{t('muses.direct')}</span>
        </label>
        <label>
          <input type="radio" value="group" {...form.register('kind')} />
          <span>{t('muses.group')}</span>
        </label>
      </fieldset>
      {kind === 'direct' ? (
        <Field
          label={t('auth.username')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...form.register('username', {
            validate: (value) => value.trim().length > 0 || t('validation.required'),
          })}
        />
      ) : (
        <>
          <Field
            label={t('muses.groupTitle')}
            maxLength={GROUP_TITLE_MAX}
            error={errors.title?.message}
            {...form.register('title')}
          />
          <Field
            label={t('muses.members')}
            hint={t('muses.membersHint')}
            autoCapitalize="none"
            spellCheck={false}
            error={errors.members?.message}
            {...form.register('members', {
              validate: (value) => splitUsernames(value).length > 0 || t('validation.required'),
            })}
          />
        </>
      )}
      {mutation.isError && !fieldsMatched && <FormError>{errorMessage(mutation.error, t)}</FormError>}
      <FormActions
        submitLabel={mutation.isPending ? t('common.loading') : t('muses.create')}
        busy={mutation.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
