import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { UserPlus } from 'lucide-react';
import { paths } from '../../../lib/paths';
import { useLoginResponse } from '../../../lib/session';
import { TabList } from '../../../ui/tab-list';
import { AccountList } from '../components/account-list';
import { TenantsPanel } from '../components/tenants-panel';
import '../accounts.css';

const TABS = ['accounts', 'tenants'] as const;
type Tab = (typeof TABS)[number];

/**
 * /account. Superadmins: every tenant's accounts, and the tenants, as two tabs (`?tab=tenants`).
 * A member has one account, their own: they are taken to it, never to a list.
 */
export function Component() {
  const { superAdmin, loginResponse } = useLoginResponse();
  if (!superAdmin) {
    const own = loginResponse.userid;
    return <Navigate to={own ? paths.accountDetail(own) : paths.accountPage} replace />;
  }
  return <AccountsAdmin />;
}

function AccountsAdmin() {
  const { t } = useTranslation();
  const base = useId();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'tenants' ? 'tenants' : 'accounts';
  const tabId = (which: Tab) => `${base}-${which}`;
  const panelId = `${base}-panel`;
  return (
    <section className="accounts" aria-labelledby={`${base}-title`}>
      <header className="head-row accounts-head">
        <h1 id={`${base}-title`}>{t('accounts.title')}</h1>
        <Link className="button primary" to={paths.accountAdd}>
          <UserPlus aria-hidden size={18} /> {t('accounts.list.add')}
        </Link>
      </header>
      <TabList
        className="tab-bar"
        aria-labelledby={`${base}-title`}
        tabs={TABS}
        selected={tab}
        onSelect={(which) => {
          // Each tab starts afresh: the list's search and filters are the list's own.
          setParams(which === 'tenants' ? { tab: 'tenants' } : {}, { replace: true });
        }}
        tabId={tabId}
        panelId={panelId}
        label={(which) => t(`accounts.tabs.${which}`)}
      />
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
        {tab === 'accounts' ? <AccountList /> : <TenantsPanel />}
      </div>
    </section>
  );
}
