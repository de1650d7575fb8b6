import type { Conversation } from '@tolk/shared/schemas/conversations';
import { patch } from '../../../lib/http';

export const updateConversation = (id: string, input: { title: string }) =>
  patch<Conversation>(`/conversations/${encodeURIComponent(id)}`, input);
