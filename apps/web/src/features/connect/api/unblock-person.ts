import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { refreshConnect } from './keys';

/** Ends my block: we can find each other again (an earlier connection is not restored). */
export const unblockPerson = (personId: string) =>
  del<{ ok: true }>(`/connect/people/${encodeURIComponent(personId)}/block`);

/**
 * Unblocks the person `id` names (the rest of the variables is the caller's). However it went,
 * everything connect shows asks again, the list of whom I blocked with it.
 */
export function useUnblockPerson<V extends { id: string }>(
  options: Omit<UseMutationOptions<{ ok: true }, Error, V>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id }: V) => unblockPerson(id),
    onSettled: async (...args) => {
      await options.onSettled?.(...args);
      await refreshConnect(queryClient);
    },
  });
}
