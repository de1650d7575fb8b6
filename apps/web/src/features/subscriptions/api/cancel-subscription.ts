import type { Subscription } from '@tolk/shared/schemas/subscriptions';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { refreshAfterSubscriptionChange } from './keys';

/**
 * POST /api/subscriptions/{id}/cancel: an active subscription stops renewing and stays active until
 * its period ends; an incomplete one ends now.
 */
export const cancelSubscription = (id: string) => post<Subscription>(`/subscriptions/${encodeURIComponent(id)}/cancel`);

/** Cancels the subscription; the overview shows the answer, then asks again. */
export function useCancelSubscription(id: string, options: Omit<UseMutationOptions<Subscription>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: () => cancelSubscription(id),
    onSuccess: (next) => refreshAfterSubscriptionChange(queryClient, next),
  });
}
