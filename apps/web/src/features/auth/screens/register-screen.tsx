import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { toUiLanguage } from '@tolk/shared/languages';
import { useLoginResponse } from '../../../lib/session';
import { Field } from '../../../ui/field';
import { NewPasswordField } from '../../../ui/new-password-field';
import { UiLanguageSelect } from '../../../ui/ui-language-select';
import { errorMessage } from '../../../ui/error-message';
import { useRegister } from '../api/register';
import { applyServerFieldErrors } from '../form-errors';
import { AuthCard } from '../components/auth-card';
import { UsernameField } from '../components/username-field';
import { safeReturnTo } from '../return-to';
import type { authValidation } from '../validation';
import { lazyResolver } from '../../../ui/lazy-resolver';
import { submitWith } from '../../../ui/submit-with';
import '../auth.css';
import { paths } from '../../../lib/paths';
import { FormError } from '../../../ui/form-error';

type RegisterForm = z.infer<ReturnType<typeof authValidation>['register']>;

export function Component() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const { updateLoginResponse, setLoginRequest } = useLoginResponse();
  const resolver = useMemo(
    () => lazyResolver<RegisterForm>(async () => (await import('../validation')).authResolvers(t).register),
    [t],
  );
  const form = useForm<RegisterForm>({
    resolver,
    // The landing says "choose your language": the interface's own is the natural first answer.
    defaultValues: {
      username: '',
      password: '',
      displayName: '',
      language: toUiLanguage(i18n.language) ?? 'en',
      email: '',
    },
  });
  const mutation = useRegister({
    onSuccess: async (response) => {
      updateLoginResponse(response);
      setLoginRequest({ username: response.username });
      toast.success(t('auth.welcome', { name: response.displayName || response.username }));
      await navigate(returnTo, { replace: true });
    },
    onError: (error) => {
      applyServerFieldErrors(error, ['username', 'password', 'displayName', 'email'], form.setError);
    },
  });
  const { errors } = form.formState;
  const fieldsMatched = mutation.error && Object.keys(errors).length > 0;

  return (
    <AuthCard title={t('auth.registerTitle')} lead={t('auth.registerLead')}>
      <form
        noValidate
        onSubmit={submitWith(form.handleSubmit, (values: RegisterForm) => {
          mutation.mutate({
            username: values.username,
            password: values.password,
            ...(values.displayName ? { displayName: values.displayName } : {}),
            language: values.language,
            ...(values.email ? { email: values.email } : {}),
          });
        })}
      >
        <UsernameField hint={t('auth.usernameHint')} error={errors.username?.message} {...form.register('username')} />
        <NewPasswordField label={t('auth.password')} error={errors.password?.message} {...form.register('password')} />
        <Field
          label={t('auth.displayName')}
          autoComplete="nickname"
          hint={t('auth.displayNameHint')}
          error={errors.displayName?.message}
          {...form.register('displayName')}
        />
        <Field
          label={t('auth.email.optionalLabel')}
          type="email"
          autoComplete="email"
          inputMode="email"
          hint={t('auth.email.registerHint')}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <UiLanguageSelect
          label={t('profile.language')}
          hint={t('profile.languageHint')}
          {...form.register('language')}
        />
        {mutation.isError && !fieldsMatched && <FormError>{errorMessage(mutation.error, t)}</FormError>}
        <button type="submit" className="button primary wide" disabled={mutation.isPending}>
          {mutation.isPending ? t('auth.creatingAccount') : t('auth.createAccount')}
        </button>
      </form>
      <p className="auth-switch">
        {t('auth.haveAccount')} <Link to={paths.signIn(returnTo)}>{t('auth.signIn')}</Link>
      </p>
    </AuthCard>
  );
}
