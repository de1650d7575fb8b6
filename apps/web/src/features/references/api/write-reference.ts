import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReferenceInput } from '@tolk/shared/schemas/references';
import { post } from '../../../lib/http';
import { occasionsQueryKey, referencesListQueryKey } from './keys';

/** POST /api/references: my reference about a member, for one thing we did together. */
export const writeReference = (input: ReferenceInput) => post<{ id: string }>('/references', input);

/**
 * Writes my reference. Whatever the answer (written, or refused because the window closed or it
 * was already written), my occasions are asked again: they are what the screen offers to write.
 */
export function useWriteReference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeReference,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: occasionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: referencesListQueryKey }),
      ]);
    },
  });
}
