import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Payable, Payment, PaymentProviders } from '@tolk/shared/schemas/payments';
import { orderEvents, orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { testApp } from '../../test/build-app';
import { expectError, expectForbidden, expectNotFound } from '../../test/factories';
import { connectSocket, listen, nextEvent } from '../../test/sockets';
import {
  t,
  stripe,
  admin,
  carla,
  dan,
  deal,
  startPayment,
  started,
  card,
  charged,
  readPayment,
  paymentOf,
  orderOf,
  cancel,
  stripeDown,
  refund,
  balance,
  systemBalance,
  money,
  statementOf,
  expectIntegrity,
  usePaymentsApp,
} from './payments.test-kit';

usePaymentsApp();

describe('ways to pay', () => {
  it('offers the sandbox always, and Stripe and PayPal when configured, each saying whether it is a test', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/providers', headers: carla.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PaymentProviders>().items).toEqual([
      { id: 'sandbox', testMode: true },
      { id: 'stripe', testMode: true },
      { id: 'paypal', testMode: true },
    ]);
  });

  it('offers the sandbox alone on a server without provider settings', async () => {
    const bare = await testApp();
    try {
      const d = await deal(1, true, bare.app);
      const res = await bare.app.inject({ method: 'GET', url: '/api/payments/providers', headers: d.buyer.headers });
      expect(res.json<PaymentProviders>().items).toEqual([{ id: 'sandbox', testMode: true }]);
      // Not offered here: a field error, and no payment made.
      const other = await bare.app.inject({
        method: 'POST',
        url: `/api/orders/${d.order.id}/payments`,
        headers: d.buyer.headers,
        payload: { provider: 'stripe' },
      });
      expect(expectError(other, 400, 'validation_failed').fields?.provider).toEqual([
        'This way to pay is not offered here.',
      ]);
      expect(await bare.database.db.select().from(payments)).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});

describe('what is paid', () => {
  it('shows the buyer their accepted order before paying, paid once paid; the seller is refused, another member gets 404', async () => {
    const d = await deal(2);
    const read = (who: Pick<typeof carla, 'headers'>) =>
      t.app.inject({ method: 'GET', url: `/api/payables/${d.order.id}`, headers: who.headers });
    const res = await read(d.buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Payable>()).toMatchObject({
      kind: 'order',
      id: d.order.id,
      quantity: 2,
      interval: null,
      amountMinor: d.order.totalMinor,
      currency: 'EUR',
      state: 'payable',
      message: null,
      returnTo: `/order/${d.order.id}`,
    });
    expectForbidden(await read(d.seller));
    expectNotFound(await read(dan));

    const started = await t.app.inject({
      method: 'POST',
      url: `/api/payables/${d.order.id}/payments`,
      headers: d.buyer.headers,
      payload: { provider: 'sandbox' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const payment = started.json<Payment>();
    expect(payment.payable).toMatchObject({ kind: 'order', id: d.order.id, state: 'payable' });
    await charged(d.buyer, payment.id, '4242 4242 4242 4242');
    expect((await read(d.buyer)).json<Payable>()).toMatchObject({
      state: 'paid',
      message: 'This order is paid already.',
    });
  });
});

describe('the sandbox', () => {
  it('pays an accepted order with 4242: the seller is credited the total less the fee, the buyer sees the card money in and the payment out', async () => {
    const d = await deal(2);
    const before = await money(d);
    await listen(t);
    const sellerSocket = await connectSocket(t, d.seller.token);
    const buyerSocket = await connectSocket(t, d.buyer.token);
    try {
      const payment = await started(d.buyer, d.order.id, 'sandbox');
      expect(payment).toMatchObject({
        provider: 'sandbox',
        testMode: true,
        state: 'created',
        amountMinor: 5000,
        feeMinor: 500,
        currency: 'EUR',
        redirectUrl: null,
        role: 'buyer',
        order: { id: d.order.id, state: 'accepted', totalMinor: 5000 },
      });
      const sellerHears = nextEvent(sellerSocket, 'order');
      const buyerHears = nextEvent(buyerSocket, 'order');
      const paid = await charged(d.buyer, payment.id, '4242 4242 4242 4242');
      expect(paid).toMatchObject({ state: 'succeeded', outcome: 'succeeded', failure: null, order: { state: 'paid' } });
      expect(await sellerHears).toMatchObject({ orderId: d.order.id, state: 'paid' });
      expect(await buyerHears).toMatchObject({ orderId: d.order.id, state: 'paid' });
    } finally {
      sellerSocket.close();
      buyerSocket.close();
    }

    const after = await money(d);
    expect(after.seller - before.seller).toBe(4500);
    expect(after.buyer - before.buyer).toBe(0);
    expect(after.fees - before.fees).toBe(500);
    expect(after.funding - before.funding).toBe(-5000);
    const buyerEntries = (await statementOf(d.buyer)).items;
    expect(buyerEntries.map((entry) => [entry.kind, entry.amount, entry.counterparty.name])).toEqual([
      ['payment', -5000, 'Sofia'],
      ['payment', 5000, 'Sandbox funding'],
    ]);
    expect(buyerEntries.every((entry) => entry.reference.type === 'order' && entry.reference.id === d.order.id)).toBe(
      true,
    );
    const sellerEntries = (await statementOf(d.seller)).items;
    expect(sellerEntries.map((entry) => [entry.kind, entry.amount, entry.balanceAfter])).toEqual([
      ['fee', -500, 4500],
      ['payment', 5000, 5000],
    ]);
    const order = await orderOf(d.seller, d.order.id);
    expect(order.state).toBe('paid');
    expect(order.events.at(-1)).toMatchObject({ state: 'paid', actor: null });
    expect(order.actions).toEqual(['fulfil']);
    await expectIntegrity();
  });

  it('leaves the order accepted on a declined card or too little money, with the outcome; a new payment then pays', async () => {
    const d = await deal(1);
    const before = await money(d);
    const first = await started(d.buyer, d.order.id, 'sandbox');
    expect(await charged(d.buyer, first.id, '4000000000000002')).toMatchObject({
      state: 'failed',
      outcome: 'card_declined',
      order: { state: 'accepted' },
    });
    // That payment is over: another card on it answers the same.
    expect(await charged(d.buyer, first.id, '4242424242424242')).toMatchObject({
      state: 'failed',
      outcome: 'card_declined',
    });
    const second = await started(d.buyer, d.order.id, 'sandbox');
    expect(second.id).not.toBe(first.id);
    expect(await charged(d.buyer, second.id, '4000000000009995')).toMatchObject({
      state: 'failed',
      outcome: 'insufficient_funds',
      order: { state: 'accepted' },
    });
    expect(await money(d)).toEqual(before);
    expect((await orderOf(d.buyer, d.order.id)).state).toBe('accepted');

    const third = await started(d.buyer, d.order.id, 'sandbox');
    expect(await charged(d.buyer, third.id, '5555 5555 5555 4444')).toMatchObject({ state: 'succeeded' });
    expect((await balance(d.seller)) - before.seller).toBe(2250);
    await expectIntegrity();
  });

  it('pays once for a retried or doubled card request, and finds the open payment when asked again', async () => {
    const d = await deal(2);
    const before = await money(d);
    const [a, b] = await Promise.all([
      startPayment(d.buyer, d.order.id, 'sandbox'),
      startPayment(d.buyer, d.order.id, 'sandbox'),
    ]);
    expect(a.json<Payment>().id).toBe(b.json<Payment>().id);
    const id = a.json<Payment>().id;
    const [one, two] = await Promise.all([
      card(d.buyer, id, '4242424242424242'),
      card(d.buyer, id, '4242424242424242'),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(await charged(d.buyer, id, '4242424242424242')).toMatchObject({ state: 'succeeded' });
    expect((await balance(d.seller)) - before.seller).toBe(4500);
    expect((await systemBalance('funding_sandbox')) - before.funding).toBe(-5000);
    // Paid: no new payment.
    expectError(await startPayment(d.buyer, d.order.id, 'sandbox'), 409, 'conflict');
    const timeline = (await orderOf(d.buyer, d.order.id)).events.map((event) => event.state);
    expect(timeline).toEqual(['pending', 'accepted', 'paid']);
    await expectIntegrity();
  });

  it('says which field is wrong for a card that is not a test card, expired, or without a CVC', async () => {
    const d = await deal(1);
    const payment = await started(d.buyer, d.order.id, 'sandbox');
    const real = expectError(await card(d.buyer, payment.id, '4111 1111 1111 1111'), 400, 'validation_failed');
    expect(real.fields?.number).toEqual(['Use a test card, such as 4242 4242 4242 4242.']);
    const typo = expectError(await card(d.buyer, payment.id, '4242 4242 4242 4241'), 400, 'validation_failed');
    expect(typo.fields?.number).toContain('Not a card number.');
    const expired = expectError(await card(d.buyer, payment.id, '4242424242424242', '01/20'), 400, 'validation_failed');
    expect(expired.fields?.expiry).toEqual(['This card has expired.']);
    const noCvc = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/sandbox`,
      headers: d.buyer.headers,
      payload: { number: '4242424242424242', expiry: '12/40' },
    });
    expect(expectError(noCvc, 400, 'validation_failed').fields?.cvc).toBeDefined();
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({ state: 'created', outcome: null });
  });
});

describe('who may pay and read', () => {
  it('refuses to pay an order not yet accepted (409), lets only the buyer pay, and hides payments from everyone else (404)', async () => {
    const pending = await deal(1, false);
    expectError(await startPayment(pending.buyer, pending.order.id, 'sandbox'), 409, 'conflict');
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, pending.order.id))).toEqual([]);

    const d = await deal(1);
    expectForbidden(await startPayment(d.seller, d.order.id, 'sandbox'));
    expectNotFound(await startPayment(carla, d.order.id, 'sandbox'));
    expectNotFound(await startPayment(dan, d.order.id, 'sandbox'));
    expectError(await startPayment(d.buyer, d.order.id, 'bitcoin'), 400, 'validation_failed');

    const payment = await started(d.buyer, d.order.id, 'sandbox');
    expectNotFound(await readPayment(carla, payment.id));
    expectNotFound(await readPayment(dan, payment.id));
    expectNotFound(await readPayment(carla, randomUUID()));
    expectNotFound(await card(carla, payment.id, '4242424242424242'));
    expectForbidden(await card(d.seller, payment.id, '4242424242424242'));
    expect(await paymentOf(d.seller, payment.id)).toMatchObject({ role: 'seller', state: 'created' });
    expect(await paymentOf(admin, payment.id)).toMatchObject({ role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/${payment.id}` })).statusCode).toBe(401);
  });

  it('takes no card for an order cancelled after its payment was started', async () => {
    const d = await deal(1);
    const before = await money(d);
    const payment = await started(d.buyer, d.order.id, 'sandbox');
    await cancel(d.buyer, d.order);
    expectError(await card(d.buyer, payment.id, '4242424242424242'), 409, 'conflict');
    expect(await money(d)).toEqual(before);
    expect((await orderOf(d.buyer, d.order.id)).state).toBe('cancelled');
  });
});

describe('refunds', () => {
  it('reverses a sandbox payment exactly: every balance back, the order refunded; asking again changes nothing', async () => {
    const d = await deal(2);
    const before = await money(d);
    const payment = await started(d.buyer, d.order.id, 'sandbox');
    await charged(d.buyer, payment.id, '4242424242424242');
    expectForbidden(await refund(d.buyer, d.order.id));
    expectNotFound(await refund(carla, d.order.id));
    const res = await refund(d.seller, d.order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Payment>()).toMatchObject({ id: payment.id, state: 'refunded', order: { state: 'refunded' } });
    expect(await money(d)).toEqual(before);
    const again = await refund(d.seller, d.order.id);
    expect(again.json<Payment>()).toMatchObject({ state: 'refunded' });
    expect(await money(d)).toEqual(before);
    const order = await orderOf(d.buyer, d.order.id);
    expect(order.events.at(-1)).toMatchObject({ state: 'refunded', actor: { id: d.seller.userId } });
    const sellerEntries = (await statementOf(d.seller)).items;
    expect(sellerEntries.map((entry) => [entry.amount, entry.reversesId !== null])).toEqual([
      [-5000, true],
      [500, true],
      [-500, false],
      [5000, false],
    ]);
    await expectIntegrity();
  });

  it('refunds a fulfilled Stripe payment through Stripe, keyed by the order, and lets a superadmin do it', async () => {
    const d = await deal(1);
    const before = await money(d);
    const payment = await started(d.buyer, d.order.id, 'stripe');
    const providerRef = payment.redirectUrl!.split('/').at(-1)!;
    stripe.stripe.pay(providerRef);
    const paid = await paymentOf(d.buyer, payment.id);
    const fulfilled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${d.order.id}/fulfil`,
      headers: d.seller.headers,
      payload: { version: paid.order!.version },
    });
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    const res = await refund(admin, d.order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Payment>()).toMatchObject({ state: 'refunded', role: 'admin', order: { state: 'refunded' } });
    const call = stripe.api.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(call.headers['idempotency-key']).toBe(`refund-order-${d.order.id}`);
    expect(Object.fromEntries(new URLSearchParams(call.body))).toMatchObject({
      payment_intent: `pi_test_${providerRef}`,
      amount: '2500',
    });
    expect(await money(d)).toEqual(before);
    await expectIntegrity();
  });

  it('answers 503 when Stripe cannot take the refund, and a retry completes it without reversing twice', async () => {
    const d = await deal(1);
    const before = await money(d);
    const payment = await started(d.buyer, d.order.id, 'stripe');
    stripe.stripe.pay(payment.redirectUrl!.split('/').at(-1)!);
    expect(await paymentOf(d.buyer, payment.id)).toMatchObject({ state: 'succeeded' });
    stripeDown();
    const down = await refund(d.seller, d.order.id);
    stripe.api.queue.length = 0;
    expectError(down, 503, 'unavailable');
    expect((await orderOf(d.seller, d.order.id)).state).toBe('paid');
    const res = await refund(d.seller, d.order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Payment>()).toMatchObject({ state: 'refunded', order: { state: 'refunded' } });
    expect(await money(d)).toEqual(before);
    await expectIntegrity();
  });

  it('refunds only a paid order', async () => {
    const d = await deal(1);
    expectError(await refund(d.seller, d.order.id), 409, 'conflict');
  });
});

describe('the records', () => {
  it('ends every order’s timeline at its state, and keeps the ledger whole', async () => {
    const all = await t.database.db.select().from(orders);
    const steps = await t.database.db.select().from(orderEvents);
    for (const row of all) {
      expect(steps.filter((step) => step.orderId === row.id).at(-1)?.state, row.id).toBe(row.state);
    }
    // Every paid or refunded order has the one payment that paid it.
    const paidOrders = all.filter((row) => ['paid', 'fulfilled', 'refunded'].includes(row.state));
    const paying = await t.database.db.select().from(payments);
    for (const row of paidOrders) {
      expect(
        paying.filter((payment) => payment.orderId === row.id && ['succeeded', 'refunded'].includes(payment.state)),
      ).toHaveLength(1);
    }
    await expectIntegrity();
  });
});
