import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { referencesListQueryKey } from './keys';

/** POST /api/references/{id}/reply: my one public reply to a shown reference about me. */
export const replyToReference = ({ id, text }: { id: string; text: string }) =>
  post<null>(`/references/${encodeURIComponent(id)}/reply`, { text });

/** Replies once; the lists ask again, so the reply shows and Reply goes. */
export function useReplyToReference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToReference,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referencesListQueryKey }),
  });
}
