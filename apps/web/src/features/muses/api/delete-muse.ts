import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { MuseDetail } from '@tolk/shared/schemas/conversations';
import { del } from '../../../lib/http';
import { markDeleted, type ThreadState } from '../thread-state';
import { museQueryKey } from './get-muse';
import { threadQueryKey } from './list-muses';

/** Which muse, and the thread that holds it. */
export type MuseRef = Pick<MuseDetail, 'id' | 'conversationId'>;

export const deleteMuse = (id: string) => del<undefined>(`/muses/${encodeURIComponent(id)}`);

/** Deletes a muse (of a thread, or the one a page shows): its thread marks it deleted and its page is forgotten, before the screen's part. */
export function useDeleteMuse(options: Omit<UseMutationOptions<undefined, Error, MuseRef>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (muse: MuseRef) => deleteMuse(muse.id),
    onSuccess: async (nothing, muse, ...rest) => {
      queryClient.setQueryData<ThreadState>(
        threadQueryKey(muse.conversationId),
        (state) => state && markDeleted(state, muse.id),
      );
      queryClient.removeQueries({ queryKey: museQueryKey(muse.id) });
      await options.onSuccess?.(nothing, muse, ...rest);
    },
  });
}
