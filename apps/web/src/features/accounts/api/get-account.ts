import { queryOptions } from '@tanstack/react-query';
import type { AdminAccount } from '@tolk/shared/schemas/accounts-admin';
import { get } from '../../../lib/http';
import { accountQueryKey } from './keys';

/** GET /api/accounts/{id}: any account for a superadmin, only their own for a member (else 404). */
export const getAccount = (id: string) => get<AdminAccount>(`/accounts/${encodeURIComponent(id)}`);
export const accountQuery = (id: string) =>
  queryOptions({ queryKey: accountQueryKey(id), queryFn: () => getAccount(id) });
