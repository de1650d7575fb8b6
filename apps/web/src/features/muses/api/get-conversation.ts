import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Conversation } from '@tolk/shared/schemas/conversations';
import { get } from '../../../lib/http';
import { conversationsQueryKey } from './list-conversations';

export const conversationQueryKey = (id: string) => ['conversations', 'detail', id] as const;
export const getConversation = (id: string) => get<Conversation>(`/conversations/${encodeURIComponent(id)}`);
export const conversationQuery = (id: string) =>
  queryOptions({ queryKey: conversationQueryKey(id), queryFn: () => getConversation(id) });

/** A chat as the server now has it: its page holds it at once, and the list of chats asks again. */
export function storeConversation(queryClient: QueryClient, conversation: Conversation): void {
  queryClient.setQueryData(conversationQueryKey(conversation.id), conversation);
  void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
}
