import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useLoginResponse } from '../../../lib/session';
import { HttpError } from '../../../lib/http';
import { Field } from '../../../ui/field';
import { errorMessage } from '../../../ui/error-message';
import { useSignIn } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { UsernameField } from '../components/username-field';
import { safeReturnTo } from '../return-to';
import type { authValidation } from '../validation';
import { lazyResolver } from '../../../ui/lazy-resolver';
import { submitWith } from '../../../ui/submit-with';
import '../auth.css';
import { paths } from '../../../lib/paths';
import { FormError } from '../../../ui/form-error';

type SignInForm = z.infer<ReturnType<typeof authValidation>['signIn']>;

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const { updateLoginResponse, loginRequest, setLoginRequest } = useLoginResponse();
  const resolver = useMemo(
    () => lazyResolver<SignInForm>(async () => (await import('../validation')).authResolvers(t).signIn),
    [t],
  );
  const form = useForm<SignInForm>({
    resolver,
    defaultValues: { username: loginRequest.username, password: '' },
  });
  const mutation = useSignIn({
    onMutate: (values) => {
      setLoginRequest({ username: values.username });
    },
    onSuccess: async (response) => {
      updateLoginResponse(response);
      await navigate(returnTo, { replace: true });
    },
    onError: () => {
      form.setValue('password', '');
      form.setFocus('password');
    },
  });
  const { errors } = form.formState;
  const failure = mutation.error;
  const failureText =
    failure instanceof HttpError && failure.status === 401 ? t('auth.invalidCredentials') : errorMessage(failure, t);

  return (
    <AuthCard title={t('auth.signInTitle')} lead={t('auth.signInLead')}>
      <form noValidate onSubmit={submitWith(form.handleSubmit, mutation.mutate)}>
        <UsernameField error={errors.username?.message} {...form.register('username')} />
        <Field
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        {mutation.isError && <FormError>{failureText}</FormError>}
        {mutation.isPending && (
          <p role="status" className="form-progress">
            {t('auth.authenticating')}
          </p>
        )}
        <button type="submit" className="button primary wide" disabled={mutation.isPending}>
          {t('auth.signIn')}
        </button>
      </form>
      <p className="auth-switch">
        <Link to={paths.forgotPassword}>{t('auth.forgot.link')}</Link>
      </p>
      <p className="auth-switch">
        {t('auth.noAccount')} <Link to={paths.register(returnTo)}>{t('auth.register')}</Link>
      </p>
    </AuthCard>
  );
}
