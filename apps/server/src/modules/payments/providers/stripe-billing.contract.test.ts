import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedStripeEvent as signedEvent, stripeContract } from '../../../test/fake-stripe';
import type { VendorServer } from '../../../test/vendor-server';
import { WebhookSignatureError, type RedirectProvider, type SubscriptionCheckoutRequest } from './provider';

let api: VendorServer;
let stripe: Awaited<ReturnType<typeof stripeContract>>['stripe'];
let provider: RedirectProvider;

beforeAll(async () => {
  ({ api, stripe, provider } = await stripeContract());
});
afterAll(() => api.close());

let made = 0;
/** A member's subscription to the 9.90 EUR monthly plan, with its own ids each time. */
function request(): SubscriptionCheckoutRequest {
  made += 1;
  const n = String(made).padStart(12, '0');
  return {
    subscriptionId: `5b0e3c1a-8d1f-4c4e-9a8e-${n}`,
    paymentId: `c2a4d2f0-1e6b-4b7d-8f3e-${n}`,
    planId: '0d9b7b0c-3f5e-4a55-b1a2-000000000001',
    planName: 'Tolk Plus',
    interval: 'month',
    amountMinor: 990,
    currency: 'EUR',
    returnUrl: 'http://tolk.test/select-payment/1?return=1',
    cancelUrl: 'http://tolk.test/select-payment/1?cancel=1',
  };
}

/** A subscription the payer has paid for: its checkout session and Stripe's subscription id. */
async function paidSubscription(asked = request()) {
  const { providerRef } = await provider.subscribe(asked);
  const session = stripe.pay(providerRef);
  return { asked, session, subscriptionId: String(session.subscription) };
}

const DAY = 24 * 3600 * 1000;

describe('Stripe Billing, through the official package, against a contract server', () => {
  it('opens one subscription-mode Checkout Session per payment, with the plan priced inline', async () => {
    const asked = request();
    const first = await provider.subscribe(asked);
    expect(await provider.subscribe(asked)).toEqual(first);
    expect(first.providerRef).toMatch(/^cs_/);
    expect(first.redirectUrl).toBe(`https://checkout.stripe.com/c/pay/${first.providerRef}`);
    const created = api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(created.at(-1)!.headers['idempotency-key']).toBe(`subscribe-${asked.paymentId}`);
    const form = Object.fromEntries(new URLSearchParams(created.at(-1)!.body));
    expect(form).toMatchObject({
      mode: 'subscription',
      client_reference_id: asked.paymentId,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '990',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': 'Tolk Plus',
      'subscription_data[metadata][tolk_subscription]': asked.subscriptionId,
      'metadata[tolk_subscription]': asked.subscriptionId,
      'metadata[paymentId]': asked.paymentId,
      success_url: asked.returnUrl,
      cancel_url: asked.cancelUrl,
    });
  });

  it('reads the session as pending until paid, then as the active subscription with its first invoice', async () => {
    const asked = request();
    const { providerRef } = await provider.subscribe(asked);
    expect(await provider.subscription(providerRef)).toEqual({
      tolkId: asked.subscriptionId,
      providerRef: null,
      state: 'pending',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      charge: null,
    });
    const session = stripe.pay(providerRef);
    const subscriptionId = String(session.subscription);
    const paid = await provider.subscription(providerRef);
    expect(paid).toMatchObject({
      tolkId: asked.subscriptionId,
      providerRef: subscriptionId,
      state: 'active',
      cancelAtPeriodEnd: false,
      charge: { chargeRef: String(session.invoice), amountMinor: 990, currency: 'EUR' },
    });
    const { periodStart, periodEnd } = paid.charge!;
    expect(periodEnd.getTime() - periodStart.getTime()).toBeGreaterThanOrEqual(28 * DAY);
    expect(paid.currentPeriodEnd).toEqual(periodEnd);
    // The session was read with its subscription and that subscription's latest invoice.
    const read = api.requests.filter((r) => r.path === `/v1/checkout/sessions/${providerRef}`).at(-1)!;
    expect([...read.query.values()]).toContain('subscription.latest_invoice');
    // Read by the subscription's own id (a later check), it is the same.
    expect(await provider.subscription(subscriptionId)).toEqual(paid);
  });

  it('reads a session that ran out unpaid as ended', async () => {
    const asked = request();
    const { providerRef } = await provider.subscribe(asked);
    stripe.expire(providerRef);
    expect(await provider.subscription(providerRef)).toMatchObject({
      tolkId: asked.subscriptionId,
      state: 'ended',
      providerRef: null,
    });
  });

  it('cancels at the end of the paid period, and takes a second cancel of an ended one quietly', async () => {
    const { subscriptionId } = await paidSubscription();
    await provider.cancelSubscription(subscriptionId);
    const update = api.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`);
    expect(new URLSearchParams(update.at(-1)!.body).get('cancel_at_period_end')).toBe('true');
    expect(await provider.subscription(subscriptionId)).toMatchObject({ state: 'active', cancelAtPeriodEnd: true });
    stripe.end(subscriptionId);
    await expect(provider.cancelSubscription(subscriptionId)).resolves.toBeUndefined();
    await expect(provider.cancelSubscription('sub_unknown')).rejects.toThrow(/No such subscription/);
  });
});

describe('Stripe Billing webhooks', () => {
  it('reads a completed subscription checkout as the active subscription and its first charge, not a payment', async () => {
    const { asked, session, subscriptionId } = await paidSubscription();
    const hook = signedEvent('checkout.session.completed', session);
    const event = await provider.webhook(hook.body, hook.headers);
    expect(event).toMatchObject({
      type: 'checkout.session.completed',
      payment: null,
      subscription: {
        tolkId: asked.subscriptionId,
        providerRef: subscriptionId,
        state: 'active',
        charge: { chargeRef: String(session.invoice), amountMinor: 990, currency: 'EUR' },
      },
    });
  });

  it("reads invoice.paid as the renewal's charge for the period it pays, with the id from the invoice", async () => {
    const { asked, session, subscriptionId } = await paidSubscription();
    const first = (await provider.subscription(subscriptionId)).charge!;
    const invoice = stripe.renew(subscriptionId);
    const hook = signedEvent('invoice.paid', invoice);
    const { payment, subscription } = await provider.webhook(hook.body, hook.headers);
    expect(payment).toBeNull();
    expect(subscription).toMatchObject({
      tolkId: asked.subscriptionId,
      providerRef: subscriptionId,
      state: 'active',
      cancelAtPeriodEnd: false,
      charge: { chargeRef: invoice.id, amountMinor: 990, currency: 'EUR' },
    });
    expect(invoice.id).not.toBe(session.invoice);
    // The period paid for follows the first (not the invoice-level window that just closed).
    expect(subscription!.charge!.periodStart).toEqual(first.periodEnd);
    expect(subscription!.charge!.periodEnd.getTime()).toBeGreaterThan(first.periodEnd.getTime() + 27 * DAY);
    expect(subscription!.currentPeriodEnd).toEqual(subscription!.charge!.periodEnd);

    const oneOff = signedEvent('invoice.paid', { ...invoice, id: 'in_one_off', parent: null });
    expect((await provider.webhook(oneOff.body, oneOff.headers)).subscription).toBeNull();
  });

  it('reads customer.subscription.updated and .deleted as the cancellation and the end', async () => {
    const { asked, subscriptionId } = await paidSubscription();
    await provider.cancelSubscription(subscriptionId);
    const updated = signedEvent('customer.subscription.updated', stripe.object(subscriptionId));
    expect((await provider.webhook(updated.body, updated.headers)).subscription).toMatchObject({
      tolkId: asked.subscriptionId,
      providerRef: subscriptionId,
      state: 'active',
      cancelAtPeriodEnd: true,
      charge: null,
    });
    const deleted = signedEvent('customer.subscription.deleted', stripe.end(subscriptionId));
    const ended = await provider.webhook(deleted.body, deleted.headers);
    expect(ended).toMatchObject({ payment: null, subscription: { providerRef: subscriptionId, state: 'ended' } });
    expect(ended.subscription!.currentPeriodEnd).toBeInstanceOf(Date);
  });

  it('reads an expired subscription checkout as ended, and still reads a payment checkout as a payment', async () => {
    const asked = request();
    const { providerRef } = await provider.subscribe(asked);
    const expired = signedEvent('checkout.session.expired', stripe.expire(providerRef));
    expect(await provider.webhook(expired.body, expired.headers)).toMatchObject({
      payment: null,
      subscription: { tolkId: asked.subscriptionId, state: 'ended' },
    });
    const order = await provider.checkout({ ...asked, description: 'Guidebook', paymentId: `${asked.paymentId}-o` });
    const completed = signedEvent('checkout.session.completed', stripe.pay(order.providerRef));
    const paid = await provider.webhook(completed.body, completed.headers);
    expect(paid.payment).toMatchObject({ providerRef: order.providerRef, state: 'succeeded' });
    expect(paid.subscription).toBeUndefined();
  });

  it('refuses subscription events not signed with the endpoint secret', async () => {
    const { subscriptionId } = await paidSubscription();
    const invoice = stripe.renew(subscriptionId);
    const forged = signedEvent('invoice.paid', invoice, 'whsec_someone_else');
    await expect(provider.webhook(forged.body, forged.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    const good = signedEvent('customer.subscription.deleted', stripe.end(subscriptionId));
    const tampered = Buffer.from(good.body.toString().replace('"canceled"', '"active"'));
    await expect(provider.webhook(tampered, good.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});
