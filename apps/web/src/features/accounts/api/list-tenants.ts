import { queryOptions } from '@tanstack/react-query';
import type { Tenant } from '@tolk/shared/schemas/accounts-admin';
import { get } from '../../../lib/http';
import { tenantsQueryKey } from './keys';

/** GET /api/tenants: every tenant with its number of accounts (superadmins). */
export const listTenants = () => get<{ items: Tenant[] }>('/tenants');
export const tenantsQuery = () =>
  queryOptions({ queryKey: tenantsQueryKey, queryFn: listTenants, select: (data) => data.items });
