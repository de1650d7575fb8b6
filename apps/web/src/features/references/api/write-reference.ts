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
    // Not awaited: the form that wrote it thanks the writer first; the refetch then takes the
    // occasion (and the form with it) off the screen. Awaited, the form would be gone before its
    // own callbacks ran, and the writer would see it vanish without a word.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: occasionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: referencesListQueryKey });
    },
  });
}
