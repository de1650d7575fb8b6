import type { Subscription } from '@tolk/shared/schemas/subscriptions';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { refreshAfterSubscriptionChange } from './keys';

/** POST /api/subscriptions/{id}/resume: undoes a cancel while the paid period runs; it renews again. */
export const resumeSubscription = (id: string) => post<Subscription>(`/subscriptions/${encodeURIComponent(id)}/resume`);

/** Resumes the subscription; the overview shows the answer, then asks again. */
export function useResumeSubscription(id: string, options: Omit<UseMutationOptions<Subscription>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: () => resumeSubscription(id),
    onSuccess: (next) => refreshAfterSubscriptionChange(queryClient, next),
  });
}
