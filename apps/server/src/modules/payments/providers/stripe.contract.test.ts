import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { signedStripeEvent as signedEvent, stripeContract, STRIPE_WEBHOOK_SECRET } from '../../../test/fake-stripe';
import type { VendorServer } from '../../../test/vendor-server';
import { WebhookSignatureError, type RedirectProvider } from './provider';

let api: VendorServer;
let stripe: Awaited<ReturnType<typeof stripeContract>>['stripe'];
let provider: RedirectProvider;

beforeAll(async () => {
  ({ api, stripe, provider } = await stripeContract());
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
      secret: STRIPE_WEBHOOK_SECRET,
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
