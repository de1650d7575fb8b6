import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Order, OrderAction } from '@tolk/shared/schemas/orders';
import type { Payable } from '@tolk/shared/schemas/payments';
import type { Thing } from '@tolk/shared/schemas/things';
import { ledgerTransfers } from '../../db/schema/ledger';
import { payments } from '../../db/schema/payments';
import { testApp, type TestApp } from '../../test/build-app';
import {
  expectError,
  expectForbidden,
  expectNotFound,
  newAccount,
  newTenantAccount,
  type Member,
} from '../../test/factories';

let t: TestApp;
/** Sofia offers a language exchange for nothing; Ben orders it; Carla is another member of their tenant; Dan lives elsewhere. */
let sofia: Member;
let ben: Member;
let carla: Member;
let dan: Member;
let exchange: Thing;

beforeAll(async () => {
  t = await testApp();
  [sofia, ben, carla] = await Promise.all([
    newAccount(t.app, { displayName: 'Sofia' }),
    newAccount(t.app, { displayName: 'Ben' }),
    newAccount(t.app, { displayName: 'Carla' }),
  ]);
  dan = await newTenantAccount(t.app, `free-${randomUUID().slice(0, 8)}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/things',
    headers: sofia.headers,
    payload: { name: 'Portuguese for English', priceMinor: 0, currency: 'EUR', unit: 'item', visibility: 'offered' },
  });
  expect(res.statusCode, res.body).toBe(201);
  exchange = res.json<Thing>();
});
afterAll(() => t.close());

type Who = Pick<Member, 'headers'>;

async function ordered(quantity = 2): Promise<Order> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: ben.headers,
    payload: { thingId: exchange.id, quantity },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

const act = (who: Who, order: Pick<Order, 'id' | 'version'>, action: OrderAction) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/${action}`,
    headers: who.headers,
    payload: { version: order.version },
  });

async function acted(who: Who, order: Pick<Order, 'id' | 'version'>, action: OrderAction): Promise<Order> {
  const res = await act(who, order, action);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
}

const read = (who: Who, id: string) => t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: who.headers });
const payable = (who: Who, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/payables/${id}`, headers: who.headers });
/** Both ways the payment screens start a payment: the order's own route and /select-payment's. */
const pay = (who: Who, id: string, via: 'orders' | 'payables' = 'orders', provider = 'sandbox') =>
  t.app.inject({ method: 'POST', url: `/api/${via}/${id}/payments`, headers: who.headers, payload: { provider } });

function expectFree(res: Awaited<ReturnType<typeof pay>>) {
  expect(expectError(res, 409, 'conflict').message).toBe('This order is free: there is nothing to pay.');
}

const paymentRows = async (orderId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId))).length;
const ledgerRows = async (orderId: string) =>
  (await t.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.referenceId, orderId))).length;
const fees = () => t.app.ledger.balance({ system: 'platform_fees' }, 'EUR');

describe('an order of a thing offered at price 0', () => {
  it('goes pending -> accepted -> fulfilled with no payment step, no payment and no ledger rows', async () => {
    const feesBefore = await fees();
    const made = await ordered();
    expect(made).toMatchObject({ state: 'pending', unitPriceMinor: 0, totalMinor: 0, actions: ['cancel'] });
    // Nothing to pay, before or after the seller decides, through either route and any provider.
    expectFree(await pay(ben, made.id));
    expect((await payable(ben, made.id)).json<Payable>()).toMatchObject({
      kind: 'order',
      amountMinor: 0,
      state: 'closed',
      message: 'This order is free: there is nothing to pay.',
    });
    // The seller fulfils once accepted, not before.
    expectError(await act(sofia, made, 'fulfil'), 409, 'conflict');

    const accepted = await acted(sofia, made, 'accept');
    expect(accepted).toMatchObject({ state: 'accepted', actions: ['cancel', 'fulfil'] });
    expect((await read(ben, made.id)).json<Order>().actions).toEqual(['cancel']);
    expectFree(await pay(ben, made.id));
    expectFree(await pay(ben, made.id, 'payables'));
    expectFree(await pay(ben, made.id, 'orders', 'stripe'));
    expect((await payable(ben, made.id)).json<Payable>().state).toBe('closed');

    // Fulfilling stays the seller's step, as for a paid order.
    expect(expectForbidden(await act(ben, accepted, 'fulfil')).message).toBe('Only the seller can do this.');
    const fulfilled = await acted(sofia, accepted, 'fulfil');
    expect(fulfilled).toMatchObject({ state: 'fulfilled', actions: [] });
    expect(fulfilled.events.map((event) => [event.state, event.actor?.id])).toEqual([
      ['pending', ben.userId],
      ['accepted', sofia.userId],
      ['fulfilled', sofia.userId],
    ]);
    // Still nothing to pay, and nothing to refund.
    expectFree(await pay(ben, made.id));
    expect((await payable(ben, made.id)).json<Payable>()).toMatchObject({ state: 'closed', amountMinor: 0 });
    const refund = await t.app.inject({ method: 'POST', url: `/api/orders/${made.id}/refund`, headers: sofia.headers });
    expect(expectError(refund, 409, 'conflict').message).toBe('This order is free: there is nothing to refund.');

    expect(await paymentRows(made.id)).toBe(0);
    expect(await ledgerRows(made.id)).toBe(0);
    expect(await fees()).toBe(feesBefore);
    expect(await t.app.ledger.integrity()).toMatchObject({ ok: true });
  });

  it('can be cancelled by either side once accepted, as a paid one before payment', async () => {
    const accepted = await acted(sofia, await ordered(1), 'accept');
    const cancelled = await acted(ben, accepted, 'cancel');
    expect(cancelled).toMatchObject({ state: 'cancelled', actions: [] });
    expectFree(await pay(ben, cancelled.id));
    expectError(await act(sofia, cancelled, 'fulfil'), 409, 'conflict');
    expect(await paymentRows(cancelled.id)).toBe(0);
  });

  it('is 404 to anyone but its buyer and seller, as any order: reading, paying, acting', async () => {
    const accepted = await acted(sofia, await ordered(1), 'accept');
    for (const stranger of [carla, dan]) {
      expectNotFound(await read(stranger, accepted.id));
      expectNotFound(await payable(stranger, accepted.id));
      expectNotFound(await pay(stranger, accepted.id));
      expectNotFound(await pay(stranger, accepted.id, 'payables'));
      expectNotFound(await act(stranger, accepted, 'fulfil'));
    }
    // The seller does not pay their own order: forbidden, as for a priced one.
    expectForbidden(await pay(sofia, accepted.id));
    expect((await read(ben, accepted.id)).json<Order>().state).toBe('accepted');
  });
});
