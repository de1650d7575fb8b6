import { queryOptions } from '@tanstack/react-query';
import type { ConversationSummary } from '@tolk/shared/schemas/conversations';
import { get } from '../../../lib/http';

export const conversationsQueryKey = ['conversations', 'list'] as const;
export const listConversations = () => get<ConversationSummary[]>('/conversations');
export const conversationsQuery = () => queryOptions({ queryKey: conversationsQueryKey, queryFn: listConversations });
