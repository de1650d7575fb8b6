import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Conversation, Member } from '@tolk/shared/schemas/conversations';
import { patch } from '../../../lib/http';
import { conversationQueryKey } from './get-conversation';
import { threadQueryKey } from './list-muses';

export interface UpdateMembershipInput {
  readingLanguage?: string;
  readsWithout?: string[];
  /** Marks everything up to this sequence as read. */
  lastReadSeq?: number;
}

export const updateMembership = (id: string, input: UpdateMembershipInput) =>
  patch<Member>(`/conversations/${encodeURIComponent(id)}/me`, input);

/**
 * Changes the language I read a chat in: the chat's page holds my new membership at once. After
 * the screen's part, the thread is fetched again, since every muse held is in the old language.
 */
export function useChangeReadingLanguage(
  conversationId: string,
  options: Omit<UseMutationOptions<Member, Error, string>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (language: string) => updateMembership(conversationId, { readingLanguage: language }),
    onSuccess: async (member, ...rest) => {
      queryClient.setQueryData<Conversation>(
        conversationQueryKey(conversationId),
        (current) =>
          current && {
            ...current,
            members: current.members.map((item) => (item.username === member.username ? member : item)),
          },
      );
      await options.onSuccess?.(member, ...rest);
      await queryClient.invalidateQueries({ queryKey: threadQueryKey(conversationId) });
    },
  });
}
