import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { useLoginResponse } from '../../../lib/session';
import { Field } from '../../../ui/field';
import { errorMessage } from '../../../ui/error-message';
import { changePassword } from '../api/change-password';
import { applyServerFieldErrors } from '../form-errors';
import { AuthCard } from '../components/auth-card';
import { authValidation } from '../validation';
import { submitWith } from '../../../ui/submit-with';
import '../auth.css';
import { paths } from '../../../lib/paths';
import { FormError } from '../../../ui/form-error';

type ChangePasswordForm = z.infer<ReturnType<typeof authValidation>['changePassword']>;

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { updateLoginResponse } = useLoginResponse();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(authValidation(t).changePassword),
    defaultValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const mutation = useMutation({
    mutationFn: ({ currentPassword, newPassword }: ChangePasswordForm) =>
      changePassword({ currentPassword, newPassword }),
    onSuccess: async (response) => {
      // The server revoked every other session and returns a fresh token for this one.
      updateLoginResponse(response);
      toast.success(t('auth.passwordChanged'));
      await navigate(paths.profile, { replace: true });
    },
    onError: (error) => {
      applyServerFieldErrors(error, ['currentPassword', 'newPassword'], form.setError);
    },
  });
  const { errors } = form.formState;
  const fieldsMatched = mutation.error && (errors.currentPassword ?? errors.newPassword);

  return (
    <AuthCard title={t('auth.changePasswordTitle')} lead={t('auth.changePasswordLead')}>
      <form noValidate onSubmit={submitWith(form.handleSubmit, mutation.mutate)}>
        <Field
          label={t('auth.currentPassword')}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <Field
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
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
