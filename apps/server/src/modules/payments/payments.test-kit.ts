// What the payments integration tests share: one app with the providers' contract servers,
// members, an accepted order, and the calls a buyer, a seller and a provider make.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Statement } from '@tolk/shared/schemas/ledger';
import type { Order } from '@tolk/shared/schemas/orders';
import type { Payment, WebhookReceipt } from '@tolk/shared/schemas/payments';
import type { Thing } from '@tolk/shared/schemas/things';
import { paymentEvents } from '../../db/schema/payments';
import { testApp, type TestApp } from '../../test/build-app';
import { TEST_ADMIN_PASSWORD } from '../../test/constants';
import { paypalContract } from '../../test/fake-paypal';
import { stripeContract } from '../../test/fake-stripe';
import { newAccount, newTenantAccount, signIn, type Member } from '../../test/factories';

export let t: TestApp;
export let stripe: Awaited<ReturnType<typeof stripeContract>>;
export let paypal: Awaited<ReturnType<typeof paypalContract>>;
export let admin: Member;
/** Someone of the same tenant with no part in any order; Dan lives in another tenant. */
export let carla: Member;
export let dan: Member;

/** One app with the Stripe and PayPal contract servers for a test file, and the members every test uses. */
export function usePaymentsApp() {
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
}

export interface Deal {
  seller: Member;
  buyer: Member;
  order: Order;
}

/** A seller offering a guidebook at 25.00 EUR, a buyer ordering `quantity`, and the seller accepting (unless told not to). */
export async function deal(quantity = 2, accept = true, app = t.app): Promise<Deal> {
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

export const startPayment = (member: Pick<Member, 'headers'>, orderId: string, provider: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments`,
    headers: member.headers,
    payload: { provider },
  });

export async function started(member: Pick<Member, 'headers'>, orderId: string, provider: string): Promise<Payment> {
  const res = await startPayment(member, orderId, provider);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Payment>();
}

export const card = (member: Pick<Member, 'headers'>, paymentId: string, number: string, expiry = '12/40') =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/sandbox`,
    headers: member.headers,
    payload: { number, expiry, cvc: '123' },
  });

export async function charged(member: Pick<Member, 'headers'>, paymentId: string, number: string): Promise<Payment> {
  const res = await card(member, paymentId, number);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Payment>();
}

export const readPayment = (member: Pick<Member, 'headers'>, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: member.headers });

export async function paymentOf(member: Pick<Member, 'headers'>, id: string): Promise<Payment> {
  const res = await readPayment(member, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Payment>();
}

export async function orderOf(member: Pick<Member, 'headers'>, id: string): Promise<Order> {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: member.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
}

/** The order cancelled by one side, from the version it was accepted at. */
export async function cancel(member: Pick<Member, 'headers'>, order: Pick<Order, 'id' | 'version'>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/cancel`,
    headers: member.headers,
    payload: { version: order.version },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Stripe answers 503 to the next request and the package's two retries of it (clear the queue after). */
export function stripeDown() {
  for (let i = 0; i < 3; i++)
    stripe.api.queue.push({ status: 503, json: { error: { type: 'api_error', message: 'Down' } } });
}

export const refund = (member: Pick<Member, 'headers'>, orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: member.headers });

export const balance = (member: Pick<Member, 'userId'>) => t.app.ledger.balance({ memberId: member.userId }, 'EUR');
export const systemBalance = (system: 'platform_fees' | 'funding_sandbox' | 'clearing_stripe' | 'clearing_paypal') =>
  t.app.ledger.balance({ system }, 'EUR');

/** Every balance a payment touches, to compare before and after. */
export async function money(d: Deal) {
  return {
    buyer: await balance(d.buyer),
    seller: await balance(d.seller),
    fees: await systemBalance('platform_fees'),
    funding: await systemBalance('funding_sandbox'),
    stripe: await systemBalance('clearing_stripe'),
    paypal: await systemBalance('clearing_paypal'),
  };
}

export async function statementOf(member: Member): Promise<Statement> {
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

export async function expectIntegrity() {
  expect(await t.app.ledger.integrity()).toMatchObject({ ok: true, unbalancedCurrencies: 0, overdrawnAccounts: 0 });
}

export const storedEvents = async () => (await t.database.db.select().from(paymentEvents)).length;

export function stripeWebhook(body: Buffer, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
    payload: body,
  });
}

export function paypalWebhook(event: { body: Buffer; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/paypal/webhook',
    headers: { ...event.headers, 'content-type': 'application/json' },
    payload: event.body,
  });
}

export function expectReceipt(res: Awaited<ReturnType<typeof stripeWebhook>>, duplicate: boolean) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<WebhookReceipt>()).toEqual({ received: true, duplicate });
}
