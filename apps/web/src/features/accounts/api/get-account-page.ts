import { queryOptions } from '@tanstack/react-query';
import type { AccountPage } from '@tolk/shared/schemas/ledger';
import { get } from '../../../lib/http';

export const accountPageQueryKey = ['account-page'] as const;

/** GET /api/account/page: the member's own summary, subscription, balances and latest entries. */
export const getAccountPage = () => get<AccountPage>('/account/page');
export const accountPageQuery = () => queryOptions({ queryKey: accountPageQueryKey, queryFn: getAccountPage });
