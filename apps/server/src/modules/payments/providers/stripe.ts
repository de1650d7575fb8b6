import Stripe from 'stripe';
import { WebhookSignatureError, type ProviderPayment, type RedirectProvider } from './provider';
import { stripeBilling } from './stripe-billing';

export interface StripeSettings {
  secretKey: string;
  /** The endpoint's signing secret (whsec_…): a webhook without a valid signature changes nothing. */
  webhookSecret: string;
  /** Another API host (the contract server of the tests); Stripe's own when absent. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

const sessionPayment = (session: Stripe.Checkout.Session): ProviderPayment => ({
  providerRef: session.id,
  state:
    session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
      ? 'succeeded'
      : session.status === 'expired'
        ? 'expired'
        : 'pending',
  chargeRef: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
  amountMinor: session.amount_total ?? 0,
  currency: (session.currency ?? '').toUpperCase(),
});

/**
 * Stripe through its official package: Checkout Sessions for a payment (Stripe's hosted page),
 * their state when the payer returns, signed webhooks, and refunds of the payment intent; Stripe
 * Billing for subscriptions (stripe-billing.ts). Each call that creates something carries an
 * idempotency key made from our own ids.
 */
export function createStripeProvider(settings: StripeSettings): RedirectProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(settings.api ?? {}),
  });
  const billing = stripeBilling(stripe);

  /** The payment intent that paid an invoice (API 2025-03-31 onwards: through its invoice payments). */
  async function invoicePaymentIntent(invoiceId: string): Promise<string> {
    const payments = await stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 10 });
    for (const { payment } of payments.data) {
      const intent = payment.payment_intent;
      if (intent) return typeof intent === 'string' ? intent : intent.id;
    }
    throw new Error(`Stripe has no paid payment intent for invoice ${invoiceId}`);
  }

  return {
    id: 'stripe',
    testMode: /^(sk|rk)_test_/.test(settings.secretKey),

    async checkout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.paymentId,
          metadata: { paymentId: request.paymentId },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountMinor,
                product_data: { name: request.description },
              },
            },
          ],
          success_url: request.returnUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `checkout-${request.paymentId}` },
      );
      if (!session.url) throw new Error('Stripe gave no checkout page');
      return { providerRef: session.id, redirectUrl: session.url };
    },

    async settle(providerRef: string): Promise<ProviderPayment> {
      return sessionPayment(await stripe.checkout.sessions.retrieve(providerRef));
    },

    async webhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string') throw new Error('no Stripe-Signature header');
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
      }
      const subscription = await billing.event(event);
      if (subscription !== undefined) return { id: event.id, type: event.type, payment: null, subscription };
      // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check -- Stripe has hundreds of event types; the rest are passed over.
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.expired':
          return { id: event.id, type: event.type, payment: sessionPayment(event.data.object) };
        case 'checkout.session.async_payment_failed':
          return {
            id: event.id,
            type: event.type,
            payment: { ...sessionPayment(event.data.object), state: 'failed', outcome: 'card_declined' },
          };
        default:
          return { id: event.id, type: event.type, payment: null };
      }
    },

    async refund(chargeRef, amountMinor, _currency, idempotencyKey) {
      // A one-off order's charge is its payment intent; a subscription period's is the invoice
      // that paid it, which Stripe refunds through that invoice's payment.
      const paymentIntent = chargeRef.startsWith('in_') ? await invoicePaymentIntent(chargeRef) : chargeRef;
      // Stripe counts in the currency's smallest unit, as Tolk does.
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountMinor },
        { idempotencyKey },
      );
      return { refundRef: refund.id };
    },

    subscribe: billing.subscribe,
    subscription: billing.subscription,
    cancelSubscription: billing.cancelSubscription,
  };
}
