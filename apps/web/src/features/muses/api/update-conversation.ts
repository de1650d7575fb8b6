import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Conversation } from '@tolk/shared/schemas/conversations';
import { patch } from '../../../lib/http';
import { storeConversation } from './get-conversation';

export const updateConversation = (id: string, input: { title: string }) =>
  patch<Conversation>(`/conversations/${encodeURIComponent(id)}`, input);

/** Renames a group: its page holds the answer at once and the list asks again, before the screen's part. */
export function useUpdateConversation(
  id: string,
  options: Omit<UseMutationOptions<Conversation, Error, { title: string }>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: { title: string }) => updateConversation(id, input),
    onSuccess: async (saved, ...rest) => {
      storeConversation(queryClient, saved);
      await options.onSuccess?.(saved, ...rest);
    },
  });
}
