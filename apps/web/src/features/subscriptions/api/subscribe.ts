import type { Subscription, SubscriptionInput } from '@tolk/shared/schemas/subscriptions';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { refreshAfterSubscriptionChange } from './keys';

/**
 * POST /api/subscriptions: a plan in one of its currencies, incomplete until its first period is
 * paid; asking again for the same plan and currency finds the same subscription. 409 while the
 * member has an active one that is not cancelled.
 */
export const subscribe = (input: SubscriptionInput) => post<Subscription>('/subscriptions', input);

/** Chooses a plan; the overview follows while the screen goes on to paying. */
export function useSubscribe(
  options: Omit<UseMutationOptions<Subscription, Error, SubscriptionInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: subscribe,
    onSuccess: async (subscription, ...rest) => {
      void refreshAfterSubscriptionChange(queryClient, subscription);
      await options.onSuccess?.(subscription, ...rest);
    },
  });
}
