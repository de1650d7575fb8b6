import type { Conversation } from '@tolk/shared/schemas/conversations';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { post } from '../../../lib/http';

/** The one-to-one chat with someone: the existing one comes back rather than a second. */
export const openConversation = (username: string) =>
  post<Conversation>('/conversations', { kind: 'direct', members: [username] });

/** Opens the chat with someone by username (where to go then is the screen's part). */
export function useOpenConversation(options: Omit<UseMutationOptions<Conversation, Error, string>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: openConversation });
}
