import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { UsersRound } from 'lucide-react';
import Skeleton from 'react-loading-skeleton';
import {
  ACCOUNT_SEARCH_MAX,
  ACCOUNT_SORTS,
  ACCOUNT_STATES,
  tenantSlugSchema,
  type AccountSort,
  type AccountState,
} from '@tolk/shared/schemas/accounts-admin';
import { paths } from '../../../lib/paths';
import { useListParams } from '../../../lib/use-list-params';
import { SelectField } from '../../../ui/field';
import { ListEmpty } from '../../../ui/list-empty';
import { PagedList } from '../../../ui/paged-list';
import { SearchField } from '../../../ui/search-field';
import { listSkeletons } from '../../../ui/skeletons';
import { accountsListQuery } from '../api/list-accounts';
import { tenantsQuery } from '../api/list-tenants';
import { AccountRow } from './account-row';

const SORT_KEYS: Record<AccountSort, string> = {
  recent: 'accounts.list.sortRecent',
  username: 'accounts.list.sortUsername',
};
const sortOf = (value: string | null): AccountSort => ACCOUNT_SORTS.find((sort) => sort === value) ?? 'recent';
const stateOf = (value: string | null): AccountState | '' => ACCOUNT_STATES.find((state) => state === value) ?? '';
/** A tenant named in the address, if it could name one (the server refuses anything else with 400). */
const tenantOf = (value: string | null): string => {
  const parsed = tenantSlugSchema.safeParse(value ?? '');
  return parsed.success ? parsed.data : '';
};

/** Where an account's page goes back to: the list as it was left (its search, filters and order). */
export interface BackState {
  back: string;
}

/** Rows the shape of an account's while the list loads. */
const accountRowSkeletons = listSkeletons(
  'account-list',
  <div className="account-row skeleton" aria-hidden>
    <Skeleton circle width={44} height={44} />
    <div className="account-row-text">
      <Skeleton width="45%" height={18} />
      <Skeleton width="70%" />
      <Skeleton width="60%" />
    </div>
  </div>,
);

/**
 * Every tenant's accounts (superadmins): a search by username or display name, a tenant and a
 * state to narrow it to, an order; all kept in the address. A page at a time with "Load more".
 */
export function AccountList() {
  const { t } = useTranslation();
  const location = useLocation();
  const { params, q, setTyped, setParam, search } = useListParams(ACCOUNT_SEARCH_MAX);
  const tenant = tenantOf(params.get('tenant'));
  const state = stateOf(params.get('state'));
  const sort = sortOf(params.get('sort'));
  const tenants = useQuery(tenantsQuery());
  const query = useInfiniteQuery({
    ...accountsListQuery({ q, tenant, state, sort }),
    placeholderData: keepPreviousData,
  });
  const back: BackState = { back: location.pathname + location.search };
  const narrowed = Boolean(q || tenant || state);

  return (
    <>
      <div className="accounts-tools" role="search">
        <SearchField className="accounts-search" label={t('accounts.list.search')} {...search} />
        <SelectField
          label={t('accounts.fields.tenant')}
          value={tenant}
          onChange={(event) => {
            setParam('tenant', event.target.value);
          }}
          options={[
            { value: '', label: t('accounts.list.allTenants') },
            // The tenant the address names stays a choice while the tenants load.
            ...(tenant && !tenants.data ? [{ value: tenant, label: tenant }] : []),
            ...(tenants.data ?? []).map((item) => ({ value: item.slug, label: `${item.name} (${item.slug})` })),
          ]}
        />
        <SelectField
          label={t('accounts.fields.state')}
          value={state}
          onChange={(event) => {
            setParam('state', event.target.value);
          }}
          options={[
            { value: '', label: t('accounts.list.anyState') },
            ...ACCOUNT_STATES.map((value) => ({ value, label: t(`accounts.state.${value}`) })),
          ]}
        />
        <SelectField
          label={t('accounts.list.sortBy')}
          value={sort}
          onChange={(event) => {
            setParam('sort', event.target.value === 'recent' ? '' : event.target.value);
          }}
          options={ACCOUNT_SORTS.map((value) => ({ value, label: t(SORT_KEYS[value]) }))}
        />
      </div>
      <PagedList
        query={query}
        skeletons={accountRowSkeletons}
        empty={
          <ListEmpty icon={<UsersRound aria-hidden size={40} />} text={t('accounts.list.empty')}>
            {narrowed && (
              <button
                type="button"
                className="button"
                onClick={() => {
                  setTyped('');
                  for (const name of ['q', 'tenant', 'state']) setParam(name, '');
                }}
              >
                {t('accounts.list.clearFilters')}
              </button>
            )}
          </ListEmpty>
        }
        moreLabel={t('accounts.list.loadMore')}
        moreClassName="accounts-more"
      >
        {(accounts) => (
          <ul className="account-list" aria-busy={query.isPlaceholderData || undefined}>
            {accounts.map((account) => (
              <li key={account.id}>
                <Link className="account-row" to={paths.accountDetail(account.id)} state={back}>
                  <AccountRow account={account} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
