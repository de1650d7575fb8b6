import { infiniteQueryOptions } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, type AuditPage } from '@tolk/shared/schemas/accounts-admin';
import { get } from '../../../lib/http';
import { tenantsQueryKey } from './keys';

/** GET /api/tenants/audit: tenants added and removed (removed ones too), newest first, a page at a time. */
export const listTenantAudit = (cursor: string | undefined, signal?: AbortSignal) =>
  get<AuditPage>('/tenants/audit', { params: { limit: AUDIT_PAGE_SIZE, ...(cursor ? { cursor } : {}) }, signal });

/** Under the tenants' key: adding or removing a tenant refreshes it with the list. */
export const tenantAuditQuery = () =>
  infiniteQueryOptions({
    queryKey: [...tenantsQueryKey, 'audit'] as const,
    queryFn: ({ pageParam, signal }) => listTenantAudit(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AuditPage) => last.nextCursor ?? undefined,
  });
