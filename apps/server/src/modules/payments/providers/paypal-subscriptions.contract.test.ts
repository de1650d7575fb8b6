import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paypalContract } from '../../../test/fake-paypal';
import type { VendorServer } from '../../../test/vendor-server';
import { WebhookSignatureError, type RedirectProvider, type SubscriptionCheckoutRequest } from './provider';

let contract: Awaited<ReturnType<typeof paypalContract>>;
let api: VendorServer;
let paypal: typeof contract.paypal;
let provider: RedirectProvider;

beforeAll(async () => {
  contract = await paypalContract();
  ({ api, paypal, provider } = contract);
});
afterAll(() => contract.close());

const PLAN = '0d9b7b0c-3f5e-4a55-b1a2-000000000001';
let made = 0;
/** A member's subscription to the 9.90 EUR monthly plan, with its own ids each time. */
function request(changes: Partial<SubscriptionCheckoutRequest> = {}): SubscriptionCheckoutRequest {
  made += 1;
  const n = String(made).padStart(12, '0');
  return {
    subscriptionId: `5b0e3c1a-8d1f-4c4e-9a8e-${n}`,
    paymentId: `c2a4d2f0-1e6b-4b7d-8f3e-${n}`,
    planId: PLAN,
    planName: 'Tolk Plus',
    interval: 'month',
    amountMinor: 990,
    currency: 'EUR',
    returnUrl: 'http://tolk.test/select-payment/1?return=1',
    cancelUrl: 'http://tolk.test/select-payment/1?cancel=1',
    ...changes,
  };
}

/** A subscription the payer approved and PayPal activated, charging the first cycle. */
async function activeSubscription(asked = request()) {
  const { providerRef } = await provider.subscribe(asked);
  const sale = paypal.activateSubscription(providerRef);
  return { asked, providerRef, sale };
}

const posted = (path: string) => api.requests.filter((r) => r.method === 'POST' && r.path === path);
const oneMonthOn = (time: string) => {
  const date = new Date(time);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date;
};

describe('PayPal Subscriptions, through the official server SDK, against a contract server', () => {
  it('makes the catalog product and billing plan once, then one subscription per payment with its approval page', async () => {
    const asked = request();
    const first = await provider.subscribe(asked);
    expect(await provider.subscribe(asked)).toEqual(first);
    expect(first.providerRef).toMatch(/^I-/);
    expect(first.redirectUrl).toMatch(
      /^https:\/\/www\.sandbox\.paypal\.com\/webapps\/billing\/subscriptions\?ba_token=/,
    );

    const product = posted('/v1/catalogs/products');
    expect(product).toHaveLength(1);
    expect(JSON.parse(product[0]!.body)).toEqual({ id: `TOLK-${PLAN}`, name: 'Tolk Plus', type: 'SERVICE' });
    const plan = posted('/v1/billing/plans');
    expect(plan).toHaveLength(1);
    expect(plan[0]!.headers['paypal-request-id']).toBe(`plan-${PLAN}-990-EUR-month`);
    expect(JSON.parse(plan[0]!.body)).toMatchObject({
      product_id: `TOLK-${PLAN}`,
      status: 'ACTIVE',
      billing_cycles: [
        {
          frequency: { interval_unit: 'MONTH', interval_count: 1 },
          tenure_type: 'REGULAR',
          total_cycles: 0,
          pricing_scheme: { fixed_price: { currency_code: 'EUR', value: '9.90' } },
        },
      ],
    });
    const subscription = posted('/v1/billing/subscriptions').at(-1)!;
    expect(subscription.headers['paypal-request-id']).toBe(`subscribe-${asked.paymentId}`);
    expect(JSON.parse(subscription.body)).toMatchObject({
      plan_id: paypal.made().plans[0]!.id,
      custom_id: asked.subscriptionId,
      application_context: { return_url: asked.returnUrl, cancel_url: asked.cancelUrl, user_action: 'SUBSCRIBE_NOW' },
    });

    // Another member on the same price: the same plan. Another price: a new plan of the same product.
    await provider.subscribe(request());
    expect(paypal.made().plans).toHaveLength(1);
    await provider.subscribe(request({ amountMinor: 9900, interval: 'year' }));
    expect(paypal.made()).toMatchObject({ products: [`TOLK-${PLAN}`] });
    expect(paypal.made().plans.map((p) => p.billing_cycles[0]!.pricing_scheme.fixed_price.value)).toEqual([
      '9.90',
      '99.00',
    ]);
  });

  it('finds its product and plans again at PayPal after a restart instead of making new ones', async () => {
    await provider.subscribe(request());
    const before = { plans: paypal.made().plans.length, created: posted('/v1/billing/plans').length };
    // Days later: PayPal no longer answers a repeated PayPal-Request-Id with what it made then.
    paypal.forgetRequestIds();
    const restarted = contract.connect();
    const again = await restarted.subscribe(request());
    expect(again.providerRef).toMatch(/^I-/);
    expect(paypal.made().plans).toHaveLength(before.plans);
    expect(posted('/v1/billing/plans')).toHaveLength(before.created);
    expect(posted('/v1/catalogs/products')).toHaveLength(1);
    const listed = api.requests.filter((r) => r.method === 'GET' && r.path === '/v1/billing/plans').at(-1)!;
    expect(listed.query.get('product_id')).toBe(`TOLK-${PLAN}`);
    expect(listed.headers.prefer).toBe('return=representation');
  });

  it('reads a subscription as pending until PayPal activates it, then active with the sale of its first cycle', async () => {
    const asked = request();
    const { providerRef } = await provider.subscribe(asked);
    expect(await provider.subscription(providerRef)).toEqual({
      tolkId: asked.subscriptionId,
      providerRef,
      state: 'pending',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      renewalFailing: false,
      charge: null,
    });
    paypal.approveSubscription(providerRef);
    expect((await provider.subscription(providerRef)).state).toBe('pending');
    const sale = paypal.activateSubscription(providerRef);
    const active = await provider.subscription(providerRef);
    expect(active).toEqual({
      tolkId: asked.subscriptionId,
      providerRef,
      state: 'active',
      currentPeriodEnd: oneMonthOn(sale.create_time),
      cancelAtPeriodEnd: false,
      renewalFailing: false,
      charge: {
        chargeRef: sale.id,
        amountMinor: 990,
        currency: 'EUR',
        periodStart: new Date(sale.create_time),
        periodEnd: oneMonthOn(sale.create_time),
      },
    });
    const read = api.requests.filter(
      (r) => r.method === 'GET' && r.path === `/v1/billing/subscriptions/${providerRef}`,
    );
    expect(read.at(-1)!.query.get('fields')).toBe('plan');
  });

  it('cancels with a reason; the subscription ends but its paid cycle still runs out', async () => {
    const { providerRef, sale } = await activeSubscription();
    await provider.cancelSubscription(providerRef);
    const cancel = posted(`/v1/billing/subscriptions/${providerRef}/cancel`);
    expect(JSON.parse(cancel[0]!.body)).toEqual({ reason: expect.any(String) });
    expect(await provider.subscription(providerRef)).toMatchObject({
      state: 'ended',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: oneMonthOn(sale.create_time),
      charge: { chargeRef: sale.id },
    });
    // Asked again (a retry): PayPal refuses a second cancel, and there is nothing left to stop.
    await expect(provider.cancelSubscription(providerRef)).resolves.toBeUndefined();
    const pending = await provider.subscribe(request());
    await expect(provider.cancelSubscription(pending.providerRef)).rejects.toThrow();
  });
});

describe('PayPal Subscriptions webhooks', () => {
  it('reads BILLING.SUBSCRIPTION.ACTIVATED as the active subscription with its first charge', async () => {
    const { asked, providerRef, sale } = await activeSubscription();
    const hook = paypal.event('BILLING.SUBSCRIPTION.ACTIVATED', paypal.subscriptionResource(providerRef));
    expect(await provider.webhook(hook.body, hook.headers)).toMatchObject({
      type: 'BILLING.SUBSCRIPTION.ACTIVATED',
      payment: null,
      subscription: {
        tolkId: asked.subscriptionId,
        providerRef,
        state: 'active',
        charge: { chargeRef: sale.id, amountMinor: 990, currency: 'EUR' },
      },
    });
  });

  it("reads PAYMENT.SALE.COMPLETED as a cycle's charge: the sale, for the cycle it pays", async () => {
    const { asked, providerRef, sale: first } = await activeSubscription();
    const renewal = paypal.renewSubscription(providerRef);
    const hook = paypal.event('PAYMENT.SALE.COMPLETED', renewal);
    const event = await provider.webhook(hook.body, hook.headers);
    expect(event).toMatchObject({
      payment: null,
      subscription: {
        tolkId: asked.subscriptionId,
        providerRef,
        state: 'active',
        cancelAtPeriodEnd: false,
        charge: { chargeRef: renewal.id, amountMinor: 990, currency: 'EUR' },
      },
    });
    expect(renewal.id).not.toBe(first.id);
    expect(event.subscription!.charge!.periodStart).toEqual(oneMonthOn(first.create_time));
    expect(event.subscription!.charge!.periodEnd).toEqual(oneMonthOn(renewal.create_time));
    expect(event.subscription!.currentPeriodEnd).toEqual(oneMonthOn(renewal.create_time));
    // The same sale read back from the subscription has the same chargeRef: the money is booked once.
    expect((await provider.subscription(providerRef)).charge).toEqual(event.subscription!.charge);
  });

  it('reads CANCELLED, SUSPENDED and EXPIRED as ended', async () => {
    const cancelled = await activeSubscription();
    await provider.cancelSubscription(cancelled.providerRef);
    const hook = paypal.event('BILLING.SUBSCRIPTION.CANCELLED', paypal.subscriptionResource(cancelled.providerRef));
    expect((await provider.webhook(hook.body, hook.headers)).subscription).toMatchObject({
      providerRef: cancelled.providerRef,
      state: 'ended',
      cancelAtPeriodEnd: true,
    });
    for (const status of ['SUSPENDED', 'EXPIRED'] as const) {
      const { providerRef } = await activeSubscription();
      paypal.setSubscriptionStatus(providerRef, status);
      const event = paypal.event(`BILLING.SUBSCRIPTION.${status}`, paypal.subscriptionResource(providerRef));
      expect((await provider.webhook(event.body, event.headers)).subscription).toMatchObject({
        providerRef,
        state: 'ended',
        cancelAtPeriodEnd: false,
      });
    }
  });

  it('refuses a subscription event PayPal does not verify, and leaves order events as they were', async () => {
    const { providerRef } = await activeSubscription();
    const good = paypal.event('PAYMENT.SALE.COMPLETED', paypal.renewSubscription(providerRef));
    const tampered = Buffer.from(good.body.toString().replace('"9.90"', '"0.01"'));
    await expect(provider.webhook(tampered, good.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    const capture = paypal.event('PAYMENT.CAPTURE.COMPLETED', {
      id: 'CAP-HOOK-SUB',
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: '9.90' },
      supplementary_data: { related_ids: { order_id: '5O000000000000001' } },
    });
    const event = await provider.webhook(capture.body, capture.headers);
    expect(event.payment).toMatchObject({ chargeRef: 'CAP-HOOK-SUB', state: 'succeeded' });
    expect(event.subscription).toBeUndefined();
  });
});
