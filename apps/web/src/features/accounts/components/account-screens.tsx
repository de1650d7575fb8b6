import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import type { AdminAccount } from '@tolk/shared/schemas/accounts-admin';
import { paths } from '../../../lib/paths';
import { useLoginResponse } from '../../../lib/session';
import { BackLink } from '../../../ui/back-link';
import { WithLoaded } from '../../../ui/query-error';
import { accountQuery } from '../api/get-account';

/** A screen of the accounts: back, its title (and actions), then what it shows. */
export function AccountScreen({
  title,
  back,
  actions,
  children,
}: {
  title: string;
  back: To;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="accounts" aria-labelledby={titleId}>
      <header className="accounts-bar">
        <BackLink to={back} />
        <h1 id={titleId}>{title}</h1>
        {actions && <div className="accounts-bar-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** Screens only superadmins use: anyone else is told so, with the way to their own account. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { superAdmin } = useLoginResponse();
  if (superAdmin) return children;
  return (
    <section className="notice" aria-labelledby="accounts-admin-only">
      <ShieldAlert aria-hidden size={40} />
      <h1 id="accounts-admin-only">{t('accounts.adminOnly.title')}</h1>
      <p>{t('accounts.adminOnly.body')}</p>
      <Link className="button primary" to={paths.accountPage}>
        {t('accounts.page.title')}
      </Link>
    </section>
  );
}

/** The account a route names, handed on once loaded; "not found" or why it failed otherwise. */
export function WithAccount({ id, children }: { id: string; children: (account: AdminAccount) => ReactNode }) {
  const { t } = useTranslation();
  const query = useQuery(accountQuery(id));
  return (
    <WithLoaded
      query={query}
      missing={{
        title: t('accounts.missing.title'),
        message: t('accounts.missing.body'),
        back: (
          <Link className="button" to={paths.account}>
            {t('accounts.title')}
          </Link>
        ),
      }}
    >
      {children}
    </WithLoaded>
  );
}
