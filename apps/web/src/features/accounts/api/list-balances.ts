import { queryOptions } from '@tanstack/react-query';
import type { Balance } from '@tolk/shared/schemas/ledger';
import { get } from '../../../lib/http';

/**
 * GET /api/ledger/balances?accountId=: an account's ledger accounts, one per currency, with their
 * balances (a member: their own; a superadmin: anyone's).
 */
export const listBalances = (accountId: string) =>
  get<{ items: Balance[] }>('/ledger/balances', { params: { accountId } });
export const balancesQuery = (accountId: string) =>
  queryOptions({
    queryKey: ['ledger', 'balances', accountId] as const,
    queryFn: () => listBalances(accountId),
    select: (data) => data.items,
  });
