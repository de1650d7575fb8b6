import type { PushSubscriptionInput } from '@tolk/shared/schemas/notifications';
import { del, put } from '../../../lib/http';

/**
 * PUT /api/push/subscriptions: where this device takes pushes, bound to my session. The same
 * subscription again changes nothing, so it is sent on every visit to keep the server in step.
 */
export const savePushSubscription = (subscription: PushSubscriptionInput) =>
  put<null>('/push/subscriptions', subscription);

/** DELETE /api/push/subscriptions?endpoint=: this device takes no more pushes from me. */
export const removePushSubscription = (endpoint: string) => del<null>('/push/subscriptions', { params: { endpoint } });
