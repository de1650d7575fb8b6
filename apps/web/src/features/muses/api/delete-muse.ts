import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { MuseDetail } from '@tolk/shared/schemas/conversations';
import { del } from '../../../lib/http';
import { markDeleted, type ThreadState } from '../thread-state';
import { museQueryKey } from './get-muse';
import { threadQueryKey } from './list-muses';

export const deleteMuse = (id: string) => del<undefined>(`/muses/${encodeURIComponent(id)}`);

/** Deletes the muse a page shows: its thread marks it deleted and its page is forgotten, before the screen's part. */
export function useDeleteMuse(options: Omit<UseMutationOptions<undefined, Error, MuseDetail>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (detail: MuseDetail) => deleteMuse(detail.id),
    onSuccess: async (nothing, detail, ...rest) => {
      queryClient.setQueryData<ThreadState>(
        threadQueryKey(detail.conversationId),
        (state) => state && markDeleted(state, detail.id),
      );
      queryClient.removeQueries({ queryKey: museQueryKey(detail.id) });
      await options.onSuccess?.(nothing, detail, ...rest);
    },
  });
}
