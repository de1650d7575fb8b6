import { queryOptions } from '@tanstack/react-query';
import type { SubscriptionOverview } from '@tolk/shared/schemas/subscriptions';
import { get } from '../../../lib/http';
import { overviewQueryKey } from './keys';

/** GET /api/subscriptions/me: whether I subscribe, my running or last subscription, the plans offered, what a subscription gives. */
export const getOverview = (signal?: AbortSignal) => get<SubscriptionOverview>('/subscriptions/me', { signal });

/**
 * Always asked again when /sub opens: the payment screens (and the renewals behind them) change it
 * without this feature knowing, and a member back from paying must see what they paid for.
 */
export const overviewQuery = () =>
  queryOptions({ queryKey: overviewQueryKey, queryFn: ({ signal }) => getOverview(signal), staleTime: 0 });
