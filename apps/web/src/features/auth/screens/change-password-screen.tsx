import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { useLoginResponse } from '../../../lib/session';
import { Field } from '../../../ui/field';
import { NewPasswordField } from '../../../ui/new-password-field';
import { errorMessage } from '../../../ui/error-message';
import { useChangePassword } from '../api/change-password';
import { applyServerFieldErrors } from '../form-errors';
import { AuthCard } from '../components/auth-card';
import type { authValidation } from '../validation';
import { lazyResolver } from '../../../ui/lazy-resolver';
import { safeReturnTo } from '../return-to';
import { submitWith } from '../../../ui/submit-with';
import '../auth.css';
import { paths } from '../../../lib/paths';
import { FormError } from '../../../ui/form-error';

type ChangePasswordForm = z.infer<ReturnType<typeof authValidation>['changePassword']>;

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { loginResponse, updateLoginResponse } = useLoginResponse();
  // Held here after signing in with a one-time password (the layout sends them): the password
  // they were given is the current one, and they go on to where they were going.
  const forced = loginResponse.mustChangePassword;
  const next = safeReturnTo(params.get('returnTo'), forced ? paths.accountPage : paths.profile);
  const resolver = useMemo(
    () => lazyResolver<ChangePasswordForm>(async () => (await import('../validation')).authResolvers(t).changePassword),
    [t],
  );
  const form = useForm<ChangePasswordForm>({
    resolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const mutation = useChangePassword({
    onSuccess: async (response) => {
      // The server revoked every other session and returns a fresh token for this one; the
      // one-time password is behind them, whatever an older server says.
      updateLoginResponse({ ...response, mustChangePassword: false });
      toast.success(t(forced ? 'auth.ownPasswordChosen' : 'auth.passwordChanged'));
      await navigate(next, { replace: true });
    },
    onError: (error) => {
      applyServerFieldErrors(error, ['currentPassword', 'newPassword'], form.setError);
    },
  });
  const { errors } = form.formState;
  const fieldsMatched = mutation.error && (errors.currentPassword ?? errors.newPassword);

  return (
    <AuthCard
      title={t(forced ? 'auth.chooseOwnPasswordTitle' : 'auth.changePasswordTitle')}
      lead={t(forced ? 'auth.chooseOwnPasswordLead' : 'auth.changePasswordLead')}
    >
      <form
        noValidate
        onSubmit={submitWith(form.handleSubmit, ({ currentPassword, newPassword }: ChangePasswordForm) => {
          mutation.mutate({ currentPassword, newPassword });
        })}
      >
        <Field
          label={t(forced ? 'auth.oneTimePassword' : 'auth.currentPassword')}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <NewPasswordField
          label={t('auth.newPassword')}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <Field
          label={t('auth.confirmNewPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmNewPassword?.message}
          {...form.register('confirmNewPassword')}
        />
        {mutation.isError && !fieldsMatched && <FormError>{errorMessage(mutation.error, t)}</FormError>}
        <button type="submit" className="button primary wide" disabled={mutation.isPending}>
          {mutation.isPending ? t('auth.changingPassword') : t('auth.changePassword')}
        </button>
      </form>
    </AuthCard>
  );
}
