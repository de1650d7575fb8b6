import { infiniteQueryOptions } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, type AuditPage } from '@tolk/shared/schemas/accounts-admin';
import { get } from '../../../lib/http';
import { accountQueryKey } from './keys';

/** GET /api/accounts/{id}/audit: every admin change of the account, newest first, a page at a time. */
export const listAudit = (accountId: string, cursor: string | undefined, signal?: AbortSignal) =>
  get<AuditPage>(`/accounts/${encodeURIComponent(accountId)}/audit`, {
    params: { limit: AUDIT_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    signal,
  });

export const auditQuery = (accountId: string) =>
  infiniteQueryOptions({
    queryKey: [...accountQueryKey(accountId), 'audit'] as const,
    queryFn: ({ pageParam, signal }) => listAudit(accountId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AuditPage) => last.nextCursor ?? undefined,
  });
