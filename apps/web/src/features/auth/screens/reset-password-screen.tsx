import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { paths } from '../../../lib/paths';
import { errorMessage } from '../../../ui/error-message';
import { Field } from '../../../ui/field';
import { FormError } from '../../../ui/form-error';
import { lazyResolver } from '../../../ui/lazy-resolver';
import { NewPasswordField } from '../../../ui/new-password-field';
import { submitWith } from '../../../ui/submit-with';
import { useResetPassword } from '../api/recovery';
import { AuthCard } from '../components/auth-card';
import { applyServerFieldErrors } from '../form-errors';
import type { authValidation } from '../validation';
import '../auth.css';

type ResetForm = z.infer<ReturnType<typeof authValidation>['resetPassword']>;

/**
 * /reset-password?token=…: the mailed link's screen. A new password, twice; once set, every
 * session of the account has ended and the member signs in with it. A used or expired link says
 * so, with the way to ask for a new one.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const resolver = useMemo(
    () => lazyResolver<ResetForm>(async () => (await import('../validation')).authResolvers(t).resetPassword),
    [t],
  );
  const form = useForm<ResetForm>({ resolver, defaultValues: { password: '', confirmPassword: '' } });
  const mutation = useResetPassword({
    onSuccess: async () => {
      toast.success(t('auth.reset.done'));
      await navigate(paths.signIn(), { replace: true });
    },
    onError: (error) => {
      applyServerFieldErrors(error, ['password'], form.setError);
    },
  });
  const { errors } = form.formState;
  const fieldMatched = mutation.error && errors.password;

  if (!token) {
    return (
      <AuthCard title={t('auth.reset.title')} lead={t('auth.reset.noToken')}>
        <p className="auth-switch">
          <Link to={paths.forgotPassword}>{t('auth.reset.askAgain')}</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset.title')} lead={t('auth.reset.lead')}>
      <form
        noValidate
        onSubmit={submitWith(form.handleSubmit, ({ password }: ResetForm) => {
          mutation.mutate({ token, password });
        })}
      >
        <NewPasswordField
          label={t('auth.newPassword')}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Field
          label={t('auth.confirmNewPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        {mutation.isError && !fieldMatched && (
          <FormError>
            {errorMessage(mutation.error, t)} <Link to={paths.forgotPassword}>{t('auth.reset.askAgain')}</Link>
          </FormError>
        )}
        <button type="submit" className="button primary wide" disabled={mutation.isPending}>
          {mutation.isPending ? t('auth.reset.saving') : t('auth.reset.save')}
        </button>
      </form>
    </AuthCard>
  );
}
