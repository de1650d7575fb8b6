import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { put } from '../../../lib/http';
import { personQueryKey } from './get-person';
import { refreshConnect } from './keys';

/** Neither sees the other anywhere any more; a connection or request between them ends. */
export const blockPerson = (personId: string) =>
  put<{ ok: true }>(`/connect/people/${encodeURIComponent(personId)}/block`);

/**
 * Blocks the person `id` names (the rest of the variables is the caller's). After the screen's part
 * (leaving their page), their page is forgotten rather than asked for again, and everything else
 * connect shows asks again.
 */
export function useBlockPerson<V extends { id: string }>(
  options: Omit<UseMutationOptions<{ ok: true }, Error, V>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id }: V) => blockPerson(id),
    onSuccess: async (result, variables, ...rest) => {
      await options.onSuccess?.(result, variables, ...rest);
      queryClient.removeQueries({ queryKey: personQueryKey(variables.id) });
      await refreshConnect(queryClient);
    },
  });
}
