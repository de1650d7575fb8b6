import type { Conversation } from '@tolk/shared/schemas/conversations';
import { post } from '../../../lib/http';

/** The one-to-one chat with a person's Tolk account: the existing one comes back rather than a second. */
export const openConversation = (username: string) =>
  post<Conversation>('/conversations', { kind: 'direct', members: [username] });
