import { useTranslation } from 'react-i18next';
import type { AdminAccount } from '@tolk/shared/schemas/accounts-admin';
import { formatAgo, formatDay, personName } from '../../../lib/format';
import { Avatar } from '../../../ui/avatar';
import { StateBadge } from './account-parts';

/** One account in the admin list: who, where, what they may do, and how recently they were here. */
export function AccountRow({ account }: { account: AdminAccount }) {
  const { t, i18n } = useTranslation();
  const name = personName(account);
  return (
    <>
      <Avatar name={name} />
      <span className="account-row-text">
        <span className="account-row-title">
          <bdi data-user-text>{name}</bdi>
          {name !== account.username && (
            <span className="account-row-username" dir="ltr">
              @{account.username}
            </span>
          )}
        </span>
        <span className="account-row-meta">
          <span className="account-tag" title={t('accounts.fields.tenant')}>
            {account.tenant}
          </span>
          <span>{account.roles}</span>
          <StateBadge state={account.state} />
        </span>
        <span className="account-row-meta">
          {t('accounts.list.created', { date: formatDay(account.createdAt, i18n.language) })}
          {' · '}
          {account.lastActiveAt
            ? t('accounts.list.lastActive', { ago: formatAgo(account.lastActiveAt, i18n.language) })
            : t('accounts.list.neverActive')}
        </span>
      </span>
    </>
  );
}
