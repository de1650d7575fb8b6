import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Conversation } from '@tolk/shared/schemas/conversations';
import { del } from '../../../lib/http';
import { conversationQueryKey, storeConversation } from './get-conversation';
import { conversationsQueryKey } from './list-conversations';

/** The owner removes someone; anyone removing themselves leaves the chat. */
export const removeMember = (id: string, username: string) =>
  del<undefined>(`/conversations/${encodeURIComponent(id)}/members/${encodeURIComponent(username)}`);

/**
 * Removes a member of the chat by username, `me` leaving it. Someone else removed, the chat's page
 * drops them; the chat left, its page is forgotten. The list asks again either way, before the
 * screen's part (leaving the chat left).
 */
export function useRemoveMember(
  conversation: Conversation,
  me: string,
  options: Omit<UseMutationOptions<undefined, Error, string>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (username: string) => removeMember(conversation.id, username),
    onSuccess: async (nothing, username, ...rest) => {
      if (username === me) {
        queryClient.removeQueries({ queryKey: conversationQueryKey(conversation.id) });
        void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      } else {
        const members = conversation.members.filter((member) => member.username !== username);
        storeConversation(queryClient, { ...conversation, members });
      }
      await options.onSuccess?.(nothing, username, ...rest);
    },
  });
}
