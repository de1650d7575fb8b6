import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentEvents, payments } from '../../db/schema/payments';
import { signedStripeEvent } from '../../test/fake-stripe';
import { expectError } from '../../test/factories';
import {
  t,
  stripe,
  paypal,
  type Deal,
  deal,
  startPayment,
  started,
  charged,
  paymentOf,
  orderOf,
  cancel,
  stripeDown,
  money,
  expectIntegrity,
  storedEvents,
  stripeWebhook,
  paypalWebhook,
  expectReceipt,
  usePaymentsApp,
} from './payments.test-kit';

usePaymentsApp();

describe('Stripe', () => {
  async function stripePayment(d: Deal) {
    const payment = await started(d.buyer, d.order.id, 'stripe');
    const session = stripe.api.requests
      .filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')
      .at(-1)!;
    const form = new URLSearchParams(session.body);
    expect(form.get('success_url')).toBe(`https://tolk.test/pay/${payment.id}?return=1`);
    expect(form.get('cancel_url')).toBe(`https://tolk.test/pay/${payment.id}?cancel=1`);
    const providerRef = payment.redirectUrl!.split('/').at(-1)!;
    return { payment, providerRef };
  }

  it('sends the payer to Stripe once per order: asking again finds the same payment and page', async () => {
    const d = await deal(2);
    const { payment } = await stripePayment(d);
    expect(payment).toMatchObject({ provider: 'stripe', testMode: true, state: 'pending', amountMinor: 5000 });
    expect(payment.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const again = await started(d.buyer, d.order.id, 'stripe');
    expect(again).toMatchObject({ id: payment.id, redirectUrl: payment.redirectUrl });
    // Back before paying: still pending, nothing moved.
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({ state: 'pending', order: { state: 'accepted' } });
  });

  it('settles on the return page first, and then changes nothing for the webhook or its redelivery', async () => {
    const d = await deal(2);
    const before = await money(d);
    const { payment, providerRef } = await stripePayment(d);
    const session = stripe.stripe.pay(providerRef);
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({ state: 'succeeded', order: { state: 'paid' } });
    const settled = await money(d);
    expect(settled.seller - before.seller).toBe(4500);
    expect(settled.stripe - before.stripe).toBe(-5000);

    const event = signedStripeEvent('checkout.session.completed', session);
    expectReceipt(await stripeWebhook(event.body, event.headers), false);
    expectReceipt(await stripeWebhook(event.body, event.headers), true);
    expect(await money(d)).toEqual(settled);
    const [stored] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, (JSON.parse(event.body.toString()) as { id: string }).id));
    expect(stored).toMatchObject({ provider: 'stripe', type: 'checkout.session.completed', paymentId: payment.id });
    expect(stored!.processedAt).not.toBeNull();
    expect((await orderOf(d.seller, d.order.id)).events.filter((e) => e.state === 'paid')).toHaveLength(1);
    await expectIntegrity();
  });

  it('settles on the webhook first, and the return page then reads it paid', async () => {
    const d = await deal(1);
    const before = await money(d);
    const { payment, providerRef } = await stripePayment(d);
    const event = signedStripeEvent('checkout.session.completed', stripe.stripe.pay(providerRef));
    expectReceipt(await stripeWebhook(event.body, event.headers), false);
    const after = await money(d);
    expect(after.seller - before.seller).toBe(2250);
    expect(after.fees - before.fees).toBe(250);
    const reads = stripe.api.requests.length;
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({ state: 'succeeded', order: { state: 'paid' } });
    // Settled: the return page does not ask Stripe again.
    expect(stripe.api.requests.length).toBe(reads);
    expect(await money(d)).toEqual(after);
    await expectIntegrity();
  });

  it('refuses a webhook whose signature does not hold with 400, storing and changing nothing', async () => {
    const d = await deal(1);
    const before = await money(d);
    const { payment, providerRef } = await stripePayment(d);
    const session = stripe.stripe.pay(providerRef);
    const events = await storedEvents();
    const forged = signedStripeEvent('checkout.session.completed', session, 'whsec_someone_else');
    expectError(await stripeWebhook(forged.body, forged.headers), 400, 'bad_request');
    const good = signedStripeEvent('checkout.session.completed', session);
    const tampered = Buffer.from(good.body.toString().replace('"amount_total":2500', '"amount_total":1'));
    expectError(await stripeWebhook(tampered, good.headers), 400, 'bad_request');
    expectError(await stripeWebhook(good.body, {}), 400, 'bad_request');
    expect(await storedEvents()).toBe(events);
    expect(await money(d)).toEqual(before);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.state).toBe('pending');
  });

  it('passes over events it does not act on, storing them once', async () => {
    const other = signedStripeEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expectReceipt(await stripeWebhook(other.body, other.headers), false);
    expectReceipt(await stripeWebhook(other.body, other.headers), true);
  });

  it('marks an expired checkout expired, and the buyer starts another', async () => {
    const d = await deal(1);
    const { payment } = await stripePayment(d);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    const event = signedStripeEvent('checkout.session.expired', {
      id: row!.providerRef,
      object: 'checkout.session',
      status: 'expired',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_total: 2500,
      currency: 'eur',
    });
    expectReceipt(await stripeWebhook(event.body, event.headers), false);
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({ state: 'expired', redirectUrl: null });
    const next = await started(d.buyer, d.order.id, 'stripe');
    expect(next.id).not.toBe(payment.id);
  });

  it('answers 503 when Stripe is down, leaving the order accepted and no payment half-made', async () => {
    const d = await deal(1);
    // The package tries three times.
    stripeDown();
    const res = await startPayment(d.buyer, d.order.id, 'stripe');
    stripe.api.queue.length = 0;
    expect(expectError(res, 503, 'unavailable').message).toMatch(/Stripe is not answering/);
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, d.order.id))).toEqual([]);
    expect((await orderOf(d.buyer, d.order.id)).state).toBe('accepted');
    // Back up: the same request goes through.
    expect(await started(d.buyer, d.order.id, 'stripe')).toMatchObject({ state: 'pending' });
  });

  it('gives the money back when the order was cancelled before the payment came through', async () => {
    const d = await deal(2);
    const before = await money(d);
    const { payment, providerRef } = await stripePayment(d);
    await cancel(d.seller, d.order);
    // The payer had Stripe's page open and paid anyway.
    const event = signedStripeEvent('checkout.session.completed', stripe.stripe.pay(providerRef));
    expectReceipt(await stripeWebhook(event.body, event.headers), false);
    const given = await paymentOf(d.buyer, payment.id);
    expect(given).toMatchObject({
      state: 'failed',
      failure: { reason: 'order_not_payable' },
      order: { state: 'cancelled' },
    });
    const refunds = stripe.api.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds.at(-1)!.headers['idempotency-key']).toBe(`refund-payment-${payment.id}`);
    expect(new URLSearchParams(refunds.at(-1)!.body).get('payment_intent')).toBe(`pi_test_${providerRef}`);
    expect(await money(d)).toEqual(before);
    // The return page afterwards changes nothing.
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({ state: 'failed' });
    expectReceipt(await stripeWebhook(event.body, event.headers), true);
    expect(await money(d)).toEqual(before);
    expect((await orderOf(d.buyer, d.order.id)).events.map((e) => e.state)).toEqual([
      'pending',
      'accepted',
      'cancelled',
    ]);
    await expectIntegrity();
  });

  it('keeps an event whose processing failed (Stripe down for the refund) and acts on its redelivery once', async () => {
    const d = await deal(1);
    const before = await money(d);
    const { payment, providerRef } = await stripePayment(d);
    await cancel(d.buyer, d.order);
    const event = signedStripeEvent('checkout.session.completed', stripe.stripe.pay(providerRef));
    const eventId = (JSON.parse(event.body.toString()) as { id: string }).id;
    stripeDown();
    const failed = await stripeWebhook(event.body, event.headers);
    stripe.api.queue.length = 0;
    expectError(failed, 503, 'unavailable');
    const [kept] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
    expect(kept).toMatchObject({ processedAt: null, paymentId: payment.id });
    expect(kept!.error).toMatch(/Stripe is not answering/);

    // Stripe sends it again: processed now, and only now.
    expectReceipt(await stripeWebhook(event.body, event.headers), true);
    const [done] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
    expect(done).toMatchObject({ error: null });
    expect(done!.processedAt).not.toBeNull();
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({
      state: 'failed',
      failure: { reason: 'order_not_payable' },
    });
    expect(await money(d)).toEqual(before);
    await expectIntegrity();
  });

  it('takes a webhook sent without a content type as the bytes it is, and refuses it when unsigned', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload: 'hello' });
    expectError(res, 400, 'bad_request');
    const empty = await t.app.inject({ method: 'POST', url: '/api/payments/paypal/webhook' });
    expectError(empty, 400, 'bad_request');
  });

  it('gives back a second payment of an order already paid by another', async () => {
    const d = await deal(1);
    const { payment, providerRef } = await stripePayment(d);
    const sandbox = await started(d.buyer, d.order.id, 'sandbox');
    await charged(d.buyer, sandbox.id, '4242424242424242');
    const paid = await money(d);
    const event = signedStripeEvent('checkout.session.completed', stripe.stripe.pay(providerRef));
    expectReceipt(await stripeWebhook(event.body, event.headers), false);
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({
      state: 'failed',
      failure: { reason: 'already_paid' },
    });
    expect(await paymentOf(d.buyer, sandbox.id)).toMatchObject({ state: 'succeeded', order: { state: 'paid' } });
    expect(await money(d)).toEqual(paid);
    await expectIntegrity();
  });
});

describe('PayPal', () => {
  async function paypalPayment(d: Deal) {
    const payment = await started(d.buyer, d.order.id, 'paypal');
    expect(payment).toMatchObject({ provider: 'paypal', testMode: true, state: 'pending' });
    const providerRef = new URL(payment.redirectUrl!).searchParams.get('token')!;
    const created = paypal.api.requests.filter((r) => r.path === '/v2/checkout/orders').at(-1)!;
    expect(JSON.parse(created.body)).toMatchObject({
      payment_source: {
        paypal: {
          experience_context: {
            return_url: `https://tolk.test/pay/${payment.id}?return=1`,
            cancel_url: `https://tolk.test/pay/${payment.id}?cancel=1`,
          },
        },
      },
    });
    return { payment, providerRef };
  }

  const captureOf = async (paymentId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.chargeRef!;

  const captureCompleted = (providerRef: string, captureId: string, value: string) =>
    paypal.paypal.event('PAYMENT.CAPTURE.COMPLETED', {
      id: captureId,
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value },
      supplementary_data: { related_ids: { order_id: providerRef } },
    });

  it('captures on the payer’s return, and then changes nothing for the capture webhook or its redelivery', async () => {
    const d = await deal(2);
    const before = await money(d);
    const { payment, providerRef } = await paypalPayment(d);
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({ state: 'pending' });
    paypal.paypal.approve(providerRef);
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({ state: 'succeeded', order: { state: 'paid' } });
    const settled = await money(d);
    expect(settled.seller - before.seller).toBe(4500);
    expect(settled.paypal - before.paypal).toBe(-5000);
    const capture = await captureOf(payment.id);
    expect(capture).toMatch(/^CAP/);

    const event = captureCompleted(providerRef, capture, '50.00');
    expectReceipt(await paypalWebhook(event), false);
    expectReceipt(await paypalWebhook(event), true);
    expect(await money(d)).toEqual(settled);
    expect(paypal.api.requests.filter((r) => r.path === `/v2/checkout/orders/${providerRef}/capture`)).toHaveLength(1);
    await expectIntegrity();
  });

  it('settles from the approval webhook before the payer is back, and the return page then reads it paid', async () => {
    const d = await deal(1);
    const before = await money(d);
    const { payment, providerRef } = await paypalPayment(d);
    paypal.paypal.approve(providerRef);
    expectReceipt(await paypalWebhook(paypal.paypal.event('CHECKOUT.ORDER.APPROVED', { id: providerRef })), false);
    const after = await money(d);
    expect(after.seller - before.seller).toBe(2250);
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({ state: 'succeeded', order: { state: 'paid' } });
    // The capture's own event, late: nothing twice.
    expectReceipt(await paypalWebhook(captureCompleted(providerRef, await captureOf(payment.id), '25.00')), false);
    expect(await money(d)).toEqual(after);
    await expectIntegrity();
  });

  it('settles from the capture webhook arriving before the payer is back', async () => {
    const d = await deal(1);
    const before = await money(d);
    const { payment, providerRef } = await paypalPayment(d);
    expectReceipt(await paypalWebhook(captureCompleted(providerRef, 'CAP-EARLY-1', '25.00')), false);
    const after = await money(d);
    expect(after.seller - before.seller).toBe(2250);
    const reads = paypal.api.requests.length;
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({ state: 'succeeded', order: { state: 'paid' } });
    expect(paypal.api.requests.length).toBe(reads);
    expect(await captureOf(payment.id)).toBe('CAP-EARLY-1');
    await expectIntegrity();
  });

  it('gives back a capture of another amount than the order’s, crediting nothing', async () => {
    const d = await deal(1);
    const before = await money(d);
    const { payment, providerRef } = await paypalPayment(d);
    expectReceipt(await paypalWebhook(captureCompleted(providerRef, 'CAP-ODD-1', '0.01')), false);
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({
      state: 'failed',
      failure: { reason: 'amount_mismatch' },
      order: { state: 'accepted' },
    });
    const refunded = paypal.api.requests.filter((r) => r.path === '/v2/payments/captures/CAP-ODD-1/refund');
    expect(refunded).toHaveLength(1);
    expect(JSON.parse(refunded[0]!.body)).toEqual({ amount: { currency_code: 'EUR', value: '0.01' } });
    expect(refunded[0]!.headers['paypal-request-id']).toBe(`refund-payment-${payment.id}`);
    expect(await money(d)).toEqual(before);
  });

  it('refuses an event PayPal does not verify with 400, storing and changing nothing', async () => {
    const d = await deal(1);
    const before = await money(d);
    const { payment, providerRef } = await paypalPayment(d);
    const events = await storedEvents();
    const good = captureCompleted(providerRef, 'CAP-FORGED', '25.00');
    const tampered = { body: Buffer.from(good.body.toString().replace('25.00', '0.01')), headers: good.headers };
    expectError(await paypalWebhook(tampered), 400, 'bad_request');
    const unsigned = Object.fromEntries(
      Object.entries(good.headers).filter(([name]) => name !== 'paypal-transmission-sig'),
    );
    expectError(await paypalWebhook({ body: good.body, headers: unsigned }), 400, 'bad_request');
    expect(await storedEvents()).toBe(events);
    expect(await money(d)).toEqual(before);
    expect((await t.database.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.state).toBe('pending');
  });

  it('marks a declined instrument failed with its outcome, the order still accepted', async () => {
    const d = await deal(1);
    const { payment, providerRef } = await paypalPayment(d);
    paypal.paypal.decline(providerRef);
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({
      state: 'failed',
      outcome: 'card_declined',
      order: { state: 'accepted' },
    });
  });
});
