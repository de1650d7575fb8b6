import { infiniteQueryOptions } from '@tanstack/react-query';
import {
  ACCOUNTS_PAGE_SIZE,
  type AccountsPage,
  type AccountsQuery,
  type AccountSort,
  type AccountState,
} from '@tolk/shared/schemas/accounts-admin';
import { get } from '../../../lib/http';
import { accountsQueryKey } from './keys';

/** What the list screen asks for: a search text, a tenant and a state ('' for any), an order. */
export interface AccountsListParams {
  q: string;
  tenant: string;
  state: AccountState | '';
  sort: AccountSort;
}

/** GET /api/accounts: one page of accounts of every tenant (superadmins), continuing at `cursor`. */
export const listAccounts = (query: AccountsQuery, signal?: AbortSignal) =>
  get<AccountsPage>('/accounts', { params: query, signal });

/** Pages of accounts for a search, filters and order, each continuing at the cursor the one before gave. */
export const accountsListQuery = ({ q, tenant, state, sort }: AccountsListParams) =>
  infiniteQueryOptions({
    queryKey: [...accountsQueryKey, 'list', { q, tenant, state, sort }] as const,
    queryFn: ({ pageParam, signal }) =>
      listAccounts(
        {
          sort,
          limit: ACCOUNTS_PAGE_SIZE,
          ...(q ? { q } : {}),
          ...(tenant ? { tenant } : {}),
          ...(state ? { state } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AccountsPage) => last.nextCursor ?? undefined,
  });
