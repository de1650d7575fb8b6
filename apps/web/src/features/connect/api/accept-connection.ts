import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { refreshConnect } from './keys';
import type { ConnectionState } from './request-connection';

export const acceptConnection = (connectionId: string) =>
  post<ConnectionState>(`/connect/connections/${encodeURIComponent(connectionId)}/accept`);

/**
 * Accepts the request of the connection `id` names (the rest of the variables is the caller's).
 * However it went, everything connect shows asks again.
 */
export function useAcceptConnection<V extends { id: string }>(
  options: Omit<UseMutationOptions<ConnectionState, Error, V>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id }: V) => acceptConnection(id),
    onSettled: async (...args) => {
      await options.onSettled?.(...args);
      await refreshConnect(queryClient);
    },
  });
}
