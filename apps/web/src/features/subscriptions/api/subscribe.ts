import type { Subscription, SubscriptionInput } from '@tolk/shared/schemas/subscriptions';
import { post } from '../../../lib/http';

/**
 * POST /api/subscriptions: a plan in one of its currencies, incomplete until its first period is
 * paid; asking again for the same plan and currency finds the same subscription. 409 while the
 * member has an active one that is not cancelled.
 */
export const subscribe = (input: SubscriptionInput) => post<Subscription>('/subscriptions', input);
