import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '@tolk/shared/schemas/ledger';
import type { Order } from '@tolk/shared/schemas/orders';
import type { Payment, PaymentProviders, WebhookReceipt } from '@tolk/shared/schemas/payments';
import type { Thing } from '@tolk/shared/schemas/things';
import { orderEvents, orders } from '../../db/schema/orders';
import { paymentEvents, payments } from '../../db/schema/payments';
import { testApp, type TestApp } from '../../test/build-app';
import { TEST_ADMIN_PASSWORD } from '../../test/constants';
import { paypalContract } from '../../test/fake-paypal';
import { signedStripeEvent, stripeContract } from '../../test/fake-stripe';
import {
  expectError,
  expectForbidden,
  expectNotFound,
  newAccount,
  newTenantAccount,
  signIn,
  type Member,
} from '../../test/factories';
import { connectSocket, listen, nextEvent } from '../../test/sockets';

let t: TestApp;
let stripe: Awaited<ReturnType<typeof stripeContract>>;
let paypal: Awaited<ReturnType<typeof paypalContract>>;
let admin: Member;
/** Someone of the same tenant with no part in any order; Dan lives in another tenant. */
let carla: Member;
let dan: Member;

beforeAll(async () => {
  [stripe, paypal] = await Promise.all([stripeContract(), paypalContract()]);
  t = await testApp({
    paymentProviders: { stripe: stripe.provider, paypal: paypal.provider },
    config: { publicUrl: 'https://tolk.test' },
  });
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  carla = await newAccount(t.app, { displayName: 'Carla' });
  dan = await newTenantAccount(t.app, `payments-${randomUUID().slice(0, 8)}`);
});
afterAll(async () => {
  await t.close();
  await Promise.all([stripe.api.close(), paypal.close()]);
});

interface Deal {
  seller: Member;
  buyer: Member;
  order: Order;
}

/** A seller offering a guidebook at 25.00 EUR, a buyer ordering `quantity`, and the seller accepting (unless told not to). */
async function deal(quantity = 2, accept = true, app = t.app): Promise<Deal> {
  const [seller, buyer] = await Promise.all([
    newAccount(app, { displayName: 'Sofia' }),
    newAccount(app, { displayName: 'Ben' }),
  ]);
  const thing = await app.inject({
    method: 'POST',
    url: '/api/things',
    headers: seller.headers,
    payload: { name: 'Used guidebook', priceMinor: 2500, currency: 'EUR', unit: 'item', visibility: 'offered' },
  });
  expect(thing.statusCode, thing.body).toBe(201);
  const made = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: buyer.headers,
    payload: { thingId: thing.json<Thing>().id, quantity },
  });
  expect(made.statusCode, made.body).toBe(201);
  let order = made.json<Order>();
  if (accept) {
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/accept`,
      headers: seller.headers,
      payload: { version: order.version },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    order = accepted.json<Order>();
  }
  return { seller, buyer, order };
}

const startPayment = (member: Pick<Member, 'headers'>, orderId: string, provider: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments`,
    headers: member.headers,
    payload: { provider },
  });

async function started(member: Pick<Member, 'headers'>, orderId: string, provider: string): Promise<Payment> {
  const res = await startPayment(member, orderId, provider);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Payment>();
}

const card = (member: Pick<Member, 'headers'>, paymentId: string, number: string, expiry = '12/40') =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/sandbox`,
    headers: member.headers,
    payload: { number, expiry, cvc: '123' },
  });

async function charged(member: Pick<Member, 'headers'>, paymentId: string, number: string): Promise<Payment> {
  const res = await card(member, paymentId, number);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Payment>();
}

const readPayment = (member: Pick<Member, 'headers'>, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: member.headers });

async function paymentOf(member: Pick<Member, 'headers'>, id: string): Promise<Payment> {
  const res = await readPayment(member, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Payment>();
}

async function orderOf(member: Pick<Member, 'headers'>, id: string): Promise<Order> {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: member.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
}

/** The order cancelled by one side, from the version it was accepted at. */
async function cancel(member: Pick<Member, 'headers'>, order: Pick<Order, 'id' | 'version'>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/cancel`,
    headers: member.headers,
    payload: { version: order.version },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Stripe answers 503 to the next request and the package's two retries of it (clear the queue after). */
function stripeDown() {
  for (let i = 0; i < 3; i++)
    stripe.api.queue.push({ status: 503, json: { error: { type: 'api_error', message: 'Down' } } });
}

const refund = (member: Pick<Member, 'headers'>, orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: member.headers });

const balance = (member: Pick<Member, 'userId'>) => t.app.ledger.balance({ memberId: member.userId }, 'EUR');
const systemBalance = (system: 'platform_fees' | 'funding_sandbox' | 'clearing_stripe' | 'clearing_paypal') =>
  t.app.ledger.balance({ system }, 'EUR');

/** Every balance a payment touches, to compare before and after. */
async function money(d: Deal) {
  return {
    buyer: await balance(d.buyer),
    seller: await balance(d.seller),
    fees: await systemBalance('platform_fees'),
    funding: await systemBalance('funding_sandbox'),
    stripe: await systemBalance('clearing_stripe'),
    paypal: await systemBalance('clearing_paypal'),
  };
}

async function statementOf(member: Member): Promise<Statement> {
  const balances = await t.app.inject({ method: 'GET', url: '/api/ledger/balances', headers: member.headers });
  const account = balances.json<{ items: { ledgerAccountId: string; currency: string }[] }>().items[0]!;
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/ledger/accounts/${account.ledgerAccountId}/transactions`,
    headers: member.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Statement>();
}

async function expectIntegrity() {
  expect(await t.app.ledger.integrity()).toMatchObject({ ok: true, unbalancedCurrencies: 0, overdrawnAccounts: 0 });
}

const storedEvents = async () => (await t.database.db.select().from(paymentEvents)).length;

function stripeWebhook(body: Buffer, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
    payload: body,
  });
}

function paypalWebhook(event: { body: Buffer; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/paypal/webhook',
    headers: { ...event.headers, 'content-type': 'application/json' },
    payload: event.body,
  });
}

function expectReceipt(res: Awaited<ReturnType<typeof stripeWebhook>>, duplicate: boolean) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<WebhookReceipt>()).toEqual({ received: true, duplicate });
}

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
      payload: { version: paid.order.version },
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
