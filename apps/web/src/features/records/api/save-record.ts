import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { InputOf, RecordKind, RecordOf, UpdateOf } from '../kinds';
import { createRecord } from './create-record';
import { recordQueryKey } from './get-record';
import { refreshAfterChange } from './keys';
import { updateRecord } from './update-record';

/** What a record's form sends: its fields, and the version it was loaded from (an edit's only). */
export type RecordSave<K extends RecordKind> = { input: InputOf<K>; from: number };

/**
 * Adds a record, or changes the one given from the version the form was loaded with (the same form
 * does both). Its page holds the answer at once; after the screen's part its kind's lists ask again.
 */
export function useSaveRecord<K extends RecordKind>(
  kind: K,
  record: RecordOf<K> | undefined,
  options: Omit<UseMutationOptions<RecordOf<K>, Error, RecordSave<K>>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ input, from }: RecordSave<K>) =>
      record
        ? updateRecord(kind, record.id, { ...input, version: from } satisfies UpdateOf<K>)
        : createRecord(kind, input),
    onSuccess: async (saved, ...rest) => {
      queryClient.setQueryData(recordQueryKey(kind, saved.id), saved);
      await options.onSuccess?.(saved, ...rest);
      await refreshAfterChange(queryClient, kind);
    },
  });
}
