import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import type { z } from 'zod';
import { RESET_TOKEN_MINUTES } from '@tolk/shared/limits';
import { paths } from '../../../lib/paths';
import { errorMessage } from '../../../ui/error-message';
import { Field } from '../../../ui/field';
import { FormError } from '../../../ui/form-error';
import { lazyResolver } from '../../../ui/lazy-resolver';
import { submitWith } from '../../../ui/submit-with';
import { useForgotPassword } from '../api/recovery';
import { AuthCard } from '../components/auth-card';
import type { authValidation } from '../validation';
import '../auth.css';

type ForgotForm = z.infer<ReturnType<typeof authValidation>['forgotPassword']>;

/**
 * /forgot-password: my username or email address, and a link to choose a new password is mailed
 * to the account's verified address. The answer is the same whether or not an account matched
 * (the server tells nobody which accounts exist), so the screen says what happens if one did.
 */
export function Component() {
  const { t } = useTranslation();
  const resolver = useMemo(
    () => lazyResolver<ForgotForm>(async () => (await import('../validation')).authResolvers(t).forgotPassword),
    [t],
  );
  const form = useForm<ForgotForm>({ resolver, defaultValues: { login: '' } });
  const mutation = useForgotPassword();

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('auth.forgot.sentTitle')} lead={t('auth.forgot.sentLead', { minutes: RESET_TOKEN_MINUTES })}>
        <div className="auth-done" role="status">
          <MailCheck aria-hidden size={40} />
          <p>{t('auth.forgot.sentHint')}</p>
        </div>
        <p className="auth-switch">
          <Link to={paths.signIn()}>{t('auth.forgot.backToSignIn')}</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgot.title')} lead={t('auth.forgot.lead')}>
      <form
        noValidate
        onSubmit={submitWith(form.handleSubmit, ({ login }: ForgotForm) => {
          mutation.mutate({ login });
        })}
      >
        <Field
          label={t('auth.forgot.login')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={form.formState.errors.login?.message}
          {...form.register('login')}
        />
        {mutation.isError && <FormError>{errorMessage(mutation.error, t)}</FormError>}
        <button type="submit" className="button primary wide" disabled={mutation.isPending}>
          {mutation.isPending ? t('auth.forgot.sending') : t('auth.forgot.send')}
        </button>
      </form>
      <p className="auth-switch">
        <Link to={paths.signIn()}>{t('auth.forgot.backToSignIn')}</Link>
      </p>
    </AuthCard>
  );
}
