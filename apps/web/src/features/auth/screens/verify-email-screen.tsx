import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MailCheck, MailX } from 'lucide-react';
import { paths } from '../../../lib/paths';
import { isActiveMember, useLoginResponse } from '../../../lib/session';
import { errorMessage } from '../../../ui/error-message';
import { useVerifyEmail } from '../api/recovery';
import { AuthCard } from '../components/auth-card';
import '../auth.css';

/**
 * /verify-email?token=…: the link mailed to a new address. Opening it proves the address, on any
 * device, signed in or not; a used or expired link says so and where to ask for a new one.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { loginResponse } = useLoginResponse();
  const mutation = useVerifyEmail();
  const asked = useRef(false);

  useEffect(() => {
    // Once per link, also under React's double effects in development.
    if (!token || asked.current) return;
    asked.current = true;
    mutation.mutate(token);
  }, [token, mutation]);

  const next = isActiveMember(loginResponse) ? (
    <Link to={paths.profileEdit}>{t('auth.verify.toProfile')}</Link>
  ) : (
    <Link to={paths.signIn()}>{t('auth.signIn')}</Link>
  );

  if (mutation.isSuccess) {
    return (
      <AuthCard
        title={t('auth.verify.doneTitle')}
        lead={t('auth.verify.doneLead', { email: mutation.data.email ?? '' })}
      >
        <div className="auth-done" role="status">
          <MailCheck aria-hidden size={40} />
        </div>
        <p className="auth-switch">{next}</p>
      </AuthCard>
    );
  }
  if (mutation.isError || !token) {
    return (
      <AuthCard
        title={t('auth.verify.failedTitle')}
        lead={mutation.isError ? errorMessage(mutation.error, t) : t('auth.verify.noToken')}
      >
        <div className="auth-done" role="alert">
          <MailX aria-hidden size={40} />
          <p>{t('auth.verify.failedHint')}</p>
        </div>
        <p className="auth-switch">{next}</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.verify.title')} lead={t('auth.verify.checking')}>
      <p role="status" className="form-progress">
        {t('auth.verify.checking')}
      </p>
    </AuthCard>
  );
}
