import type { QueryClient } from '@tanstack/react-query';
import type { Subscription, SubscriptionOverview } from '@tolk/shared/schemas/subscriptions';

/** The subscriptions' query keys as one tree: subscriptions → 'me' (the member's overview), 'plans' (every plan, superadmins). */
export const subscriptionsQueryKey = ['subscriptions'] as const;
export const overviewQueryKey = [...subscriptionsQueryKey, 'me'] as const;
export const plansQueryKey = [...subscriptionsQueryKey, 'plans'] as const;

/**
 * After the member's subscription changed (chosen, cancelled, resumed): the overview shows the server's
 * answer at once, then asks again (whether they are a subscriber follows from it).
 */
export async function refreshAfterSubscriptionChange(
  queryClient: QueryClient,
  subscription: Subscription,
): Promise<void> {
  queryClient.setQueryData<SubscriptionOverview>(overviewQueryKey, (overview) =>
    overview ? { ...overview, current: subscription } : overview,
  );
  await queryClient.invalidateQueries({ queryKey: overviewQueryKey });
}

/** After a plan was added or changed: the superadmins' list and the plans members are offered. */
export async function refreshAfterPlanChange(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: subscriptionsQueryKey });
}
