import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import type { RecordKind } from '../kinds';
import { recordQueryKey } from './get-record';
import { refreshAfterChange } from './keys';

/** Deletes a record of mine (204). Its photos stay among my uploads, so an undo can use them again. */
export const deleteRecord = (kind: RecordKind, id: string) => del<undefined>(`/${kind}/${encodeURIComponent(id)}`);

/** Deletes one record; after the screen's part its page is forgotten and its kind's lists ask again. */
export function useDeleteRecord(
  kind: RecordKind,
  id: string,
  options: Omit<UseMutationOptions<undefined>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: () => deleteRecord(kind, id),
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      queryClient.removeQueries({ queryKey: recordQueryKey(kind, id) });
      await refreshAfterChange(queryClient, kind);
    },
  });
}
