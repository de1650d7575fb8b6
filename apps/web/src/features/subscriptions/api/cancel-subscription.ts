import type { Subscription } from '@tolk/shared/schemas/subscriptions';
import { post } from '../../../lib/http';

/**
 * POST /api/subscriptions/{id}/cancel: an active subscription stops renewing and stays active until
 * its period ends; an incomplete one ends now.
 */
export const cancelSubscription = (id: string) => post<Subscription>(`/subscriptions/${encodeURIComponent(id)}/cancel`);
