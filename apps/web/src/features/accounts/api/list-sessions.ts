import { queryOptions } from '@tanstack/react-query';
import type { AccountSession } from '@tolk/shared/schemas/accounts-admin';
import { get } from '../../../lib/http';
import { accountQueryKey } from './keys';

export const sessionsQueryKey = (accountId: string) => [...accountQueryKey(accountId), 'sessions'] as const;

/** GET /api/accounts/{id}/sessions: its live sessions, newest first (superadmins). */
export const listSessions = (accountId: string) =>
  get<{ items: AccountSession[] }>(`/accounts/${encodeURIComponent(accountId)}/sessions`);
export const sessionsQuery = (accountId: string) =>
  queryOptions({
    queryKey: sessionsQueryKey(accountId),
    queryFn: () => listSessions(accountId),
    select: (data) => data.items,
  });
