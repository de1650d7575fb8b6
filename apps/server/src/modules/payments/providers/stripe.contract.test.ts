import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { vendorServer, type VendorRequest, type VendorServer } from '../../../test/vendor-server';
import { WebhookSignatureError, type RedirectProvider } from './provider';
import { createStripeProvider } from './stripe';

const SECRET_KEY = 'sk_test_contract';
const WEBHOOK_SECRET = 'whsec_contract_secret';

/**
 * Stripe's API as far as Tolk uses it (Checkout Sessions, refunds), answering as Stripe
 * documents: form-encoded bodies, the key as a bearer, the same object for a repeated
 * Idempotency-Key, errors as `{ error: { type, message } }`.
 */
function fakeStripe() {
  const sessions = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, unknown>();
  let next = 1;
  const handle = (request: VendorRequest) => {
    if (request.headers.authorization !== `Bearer ${SECRET_KEY}`) {
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
function signedEvent(type: string, object: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${type}_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { body: Buffer.from(payload), headers: { 'stripe-signature': header } };
}

let api: VendorServer;
let stripe: ReturnType<typeof fakeStripe>;
let provider: RedirectProvider;

beforeAll(async () => {
  stripe = fakeStripe();
  api = await vendorServer((request) => stripe.handle(request));
  const { port } = new URL(api.url);
  provider = createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    api: { host: '127.0.0.1', port: Number(port), protocol: 'http' },
  });
});
afterAll(() => api.close());

const request = {
  paymentId: '7f0c6f43-2d0e-4a5c-9f59-111111111111',
  amountMinor: 5000,
  currency: 'EUR',
  description: 'Walk through Alfama × 2',
  returnUrl: 'http://tolk.test/pay/1?return=1',
  cancelUrl: 'http://tolk.test/pay/1?cancel=1',
};

describe('Stripe, through the official package, against a contract server', () => {
  it('opens one Checkout Session per payment, however often it is asked', async () => {
    const first = await provider.checkout(request);
    const again = await provider.checkout(request);
    expect(again).toEqual(first);
    expect(first.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const created = api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(created[0]!.headers['idempotency-key']).toBe(`checkout-${request.paymentId}`);
    const form = new URLSearchParams(created[0]!.body);
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('5000');
    expect(form.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(form.get('client_reference_id')).toBe(request.paymentId);
    expect(provider.testMode).toBe(true);
  });

  it('reads a session as pending until paid, then as paid with its payment intent', async () => {
    const { providerRef } = await provider.checkout({ ...request, paymentId: '7f0c6f43-2d0e-4a5c-9f59-222222222222' });
    expect((await provider.settle(providerRef)).state).toBe('pending');
    stripe.pay(providerRef);
    expect(await provider.settle(providerRef)).toEqual({
      providerRef,
      state: 'succeeded',
      chargeRef: `pi_test_${providerRef}`,
      amountMinor: 5000,
      currency: 'EUR',
    });
  });

  it('takes a webhook signed with the endpoint secret, and refuses a forged or replayed-late one', async () => {
    const { providerRef } = await provider.checkout({ ...request, paymentId: '7f0c6f43-2d0e-4a5c-9f59-333333333333' });
    const session = stripe.pay(providerRef);
    const good = signedEvent('checkout.session.completed', session);
    const event = await provider.webhook(good.body, good.headers);
    expect(event.type).toBe('checkout.session.completed');
    expect(event.payment).toMatchObject({ providerRef, state: 'succeeded', amountMinor: 5000 });

    const forged = signedEvent('checkout.session.completed', session, 'whsec_someone_else');
    await expect(provider.webhook(forged.body, forged.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    const tampered = Buffer.from(good.body.toString().replace('5000', '1'));
    await expect(provider.webhook(tampered, good.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.webhook(good.body, {})).rejects.toBeInstanceOf(WebhookSignatureError);
    const old = Stripe.webhooks.generateTestHeaderString({
      payload: good.body.toString(),
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    await expect(provider.webhook(good.body, { 'stripe-signature': old })).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('passes over events Tolk does not act on, and reads a failed async payment as failed', async () => {
    const other = signedEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await provider.webhook(other.body, other.headers)).payment).toBeNull();
    const { providerRef } = await provider.checkout({ ...request, paymentId: '7f0c6f43-2d0e-4a5c-9f59-444444444444' });
    const failed = signedEvent('checkout.session.async_payment_failed', {
      ...stripe.pay(providerRef),
      payment_status: 'unpaid',
    });
    expect((await provider.webhook(failed.body, failed.headers)).payment).toMatchObject({
      state: 'failed',
      outcome: 'card_declined',
    });
  });

  it('refunds a payment intent once per key', async () => {
    const first = await provider.refund('pi_test_1', 2500, 'EUR', 'refund-order-1');
    const again = await provider.refund('pi_test_1', 2500, 'EUR', 'refund-order-1');
    expect(again).toEqual(first);
    const refund = api.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(new URLSearchParams(refund.body).get('amount')).toBe('2500');
  });
});
