import { queryOptions } from '@tanstack/react-query';
import type { Conversation } from '@tolk/shared/schemas/conversations';
import { get } from '../../../lib/http';

export const conversationQueryKey = (id: string) => ['conversations', 'detail', id] as const;
export const getConversation = (id: string) => get<Conversation>(`/conversations/${encodeURIComponent(id)}`);
export const conversationQuery = (id: string) =>
  queryOptions({ queryKey: conversationQueryKey(id), queryFn: () => getConversation(id) });
