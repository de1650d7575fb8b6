import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paypalContract } from '../../../test/fake-paypal';
import type { VendorServer } from '../../../test/vendor-server';
import { WebhookSignatureError, type RedirectProvider } from './provider';

let contract: Awaited<ReturnType<typeof paypalContract>>;
let api: VendorServer;
let paypal: typeof contract.paypal;
let provider: RedirectProvider;

beforeAll(async () => {
  contract = await paypalContract();
  ({ api, paypal, provider } = contract);
});
afterAll(() => contract.close());

const request = {
  paymentId: '9a1b7a7e-0d55-4d8e-8c1f-111111111111',
  amountMinor: 5000,
  currency: 'EUR',
  description: 'Walk through Alfama × 2',
  returnUrl: 'http://tolk.test/pay/1?return=1',
  cancelUrl: 'http://tolk.test/pay/1?cancel=1',
};

describe('PayPal, through the official server SDK, against a contract server', () => {
  it('creates one order per payment, with the amount in major units and the approval page to go to', async () => {
    const first = await provider.checkout(request);
    const again = await provider.checkout(request);
    expect(again).toEqual(first);
    expect(first.redirectUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${first.providerRef}`);
    const created = api.requests.find((r) => r.path === '/v2/checkout/orders')!;
    expect(created.headers['paypal-request-id']).toBe(`checkout-${request.paymentId}`);
    expect(JSON.parse(created.body)).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: request.paymentId, amount: { currency_code: 'EUR', value: '50.00' } }],
      payment_source: {
        paypal: { experience_context: { return_url: request.returnUrl, cancel_url: request.cancelUrl } },
      },
    });
    expect(provider.testMode).toBe(true);
  });

  it('reads an order as pending until approved, then captures it once', async () => {
    const { providerRef } = await provider.checkout({ ...request, paymentId: '9a1b7a7e-0d55-4d8e-8c1f-222222222222' });
    expect((await provider.settle(providerRef)).state).toBe('pending');
    paypal.approve(providerRef);
    const paid = await provider.settle(providerRef);
    expect(paid).toMatchObject({ providerRef, state: 'succeeded', amountMinor: 5000, currency: 'EUR' });
    expect(paid.chargeRef).toMatch(/^CAP/);
    // Read again (the payer back from PayPal and the webhook both ask): no second capture.
    expect(await provider.settle(providerRef)).toEqual(paid);
    expect(api.requests.filter((r) => r.path === `/v2/checkout/orders/${providerRef}/capture`)).toHaveLength(1);
  });

  it('reads a refused instrument as a declined payment, not an outage', async () => {
    const { providerRef } = await provider.checkout({ ...request, paymentId: '9a1b7a7e-0d55-4d8e-8c1f-333333333333' });
    paypal.decline(providerRef);
    expect(await provider.settle(providerRef)).toMatchObject({
      state: 'failed',
      outcome: 'card_declined',
      chargeRef: null,
    });
  });

  it('has PayPal verify each webhook, and refuses one it does not verify or that lacks its headers', async () => {
    const { providerRef } = await provider.checkout({ ...request, paymentId: '9a1b7a7e-0d55-4d8e-8c1f-444444444444' });
    const capture = {
      id: 'CAP-HOOK-1',
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: '50.00' },
      supplementary_data: { related_ids: { order_id: providerRef } },
    };
    const good = paypal.event('PAYMENT.CAPTURE.COMPLETED', capture);
    expect(await provider.webhook(good.body, good.headers)).toMatchObject({
      type: 'PAYMENT.CAPTURE.COMPLETED',
      payment: { providerRef, state: 'succeeded', chargeRef: 'CAP-HOOK-1', amountMinor: 5000, currency: 'EUR' },
    });
    const tampered = Buffer.from(good.body.toString().replace('50.00', '0.01'));
    await expect(provider.webhook(tampered, good.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    const unsigned = Object.fromEntries(
      Object.entries(good.headers).filter(([name]) => name !== 'paypal-transmission-sig'),
    );
    await expect(provider.webhook(good.body, unsigned)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.webhook(Buffer.from('not json'), good.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('settles an approved order from its CHECKOUT.ORDER.APPROVED event by capturing it', async () => {
    const { providerRef } = await provider.checkout({ ...request, paymentId: '9a1b7a7e-0d55-4d8e-8c1f-555555555555' });
    paypal.approve(providerRef);
    const approved = paypal.event('CHECKOUT.ORDER.APPROVED', { id: providerRef, status: 'APPROVED' });
    expect((await provider.webhook(approved.body, approved.headers)).payment).toMatchObject({
      providerRef,
      state: 'succeeded',
    });
  });

  it('refunds a capture once per key, in major units', async () => {
    const first = await provider.refund('CAP1', 2500, 'EUR', 'refund-order-1');
    expect(await provider.refund('CAP1', 2500, 'EUR', 'refund-order-1')).toEqual(first);
    const refund = api.requests.filter((r) => r.path === '/v2/payments/captures/CAP1/refund').at(-1)!;
    expect(JSON.parse(refund.body)).toEqual({ amount: { currency_code: 'EUR', value: '25.00' } });
  });
});
