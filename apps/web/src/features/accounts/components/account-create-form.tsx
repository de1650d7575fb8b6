import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { toUiLanguage } from '@tolk/shared/languages';
import { USERNAME_MAX } from '@tolk/shared/limits';
import { createAccountInputSchema, type CreatedAccount } from '@tolk/shared/schemas/accounts-admin';
import { paths } from '../../../lib/paths';
import { Field } from '../../../ui/field';
import { NewPasswordField } from '../../../ui/new-password-field';
import { FormActions } from '../../../ui/form-actions';
import { FormError } from '../../../ui/form-error';
import { schemaResolver, showSaveError } from '../../../ui/schema-form';
import { submitWith } from '../../../ui/submit-with';
import { useCreateAccount } from '../api/create-account';
import {
  accountFieldMessage,
  accountFieldOf,
  newAccountForm,
  toCreateAccountInput,
  type CreateAccountForm,
} from '../account-form';
import { personName } from '../../../lib/format';
import { AccountFields } from './account-fields';
import { OneTimePasswordDialog } from './one-time-password-dialog';

/**
 * A new account: its username, then a password chosen now or a one-time password the server makes
 * (shown once, here, and changed by its member at first sign-in), then what any account has.
 */
export function AccountCreateForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const blank = useMemo(() => newAccountForm(toUiLanguage(i18n.language) ?? 'en'), [i18n.language]);
  const resolver = useMemo(
    () =>
      schemaResolver<CreateAccountForm>(
        createAccountInputSchema,
        (values) => ({ input: toCreateAccountInput(values) }),
        accountFieldOf,
        accountFieldMessage,
      ),
    [],
  );
  const form = useForm<CreateAccountForm>({ defaultValues: blank, resolver });
  const passwordMode = useWatch({ control: form.control, name: 'passwordMode' });
  const [created, setCreated] = useState<CreatedAccount | undefined>();

  const create = useCreateAccount({
    onSuccess: async (result) => {
      toast.success(t('accounts.toast.created', { name: personName(result.account) }));
      // Shown once: the page waits until the admin has taken the password.
      if (result.oneTimePassword) setCreated(result);
      else await navigate(paths.accountDetail(result.account.id), { replace: true });
    },
    onError: (error) => {
      showSaveError(error, accountFieldOf, form.setError, accountFieldMessage, t);
    },
  });
  const { errors } = form.formState;

  return (
    <>
      <form
        className="account-form"
        noValidate
        onSubmit={submitWith(form.handleSubmit, (values) => {
          form.clearErrors('root');
          create.mutate(toCreateAccountInput(values));
        })}
      >
        <Field
          label={t('accounts.fields.username')}
          hint={t('auth.usernameHint')}
          maxLength={USERNAME_MAX}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <fieldset className="choice-group">
          <legend>{t('accounts.form.passwordLegend')}</legend>
          <label className="choice-row">
            <input type="radio" value="oneTime" {...form.register('passwordMode')} />
            <span>
              <span className="choice-label">{t('accounts.form.oneTime')}</span>
              <span className="choice-hint">{t('accounts.form.oneTimeHint')}</span>
            </span>
          </label>
          <label className="choice-row">
            <input type="radio" value="own" {...form.register('passwordMode')} />
            <span>
              <span className="choice-label">{t('accounts.form.ownPassword')}</span>
              <span className="choice-hint">{t('accounts.form.ownPasswordHint')}</span>
            </span>
          </label>
        </fieldset>
        {passwordMode === 'own' && (
          <NewPasswordField
            label={t('auth.password')}
            error={errors.password?.message}
            {...form.register('password')}
          />
        )}
        <AccountFields register={(name) => form.register(name)} errors={errors} current={blank} />
        <FormError>{errors.root?.message}</FormError>
        <FormActions
          submitLabel={create.isPending ? t('common.saving') : t('accounts.form.create')}
          busy={create.isPending || created !== undefined}
          onCancel={() => {
            void navigate(paths.account);
          }}
        />
      </form>
      <OneTimePasswordDialog
        password={created?.oneTimePassword ?? undefined}
        name={created ? personName(created.account) : ''}
        onClose={() => {
          if (created) void navigate(paths.accountDetail(created.account.id), { replace: true });
        }}
      />
    </>
  );
}
