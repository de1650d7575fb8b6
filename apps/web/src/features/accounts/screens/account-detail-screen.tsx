import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ReceiptText, Wallet } from 'lucide-react';
import type { AdminAccount } from '@tolk/shared/schemas/accounts-admin';
import { formatAgo, formatDateTime, formatDay, personName } from '../../../lib/format';
import { languageName } from '../../../lib/language-names';
import { paths } from '../../../lib/paths';
import { useLoginResponse } from '../../../lib/session';
import { Avatar } from '../../../ui/avatar';
import { Facts } from '../../../ui/facts';
import { AccountAdminActions } from '../components/account-admin-actions';
import { AccountAudit } from '../components/account-audit';
import type { BackState } from '../components/account-list';
import { OwnAccountLinks, StateBadge } from '../components/account-parts';
import { AccountScreen, WithAccount } from '../components/account-screens';
import { AccountSessions } from '../components/account-sessions';
import '../accounts.css';

/** Where the page goes back to: the list as it was left (superadmins), else the member's own page. */
function useBack(superAdmin: boolean): string {
  const { state } = useLocation() as { state: Partial<BackState> | null };
  if (!superAdmin) return paths.accountPage;
  return typeof state?.back === 'string' && state.back.startsWith(paths.account) ? state.back : paths.account;
}

function AccountDetail({ account }: { account: AdminAccount }) {
  const { t, i18n } = useTranslation();
  const { superAdmin, loginResponse } = useLoginResponse();
  const back = useBack(superAdmin);
  const own = account.id === loginResponse.userid;
  const name = personName(account);
  return (
    <AccountScreen title={name} back={back}>
      <div className="account-hero">
        <Avatar name={name} size="large" className="large" />
        <div>
          <p className="account-hero-username" dir="ltr">
            @{account.username}
          </p>
          <StateBadge state={account.state} />
        </div>
      </div>
      <Facts
        className="fact-list account-facts"
        items={[
          [t('accounts.fields.username'), <bdi key="u">{account.username}</bdi>],
          [t('accounts.fields.displayName'), account.displayName.trim() || t('common.notSet')],
          [
            t('accounts.fields.email'),
            account.email ? (
              <span key="e">
                <bdi>{account.email}</bdi> ·{' '}
                {account.emailVerified ? t('accounts.detail.emailVerified') : t('accounts.detail.emailUnverified')}
              </span>
            ) : (
              t('common.notSet')
            ),
          ],
          [t('accounts.fields.language'), languageName(account.language, i18n.language)],
          [t('accounts.fields.tenant'), <code key="t">{account.tenant}</code>],
          [t('accounts.fields.roles'), <bdi key="r">{account.roles}</bdi>],
          [t('accounts.fields.created'), formatDay(account.createdAt, i18n.language)],
          [
            t('accounts.fields.lastActive'),
            account.lastActiveAt ? formatAgo(account.lastActiveAt, i18n.language) : t('accounts.list.neverActive'),
          ],
          [
            t('accounts.fields.suspendedAt'),
            account.suspendedAt ? formatDateTime(account.suspendedAt, i18n.language) : null,
          ],
          [t('accounts.fields.password'), account.mustChangePassword ? t('accounts.detail.mustChange') : null],
        ]}
      />
      <nav className="account-links" aria-label={t('accounts.detail.links')}>
        <Link className="button" to={paths.accountTransactions(account.id)}>
          <ReceiptText aria-hidden size={16} /> {t('accounts.transactions.title')}
        </Link>
        {own && (
          <>
            <Link className="button" to={paths.accountPage}>
              <Wallet aria-hidden size={16} /> {t('accounts.page.title')}
            </Link>
            <OwnAccountLinks />
          </>
        )}
      </nav>
      {superAdmin && (
        <>
          <AccountAdminActions account={account} />
          <AccountSessions account={account} />
          <AccountAudit account={account} />
        </>
      )}
    </AccountScreen>
  );
}

/** /account/{id}: an account; a member reaches only their own, a superadmin any and manages it. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <WithAccount key={id} id={id}>
      {(account) => <AccountDetail account={account} />}
    </WithAccount>
  );
}
