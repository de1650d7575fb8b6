import Stripe from 'stripe';
import { createStripeProvider } from '../modules/payments/providers/stripe';
import type { RedirectProvider } from '../modules/payments/providers/provider';
import { vendorServer, type VendorRequest, type VendorServer } from './vendor-server';

export const STRIPE_SECRET_KEY = 'sk_test_contract';
export const STRIPE_WEBHOOK_SECRET = 'whsec_contract_secret';

/**
 * Stripe's API as far as Tolk uses it (Checkout Sessions, refunds), answering as Stripe
 * documents: form-encoded bodies, the key as a bearer, the same object for a repeated
 * Idempotency-Key, errors as `{ error: { type, message } }`.
 */
export function fakeStripe() {
  const sessions = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, unknown>();
  let next = 1;
  const handle = (request: VendorRequest) => {
    if (request.headers.authorization !== `Bearer ${STRIPE_SECRET_KEY}`) {
      return { status: 401, json: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    }
    const key = request.headers['idempotency-key'];
    if (request.method === 'POST' && typeof key === 'string' && byKey.has(key)) return { json: byKey.get(key) };
    const form = new URLSearchParams(request.body);
    let answer: unknown;
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const id = `cs_test_${next++}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        client_reference_id: form.get('client_reference_id'),
        metadata: { paymentId: form.get('metadata[paymentId]') },
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]'),
        product: form.get('line_items[0][price_data][product_data][name]'),
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
      };
      sessions.set(id, session);
      answer = session;
    } else if (request.method === 'GET' && request.path.startsWith('/v1/checkout/sessions/')) {
      const session = sessions.get(request.path.split('/').at(-1)!);
      if (!session)
        return { status: 404, json: { error: { type: 'invalid_request_error', message: 'No such checkout.session' } } };
      answer = session;
    } else if (request.method === 'POST' && request.path === '/v1/refunds') {
      answer = {
        id: `re_test_${next++}`,
        object: 'refund',
        payment_intent: form.get('payment_intent'),
        amount: Number(form.get('amount')),
        status: 'succeeded',
      };
    } else {
      return {
        status: 404,
        json: {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${request.method}: ${request.path})`,
          },
        },
      };
    }
    if (typeof key === 'string') byKey.set(key, answer);
    return { json: answer };
  };
  return {
    handle,
    /** The payer pays on Stripe's page. */
    pay(id: string) {
      Object.assign(sessions.get(id)!, { status: 'complete', payment_status: 'paid', payment_intent: `pi_test_${id}` });
      return sessions.get(id)!;
    },
  };
}

/** An event as Stripe sends it, signed as Stripe signs it (the SDK's own test helper). */
export function signedStripeEvent(type: string, object: unknown, secret = STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${type}_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { body: Buffer.from(payload), headers: { 'stripe-signature': header } };
}

/** The contract server listening, and a Stripe provider of the official package talking to it. */
export async function stripeContract(): Promise<{
  api: VendorServer;
  stripe: ReturnType<typeof fakeStripe>;
  provider: RedirectProvider;
}> {
  const stripe = fakeStripe();
  const api = await vendorServer((request) => stripe.handle(request));
  const provider = createStripeProvider({
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    api: { host: '127.0.0.1', port: Number(new URL(api.url).port), protocol: 'http' },
  });
  return { api, stripe, provider };
}
