import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { refreshConnect } from './keys';

export interface ConnectionState {
  id: string;
  state: 'pending' | 'accepted';
}

/**
 * Asks to connect, with a note in my language (they read it in theirs). Asking someone who asked
 * me first accepts their request: the answer says `accepted`.
 */
export const requestConnection = (personId: string, note: string) =>
  post<ConnectionState>(`/connect/people/${encodeURIComponent(personId)}/request`, { note });

/**
 * Asks to connect with the person `id` names; whatever else the variables carry (a name for the
 * screen's toast) is the caller's. However it went, everything connect shows asks again.
 */
export function useRequestConnection<V extends { id: string; note: string }>(
  options: Omit<UseMutationOptions<ConnectionState, Error, V>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, note }: V) => requestConnection(id, note),
    onSettled: async (...args) => {
      await options.onSettled?.(...args);
      await refreshConnect(queryClient);
    },
  });
}
