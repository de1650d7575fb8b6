import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { Field } from '../../../ui/field';
import { lazyResolver } from '../../../ui/lazy-resolver';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { submitWith } from '../../../ui/submit-with';
import { toastError } from '../../../ui/toast-error';
import { accountEmailQuery, useResendVerification, useSetAccountEmail } from '../api/account-email';
import { applyServerFieldErrors } from '../form-errors';
import type { authValidation } from '../validation';
import '../../../ui/text-button.css';
import '../auth.css';

type EmailForm = z.infer<ReturnType<typeof authValidation>['email']>;

/**
 * My email address, on my profile: where a link to get back into my account (and, when I want,
 * notifications) can reach me. A new address is mailed a link and counts only once it is opened;
 * until then the section says so and can send the link again.
 */
export function EmailSettings() {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useQuery(accountEmailQuery());
  const resolver = useMemo(
    () => lazyResolver<EmailForm>(async () => (await import('../validation')).authResolvers(t).email),
    [t],
  );
  const form = useForm<EmailForm>({ resolver, values: { email: query.data?.email ?? '' } });
  const save = useSetAccountEmail({
    onSuccess: (saved) => {
      if (saved.email) toast.success(t('auth.email.linkSent', { email: saved.email }));
      else toast.success(t('auth.email.removed'));
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, ['email'], form.setError)) toastError(error, t);
    },
  });
  const resend = useResendVerification({
    onSuccess: (current) => {
      toast.success(t('auth.email.linkSent', { email: current.email ?? '' }));
    },
    onError: (error) => {
      toastError(error, t);
    },
  });

  return (
    <section className="email-settings" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('auth.email.title')}</h2>
      {query.isError ? (
        <QueryError as="div" error={query.error} onRetry={refetchOf(query)} />
      ) : (
        <>
          {query.data?.email && (
            <p className="email-status">
              <span dir="ltr">{query.data.email}</span>
              {query.data.verified ? (
                <span className="badge-verified">{t('auth.email.verified')}</span>
              ) : (
                <>
                  <span className="badge-pending">{t('auth.email.unverified')}</span>
                  <button
                    type="button"
                    className="text-button"
                    disabled={resend.isPending}
                    onClick={() => {
                      resend.mutate();
                    }}
                  >
                    {t('auth.email.resend')}
                  </button>
                </>
              )}
            </p>
          )}
          <form
            noValidate
            onSubmit={submitWith(form.handleSubmit, ({ email }: EmailForm) => {
              save.mutate(email);
            })}
          >
            <Field
              label={t('auth.email.label')}
              type="email"
              autoComplete="email"
              inputMode="email"
              dir="ltr"
              hint={t('auth.email.hint')}
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
            <div className="actions">
              <button type="submit" className="button primary" disabled={save.isPending || query.isPending}>
                {t('auth.email.save')}
              </button>
              {query.data?.email && (
                <button
                  type="button"
                  className="button"
                  disabled={save.isPending}
                  onClick={() => {
                    save.mutate(null);
                  }}
                >
                  {t('auth.email.remove')}
                </button>
              )}
            </div>
          </form>
        </>
      )}
    </section>
  );
}
