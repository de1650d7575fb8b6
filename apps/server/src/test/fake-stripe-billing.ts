import type { VendorReply, VendorRequest } from './vendor-server';

export type StripeObject = Record<string, unknown>;

/** What Stripe keeps of a subscription-mode session's request until the payer pays. */
export interface SubscriptionOrder {
  metadata: Record<string, string>;
  interval: 'day' | 'week' | 'month' | 'year';
  unitAmount: number;
  currency: string;
  productName: string;
}

const now = () => Math.floor(Date.now() / 1000);

/** The end of one `interval` from `start` (Unix seconds), as Stripe's billing calendar counts it. */
function addInterval(start: number, interval: SubscriptionOrder['interval']): number {
  const date = new Date(start * 1000);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + 1);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

export const stripeError = (status: number, message: string, code?: string): VendorReply => ({
  status,
  json: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } },
});

/**
 * Stripe Billing as the contract server answers it: the subscription a subscription-mode session
 * makes once paid, its invoices (in the shape of API 2025-03-31 onwards: the period on the items,
 * the subscription under `parent.subscription_details`), reading and updating a subscription.
 */
export function fakeStripeBilling(objects: Map<string, StripeObject>, nextId: () => number) {
  const subscriptionOf = (id: string) => objects.get(id) as StripeObject & { items: { data: StripeObject[] } };

  function invoice(subscription: StripeObject, order: SubscriptionOrder, start: number, reason: string) {
    const item = subscriptionOf(String(subscription.id)).items.data[0]!;
    const end = addInterval(start, order.interval);
    const id = `in_test_${nextId()}`;
    // Stripe's invoice-level period is the usage window that closed: none for the first invoice,
    // the previous period for a renewal; the line carries the period paid for.
    const previous =
      reason === 'subscription_create' ? { start, end: start } : { start: item.current_period_start, end: start };
    const made = {
      id,
      object: 'invoice',
      status: 'paid',
      billing_reason: reason,
      customer: subscription.customer,
      currency: order.currency,
      amount_due: order.unitAmount,
      amount_paid: order.unitAmount,
      amount_remaining: 0,
      period_start: previous.start,
      period_end: previous.end,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: { ...order.metadata } },
      },
      lines: {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
        data: [
          {
            id: `il_test_${nextId()}`,
            object: 'line_item',
            amount: order.unitAmount,
            currency: order.currency,
            description: `1 × ${order.productName}`,
            period: { start, end },
            parent: {
              type: 'subscription_item_details',
              subscription_item_details: {
                subscription: subscription.id,
                subscription_item: item.id,
                proration: false,
              },
            },
          },
        ],
      },
      status_transitions: { paid_at: now(), finalized_at: now() },
    };
    objects.set(id, made);
    // How the invoice was paid: a payment intent, listed as its invoice payment.
    const paymentId = `inpay_test_${nextId()}`;
    objects.set(paymentId, {
      id: paymentId,
      object: 'invoice_payment',
      invoice: id,
      status: 'paid',
      is_default: true,
      amount_paid: order.unitAmount,
      currency: order.currency,
      payment: { type: 'payment_intent', payment_intent: `pi_test_${id}` },
    });
    Object.assign(item, { current_period_start: start, current_period_end: end });
    subscription.latest_invoice = id;
    return made;
  }

  /** By session id until paid, then by subscription id too. */
  const orders = new Map<string, SubscriptionOrder>();
  const copy = (id: string) => structuredClone(objects.get(id)!);

  return {
    /** Answers the Billing calls; undefined for a path that is not one. */
    handle(
      request: VendorRequest,
      form: URLSearchParams,
    ): { object: StripeObject } | { error: VendorReply } | undefined {
      if (request.method === 'GET' && request.path === '/v1/invoice_payments') {
        const invoiceId = request.query.get('invoice');
        const status = request.query.get('status');
        const data = [...objects.values()].filter(
          (o) => o.object === 'invoice_payment' && o.invoice === invoiceId && (!status || o.status === status),
        );
        return { object: { object: 'list', url: '/v1/invoice_payments', has_more: false, data } };
      }
      const path = /^\/v1\/subscriptions\/([^/]+)$/.exec(request.path);
      if (!path) return undefined;
      const subscription = objects.get(path[1]!);
      if (subscription?.object !== 'subscription')
        return { error: stripeError(404, `No such subscription: '${path[1]!}'`, 'resource_missing') };
      if (request.method === 'GET') return { object: subscription };
      if (request.method !== 'POST') return undefined;
      if (subscription.status === 'canceled')
        return {
          error: stripeError(400, 'A canceled subscription can only update its cancellation_details and metadata.'),
        };
      const cancel = form.get('cancel_at_period_end');
      if (cancel !== null) {
        const item = subscriptionOf(String(subscription.id)).items.data[0]!;
        Object.assign(subscription, {
          cancel_at_period_end: cancel === 'true',
          cancel_at: cancel === 'true' ? item.current_period_end : null,
          canceled_at: cancel === 'true' ? now() : null,
        });
      }
      return { object: subscription };
    },

    /** A subscription-mode session was made: Stripe keeps what it will subscribe the payer to. */
    ordered(sessionId: string, order: SubscriptionOrder) {
      orders.set(sessionId, order);
    },

    /** The payer paid a subscription-mode session: Stripe makes the subscription and its first, paid invoice. */
    paid(session: StripeObject) {
      const order = orders.get(String(session.id))!;
      const id = `sub_test_${nextId()}`;
      const subscription: StripeObject = {
        id,
        object: 'subscription',
        status: 'active',
        customer: `cus_test_${nextId()}`,
        currency: order.currency,
        metadata: { ...order.metadata },
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        start_date: now(),
        items: {
          object: 'list',
          has_more: false,
          url: `/v1/subscription_items?subscription=${id}`,
          data: [
            {
              id: `si_test_${nextId()}`,
              object: 'subscription_item',
              quantity: 1,
              current_period_start: now(),
              current_period_end: addInterval(now(), order.interval),
              price: {
                id: `price_test_${nextId()}`,
                object: 'price',
                currency: order.currency,
                unit_amount: order.unitAmount,
                recurring: { interval: order.interval, interval_count: 1 },
                product: `prod_test_${nextId()}`,
              },
            },
          ],
        },
        latest_invoice: null,
      };
      objects.set(id, subscription);
      orders.set(id, order);
      const first = invoice(subscription, order, now(), 'subscription_create');
      Object.assign(session, { subscription: id, invoice: first.id });
    },

    /** The next period starts and Stripe charges it: the paid invoice (invoice.paid's object). */
    renew: (subscriptionId: string): StripeObject => {
      const subscription = subscriptionOf(subscriptionId);
      const start = Number(subscription.items.data[0]!.current_period_end);
      return structuredClone(invoice(subscription, orders.get(subscriptionId)!, start, 'subscription_cycle'));
    },

    /** Stripe ends the subscription (the paid period ran out after a cancellation, or retries gave up). */
    end: (subscriptionId: string): StripeObject => {
      Object.assign(subscriptionOf(subscriptionId), { status: 'canceled', ended_at: now() });
      return copy(subscriptionId);
    },

    /** The object as Stripe has it now (an event's data.object). */
    copy,
  };
}
