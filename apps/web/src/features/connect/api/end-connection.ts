import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { refreshConnect } from './keys';

/** decline: a request made to me; withdraw: mine; remove: a connection made. */
export type ConnectionEnding = 'decline' | 'withdraw' | 'remove';

export const endConnection = (connectionId: string, how: ConnectionEnding) =>
  post<{ ok: true }>(`/connect/connections/${encodeURIComponent(connectionId)}/${how}`);

/**
 * Declines, withdraws or removes the connection `id` names (the rest of the variables is the
 * caller's). However it went, everything connect shows asks again.
 */
export function useEndConnection<V extends { id: string; how: ConnectionEnding }>(
  options: Omit<UseMutationOptions<{ ok: true }, Error, V>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, how }: V) => endConnection(id, how),
    onSettled: async (...args) => {
      await options.onSettled?.(...args);
      await refreshConnect(queryClient);
    },
  });
}
