import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { updateAccountInputSchema, type AdminAccount } from '@tolk/shared/schemas/accounts-admin';
import { paths } from '../../../lib/paths';
import { ConflictNotice } from '../../../ui/conflict-notice';
import { FormActions } from '../../../ui/form-actions';
import { FormError } from '../../../ui/form-error';
import { schemaResolver, showSaveError } from '../../../ui/schema-form';
import { submitWith } from '../../../ui/submit-with';
import { useConflictChoice } from '../../../ui/use-conflict-choice';
import { accountQuery } from '../api/get-account';
import { useUpdateAccount } from '../api/update-account';
import {
  accountFieldMessage,
  profileFieldOf,
  toAccountProfileForm,
  toUpdateAccountInput,
  type AccountProfileForm,
} from '../account-form';
import { personName } from '../../../lib/format';
import { AccountFields } from './account-fields';

/**
 * An account's display name, language, roles and tenant, saved with the version the form was
 * loaded from: changed elsewhere meanwhile (409), the admin chooses whose version to keep.
 */
export function AccountEditForm({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const resolver = useMemo(
    () =>
      schemaResolver<AccountProfileForm>(
        updateAccountInputSchema,
        // The version is the server's to compare; any will do for the form's own check.
        (values) => ({ input: toUpdateAccountInput(values, 1) }),
        profileFieldOf,
        accountFieldMessage,
      ),
    [],
  );
  const form = useForm<AccountProfileForm>({ defaultValues: toAccountProfileForm(account), resolver });

  const save = useUpdateAccount(account.id, {
    onSuccess: async (saved) => {
      toast.success(t('accounts.toast.saved', { name: personName(saved) }));
      await navigate(paths.accountDetail(saved.id), { replace: true });
    },
    onError: (error) => {
      if (!choice.refused(error)) showSaveError(error, profileFieldOf, form.setError, accountFieldMessage, t);
    },
  });

  const choice = useConflictChoice({
    form,
    loadedVersion: account.version,
    latest: () => queryClient.query({ ...accountQuery(account.id), staleTime: 0 }),
    toForm: toAccountProfileForm,
    save: (values, from) => {
      save.mutate(toUpdateAccountInput(values, from));
    },
  });
  const { errors } = form.formState;
  const busy = save.isPending || choice.resolving;

  return (
    <form
      className="account-form"
      noValidate
      onSubmit={submitWith(form.handleSubmit, (values) => {
        form.clearErrors('root');
        save.mutate(toUpdateAccountInput(values, choice.version));
      })}
    >
      <p className="account-form-who">
        <span className="muted">{t('accounts.fields.username')}</span> <strong dir="ltr">{account.username}</strong>
      </p>
      <AccountFields register={(name) => form.register(name)} errors={errors} current={account} />
      <FormError>{errors.root?.message}</FormError>
      {choice.conflict && <ConflictNotice busy={busy} onReload={choice.reload} onOverwrite={choice.overwrite} />}
      <FormActions
        submitLabel={save.isPending ? t('common.saving') : t('common.save')}
        busy={busy}
        onCancel={() => {
          void navigate(paths.accountDetail(account.id));
        }}
      />
    </form>
  );
}
