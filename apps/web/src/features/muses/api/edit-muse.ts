import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Muse } from '@tolk/shared/schemas/conversations';
import { patch } from '../../../lib/http';
import { mergeMuses, type ThreadState } from '../thread-state';
import { museQueryKey } from './get-muse';
import { threadQueryKey } from './list-muses';

export interface EditMuseInput {
  text: string;
  from?: string;
}

export const editMuse = (id: string, input: EditMuseInput) => patch<Muse>(`/muses/${encodeURIComponent(id)}`, input);

/**
 * Edits a muse: its thread holds the new text, and its versions, all made from the old text, are
 * read again (the server makes them anew) before the screen's part.
 */
export function useEditMuse(
  id: string,
  options: Omit<UseMutationOptions<Muse, Error, EditMuseInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: EditMuseInput) => editMuse(id, input),
    onSuccess: async (saved, ...rest) => {
      queryClient.setQueryData<ThreadState>(threadQueryKey(saved.conversationId), (state) =>
        state ? mergeMuses(state, [saved]) : state,
      );
      await queryClient.invalidateQueries({ queryKey: museQueryKey(saved.id) });
      await options.onSuccess?.(saved, ...rest);
    },
  });
}
