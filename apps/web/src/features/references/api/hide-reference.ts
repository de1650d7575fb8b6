import { useMutation, useQueryClient } from '@tanstack/react-query';
import { put } from '../../../lib/http';
import { referencesListQueryKey } from './keys';

/** PUT /api/admin/references/{id}/hidden (superadmins): hidden from everyone, the reason audited. */
export const hideReference = ({ id, reason }: { id: string; reason: string }) =>
  put<null>(`/admin/references/${encodeURIComponent(id)}/hidden`, { reason });

/** Hides a reference; any list that showed it asks again. */
export function useHideReference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideReference,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referencesListQueryKey }),
  });
}
