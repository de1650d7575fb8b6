import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Conversation } from '@tolk/shared/schemas/conversations';
import { post } from '../../../lib/http';
import { storeConversation } from './get-conversation';

export const addMembers = (id: string, members: string[]) =>
  post<Conversation>(`/conversations/${encodeURIComponent(id)}/members`, { members });

/** Adds members by username: the group's page holds the answer at once and the list asks again, before the screen's part. */
export function useAddMembers(
  id: string,
  options: Omit<UseMutationOptions<Conversation, Error, string[]>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (members: string[]) => addMembers(id, members),
    onSuccess: async (saved, ...rest) => {
      storeConversation(queryClient, saved);
      await options.onSuccess?.(saved, ...rest);
    },
  });
}
