import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Conversation, CreateConversationInput } from '@tolk/shared/schemas/conversations';
import { post } from '../../../lib/http';
import { storeConversation } from './get-conversation';

/** An existing one-to-one chat with the same person comes back instead of a second one. */
export const createConversation = (input: CreateConversationInput) => post<Conversation>('/conversations', input);

/** Starts a chat: its page holds it at once and the list asks again, before the screen's part. */
export function useCreateConversation(
  options: Omit<UseMutationOptions<Conversation, Error, CreateConversationInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createConversation,
    onSuccess: async (created, ...rest) => {
      storeConversation(queryClient, created);
      await options.onSuccess?.(created, ...rest);
    },
  });
}
