import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { AccountSession } from '@tolk/shared/schemas/accounts-admin';
import { del } from '../../../lib/http';
import { accountQueryKey } from './keys';

/** DELETE /api/accounts/{id}/sessions/{sessionId}: that device is signed out (204). */
export const revokeSession = (accountId: string, sessionId: string) =>
  del<undefined>(`/accounts/${encodeURIComponent(accountId)}/sessions/${encodeURIComponent(sessionId)}`);

/** Signs one of an account's sessions out; then the account asks again (its sessions, and the audit saying who ended it). */
export function useRevokeSession(
  accountId: string,
  options: Omit<UseMutationOptions<undefined, Error, AccountSession>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (session: AccountSession) => revokeSession(accountId, session.id),
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: accountQueryKey(accountId) });
    },
  });
}
