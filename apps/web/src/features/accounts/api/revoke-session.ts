import { del } from '../../../lib/http';

/** DELETE /api/accounts/{id}/sessions/{sessionId}: that device is signed out (204). */
export const revokeSession = (accountId: string, sessionId: string) =>
  del<undefined>(`/accounts/${encodeURIComponent(accountId)}/sessions/${encodeURIComponent(sessionId)}`);
