import { isFreeOrder } from '@tolk/shared/schemas/orders';
import type { Payable } from '@tolk/shared/schemas/payments';
import { AppError } from '../../errors';
import type { PayableOrder } from '../orders';
import type { SubscriptionWithPlan } from '../subscriptions';

/** What /select-payment/{id} shows and the payments check before charging: an order or a subscription, payable or why not. */

const PAID_ORDER_STATES = new Set(['paid', 'fulfilled', 'refunded']);

export const notPayable = (state: string) =>
  new AppError(
    'conflict',
    state === 'pending'
      ? 'The seller has not accepted this order yet: it can be paid once accepted.'
      : state === 'paid' || state === 'fulfilled'
        ? 'This order is paid already.'
        : `This order is ${state}: it cannot be paid.`,
  );

const FREE_ORDER = 'This order is free: there is nothing to pay.';

/** An order of a thing offered at price 0, asked to be paid: no payment is made for nothing (409, never a 500). */
export const freeOrder = () => new AppError('conflict', FREE_ORDER);

/** An order as the payment screens show it; a free one is never payable, whatever its state. */
export function orderPayable({ order }: PayableOrder): Payable {
  const free = isFreeOrder(order);
  const state = free
    ? 'closed'
    : order.state === 'accepted'
      ? 'payable'
      : PAID_ORDER_STATES.has(order.state)
        ? 'paid'
        : 'closed';
  return {
    kind: 'order',
    id: order.id,
    title: order.thingName,
    quantity: order.quantity,
    interval: null,
    amountMinor: order.totalMinor,
    currency: order.currency,
    state,
    message: free ? FREE_ORDER : state === 'payable' ? null : notPayable(order.state).message,
    returnTo: `/order/${order.id}`,
  };
}

/** A subscription's first period as the payment screens show it. */
export function subscriptionPayable({ subscription, plan }: SubscriptionWithPlan): Payable {
  const state = subscription.state === 'incomplete' ? 'payable' : subscription.state === 'active' ? 'paid' : 'closed';
  return {
    kind: 'subscription',
    id: subscription.id,
    title: plan.name,
    quantity: 1,
    interval: subscription.interval,
    amountMinor: subscription.amountMinor,
    currency: subscription.currency,
    state,
    message:
      state === 'paid'
        ? 'This subscription is paid: it renews by itself.'
        : state === 'closed'
          ? 'This subscription has ended: choose a plan again on the subscription page.'
          : null,
    returnTo: '/sub',
  };
}
