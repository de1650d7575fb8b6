import type { Conversation, CreateConversationInput } from '@tolk/shared/schemas/conversations';
import { post } from '../../../lib/http';

/** An existing one-to-one chat with the same person comes back instead of a second one. */
export const createConversation = (input: CreateConversationInput) => post<Conversation>('/conversations', input);
