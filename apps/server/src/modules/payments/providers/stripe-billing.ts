import Stripe from 'stripe';
import type { Checkout, ProviderSubscription, SubscriptionCharge, SubscriptionCheckoutRequest } from './provider';

/** The metadata key carrying our subscription's id on Stripe's subscription (and so on its invoices) and session. */
export const TOLK_SUBSCRIPTION = 'tolk_subscription';

const at = (seconds: number) => new Date(seconds * 1000);

function subscriptionState(status: Stripe.Subscription.Status): ProviderSubscription['state'] {
  // past_due: Stripe is retrying a failed renewal; the member keeps the plan until Stripe gives up
  // (the subscription turns canceled or unpaid, and a customer.subscription.* event says so).
  // incomplete: the first invoice is not paid yet (the payer is still confirming at Stripe).
  // paused: a trial ended without a payment method; no period runs and nothing is invoiced.
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
      return 'active';
    case 'incomplete':
      return 'pending';
    case 'canceled':
    case 'incomplete_expired':
    case 'unpaid':
    case 'paused':
      return 'ended';
    default:
      // A status newer than this code: grant nothing and end nothing until a known one comes.
      return 'pending';
  }
}

/**
 * A paid invoice as the period's money. The period is the subscription line's: for a subscription
 * invoice Stripe's invoice-level period_start/period_end are the usage window that just closed, not
 * the period the money pays for.
 */
export function invoiceCharge(invoice: Stripe.Invoice): SubscriptionCharge | null {
  if (invoice.status !== 'paid' || !invoice.id) return null;
  const lines = invoice.lines.data;
  const line = lines.find((item) => item.parent?.type === 'subscription_item_details') ?? lines[0];
  const period = line?.period ?? { start: invoice.period_start, end: invoice.period_end };
  return {
    chargeRef: invoice.id,
    amountMinor: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
    periodStart: at(period.start),
    periodEnd: at(period.end),
  };
}

/** A Stripe subscription as Tolk reads it; `charge` when the caller has the invoice that paid a period. */
export function subscriptionOf(
  subscription: Stripe.Subscription,
  charge: SubscriptionCharge | null,
): ProviderSubscription {
  // Since API 2025-03-31 the period lives on each item; Tolk's subscriptions have one.
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return {
    tolkId: subscription.metadata[TOLK_SUBSCRIPTION] ?? null,
    providerRef: subscription.id,
    state: subscriptionState(subscription.status),
    currentPeriodEnd: ends.length > 0 ? at(Math.max(...ends)) : null,
    // A cancellation set for a date (the Dashboard's "cancel on…") stops the renewals as well.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    renewalFailing: subscription.status === 'past_due',
    charge,
  };
}

/** A subscription-mode session Stripe has made no subscription for yet: the payer has not paid, or never will. */
function sessionSubscription(session: Stripe.Checkout.Session): ProviderSubscription {
  return {
    tolkId: session.metadata?.[TOLK_SUBSCRIPTION] ?? null,
    providerRef: null,
    state: session.status === 'expired' ? 'ended' : 'pending',
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    charge: null,
  };
}

const latestCharge = (subscription: Stripe.Subscription) =>
  subscription.latest_invoice && typeof subscription.latest_invoice !== 'string'
    ? invoiceCharge(subscription.latest_invoice)
    : null;

/**
 * Stripe Billing for Tolk's plans: a Checkout Session in subscription mode with the plan's price
 * inline (no Product or Price objects to keep in step with the plan), subscriptions read with their
 * latest invoice, cancellation at the period's end, and the subscription events of the webhook.
 */
export function stripeBilling(stripe: Stripe) {
  async function readSubscription(id: string): Promise<ProviderSubscription> {
    const subscription = await stripe.subscriptions.retrieve(id, { expand: ['latest_invoice'] });
    return subscriptionOf(subscription, latestCharge(subscription));
  }

  /** A subscription-mode session as it stands: its subscription once Stripe has made one. */
  async function sessionState(session: Stripe.Checkout.Session): Promise<ProviderSubscription> {
    const made = session.subscription;
    if (!made) return sessionSubscription(session);
    if (typeof made === 'string') return readSubscription(made);
    return subscriptionOf(made, latestCharge(made));
  }

  async function subscribe(request: SubscriptionCheckoutRequest): Promise<Checkout> {
    const ids = { paymentId: request.paymentId, [TOLK_SUBSCRIPTION]: request.subscriptionId };
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        client_reference_id: request.paymentId,
        metadata: ids,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountMinor,
              recurring: { interval: request.interval },
              product_data: { name: request.planName },
            },
          },
        ],
        subscription_data: { metadata: ids },
        success_url: request.returnUrl,
        cancel_url: request.cancelUrl,
      },
      { idempotencyKey: `subscribe-${request.paymentId}` },
    );
    if (!session.url) throw new Error('Stripe gave no checkout page');
    return { providerRef: session.id, redirectUrl: session.url };
  }

  /** `ref` is the checkout session (cs_…, the payer's return) or the subscription (sub_…). */
  async function subscription(ref: string): Promise<ProviderSubscription> {
    if (!ref.startsWith('cs_')) return readSubscription(ref);
    return sessionState(await stripe.checkout.sessions.retrieve(ref, { expand: ['subscription.latest_invoice'] }));
  }

  async function cancelSubscription(subscriptionRef: string): Promise<void> {
    try {
      await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: true });
    } catch (error) {
      // Asked again for one that has already ended (a retried request): nothing left to stop.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const { status } = await stripe.subscriptions.retrieve(subscriptionRef);
      if (status !== 'canceled' && status !== 'incomplete_expired') throw error;
    }
  }

  /**
   * What a webhook event says of a subscription; undefined for events that are not about one.
   * A completed checkout and a paid invoice are read back from Stripe for the subscription as it
   * stands (their payloads carry only its id); the charge of a paid invoice is that invoice, so the
   * same money reported twice (the checkout's latest invoice, then invoice.paid) has one chargeRef.
   */
  async function subscriptionEvent(event: Stripe.Event): Promise<ProviderSubscription | null | undefined> {
    // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check -- only the subscription events; the caller handles the rest.
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        return event.data.object.mode === 'subscription' ? sessionState(event.data.object) : undefined;
      case 'invoice.paid': {
        const invoice = event.data.object;
        const details = invoice.parent?.subscription_details;
        // A one-off invoice, not a subscription's period.
        if (!details) return null;
        const id = typeof details.subscription === 'string' ? details.subscription : details.subscription.id;
        const current = subscriptionOf(await stripe.subscriptions.retrieve(id), invoiceCharge(invoice));
        return { ...current, tolkId: details.metadata?.[TOLK_SUBSCRIPTION] ?? current.tolkId };
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return subscriptionOf(event.data.object, null);
      default:
        return undefined;
    }
  }

  return { subscribe, subscription, cancelSubscription, event: subscriptionEvent };
}
