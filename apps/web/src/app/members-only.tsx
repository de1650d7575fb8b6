import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { Lock } from 'lucide-react';
import { useLoginResponse } from '../lib/session';
import { paths } from '../lib/paths';

/** Guards its child routes: a guest sees the spec's notice and returns here after signing in. */
export function MembersOnly() {
  const { t } = useTranslation();
  const { loginResponse } = useLoginResponse();
  const location = useLocation();
  if (loginResponse.isloggedin) return <Outlet />;
  const returnTo = location.pathname + location.search;
  return (
    <section className="notice" aria-labelledby="members-only-title">
      <Lock aria-hidden size={40} />
      <h1 id="members-only-title">{t('members.title')}</h1>
      <p>{t('members.body')}</p>
      <div className="actions">
        <Link className="button primary" to={paths.signIn(returnTo)}>
          {t('members.signIn')}
        </Link>
        <Link className="button" to={paths.register(returnTo)}>
          {t('members.register')}
        </Link>
      </div>
    </section>
  );
}
