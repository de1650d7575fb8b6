import type { ConversationSummary } from '@tolk/shared/schemas/conversations';
import { get } from '../../../lib/http';

export const conversationsQueryKey = ['conversations', 'list'] as const;
export const listConversations = () => get<ConversationSummary[]>('/conversations');
