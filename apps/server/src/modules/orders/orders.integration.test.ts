import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  awaitsAction,
  type Order,
  type OrderAction,
  type OrdersPage,
  type OrdersWaiting,
} from '@tolk/shared/schemas/orders';
import type { Thing, ThingInput } from '@tolk/shared/schemas/things';
import { orderEvents, orders } from '../../db/schema/orders';
import { testApp, type TestApp } from '../../test/build-app';
import {
  expectError,
  expectForbidden,
  expectNotFound,
  expectUnauthorized,
  newAccount,
  newTenantAccount,
  type Member,
} from '../../test/factories';
import { connectSocket, listen, nextEvent } from '../../test/sockets';

let t: TestApp;
/** Sofia offers a walk; Ben orders it; Carla is another member of their tenant; Dan lives elsewhere. */
let sofia: Member;
let ben: Member;
let carla: Member;
let dan: Member;
let walk: Thing;
let guidebook: Thing;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

async function addThing(owner: Member, input: ThingInput): Promise<Thing> {
  const res = await t.app.inject({ method: 'POST', url: '/api/things', headers: owner.headers, payload: input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Thing>();
}

const order = (buyer: Member, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: buyer.headers, payload });

async function placed(buyer: Member, payload: Record<string, unknown>): Promise<Order> {
  const res = await order(buyer, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

const act = (member: Member, made: Pick<Order, 'id' | 'version'>, action: OrderAction | 'pay') =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${made.id}/${action}`,
    headers: member.headers,
    payload: { version: made.version },
  });

const read = (member: Member, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: member.headers });

beforeAll(async () => {
  t = await testApp();
  sofia = await newAccount(t.app, { displayName: 'Sofia', language: 'en' });
  ben = await newAccount(t.app, { displayName: 'Ben', language: 'en' });
  carla = await newAccount(t.app, { displayName: 'Carla', language: 'en' });
  dan = await newTenantAccount(t.app, `orders-${randomUUID().slice(0, 8)}`);
  walk = await addThing(sofia, {
    name: 'Walk through Alfama',
    description: 'Two hours in the old town.',
    priceMinor: 2500,
    currency: 'EUR',
    unit: 'person',
    visibility: 'offered',
  });
  guidebook = await addThing(sofia, {
    name: 'Used guidebook',
    priceMinor: 800,
    currency: 'EUR',
    unit: 'item',
    visibility: 'offered',
  });
});
afterAll(() => t.close());

describe('orders', () => {
  it('orders an offered thing at its price, keeps it as ordered, and shows both sides the same order', async () => {
    const made = await placed(ben, {
      thingId: walk.id,
      quantity: 2,
      serviceAt: tomorrow(),
      note: 'Two of us, slow walkers.',
    });
    expect(made).toMatchObject({
      state: 'pending',
      version: 1,
      role: 'buyer',
      thing: { id: walk.id, name: 'Walk through Alfama', unit: 'person' },
      buyer: { id: ben.userId },
      seller: { id: sofia.userId },
      quantity: 2,
      unitPriceMinor: 2500,
      totalMinor: 5000,
      currency: 'EUR',
      note: { text: 'Two of us, slow walkers.' },
      actions: ['cancel'],
      events: [{ state: 'pending', actor: { id: ben.userId } }],
    });
    const seen = await read(sofia, made.id);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<Order>()).toMatchObject({
      role: 'seller',
      totalMinor: 5000,
      actions: ['accept', 'decline', 'cancel'],
    });
    // A later price change leaves the order as it was made.
    await t.app.inject({
      method: 'PUT',
      url: `/api/things/${walk.id}`,
      headers: sofia.headers,
      payload: {
        name: walk.name,
        description: walk.description,
        priceMinor: 9900,
        currency: 'EUR',
        unit: 'person',
        visibility: 'offered',
        version: walk.version,
      },
    });
    expect((await read(ben, made.id)).json<Order>().totalMinor).toBe(5000);
  });

  it('says which field is wrong: no date for a service, a past date, my own item, too many, not offered', async () => {
    expectError(await order(ben, { thingId: walk.id, quantity: 1 }), 400, 'validation_failed');
    const past = await order(ben, { thingId: walk.id, serviceAt: '2020-01-01T10:00:00Z' });
    expect(past.json<{ error: { fields: Record<string, string[]> } }>().error.fields.serviceAt).toEqual([
      'Choose a time in the future.',
    ]);
    const own = await order(sofia, { thingId: guidebook.id });
    expect(own.json<{ error: { fields: Record<string, string[]> } }>().error.fields.thingId).toEqual([
      'This is your own item.',
    ]);
    expectError(await order(ben, { thingId: guidebook.id, quantity: 100 }), 400, 'validation_failed');
    const hidden = await addThing(sofia, { name: 'Private thing', priceMinor: 100, currency: 'EUR' });
    expectError(await order(ben, { thingId: hidden.id }), 404, 'not_found');
    expectError(await order(ben, { thingId: randomUUID() }), 404, 'not_found');
    // Nothing of these was kept.
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders?role=buyer', headers: ben.headers });
    expect(mine.json<OrdersPage>().items.every((item) => item.thing.id !== hidden.id)).toBe(true);
  });

  it('makes one order of a retried request with the same client key', async () => {
    const clientKey = `retry-${randomUUID()}`;
    const first = await placed(ben, { thingId: guidebook.id, clientKey });
    const again = await order(ben, { thingId: guidebook.id, clientKey });
    expect(again.statusCode).toBe(201);
    expect(again.json<Order>().id).toBe(first.id);
    const [made, retried] = await Promise.all([
      order(ben, { thingId: guidebook.id, clientKey: `${clientKey}-2` }),
      order(ben, { thingId: guidebook.id, clientKey: `${clientKey}-2` }),
    ]);
    expect(made.json<Order>().id).toBe(retried.json<Order>().id);
  });

  it('keeps orders to their buyer and seller: 404 for another member and another tenant, 401 without a session', async () => {
    const made = await placed(ben, { thingId: guidebook.id });
    expectNotFound(await read(carla, made.id));
    expectNotFound(await read(dan, made.id));
    expectNotFound(await act(carla, made, 'cancel'));
    expectNotFound(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${made.id}`,
        headers: carla.headers,
        payload: { version: 1, quantity: 2 },
      }),
    );
    expectUnauthorized(await t.app.inject({ method: 'GET', url: `/api/orders/${made.id}` }));
    expectError(await order(dan, { thingId: guidebook.id }), 404, 'not_found');
    const carlas = await t.app.inject({ method: 'GET', url: '/api/orders?role=seller', headers: carla.headers });
    expect(carlas.json<OrdersPage>().items).toEqual([]);
  });

  it('lets the buyer change a pending order from the version read, and nobody else', async () => {
    const made = await placed(ben, { thingId: guidebook.id });
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${made.id}`,
      headers: ben.headers,
      payload: { version: 1, quantity: 3, note: 'Any edition is fine.' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Order>()).toMatchObject({
      quantity: 3,
      totalMinor: 2400,
      version: 2,
      note: { text: 'Any edition is fine.' },
    });
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${made.id}`,
        headers: ben.headers,
        payload: { version: 1, quantity: 4 },
      }),
      409,
      'conflict',
    );
    expectForbidden(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${made.id}`,
        headers: sofia.headers,
        payload: { version: 2, quantity: 1 },
      }),
    );
  });

  it('answers a patch with nothing but the version with 400, and the order stays at its version (issue 29)', async () => {
    const made = await placed(ben, { thingId: guidebook.id });
    const patch = (id: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: ben.headers, payload });
    const empty = expectError(await patch(made.id, { version: made.version }), 400, 'validation_failed');
    expect(empty.fields?.body?.[0]).toMatch(/^Nothing to change/);
    expect((await read(ben, made.id)).json<Order>()).toMatchObject({ version: made.version, quantity: 1 });
    expectNotFound(await patch(randomUUID(), { version: 1, quantity: 2 }));
  });

  it('moves only as the state machine allows, each side its own steps, from the version read', async () => {
    const made = await placed(ben, { thingId: guidebook.id });
    expectForbidden(await act(ben, made, 'accept'));
    expectError(await act(sofia, made, 'fulfil'), 409, 'conflict');
    const accepted = await act(sofia, made, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Order>()).toMatchObject({ state: 'accepted', version: 2 });
    // Stale: both read version 1.
    expectError(await act(sofia, made, 'decline'), 409, 'conflict');
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${made.id}`,
        headers: ben.headers,
        payload: { version: 2, quantity: 2 },
      }),
      409,
      'conflict',
    );
    const cancelled = await act(ben, accepted.json<Order>(), 'cancel');
    expect(cancelled.json<Order>()).toMatchObject({ state: 'cancelled', actions: [] });
    expectError(await act(sofia, cancelled.json<Order>(), 'accept'), 409, 'conflict');
    // There is no way to mark an order paid but paying it.
    expectNotFound(await act(sofia, cancelled.json<Order>(), 'pay'));
    const timeline = (await read(sofia, made.id)).json<Order>().events.map((event) => [event.state, event.actor?.id]);
    expect(timeline).toEqual([
      ['pending', ben.userId],
      ['accepted', sofia.userId],
      ['cancelled', ben.userId],
    ]);
    const declined = await placed(ben, { thingId: guidebook.id });
    expect((await act(sofia, declined, 'decline')).json<Order>().state).toBe('declined');
  });

  it('takes one of two racing steps and refuses the other, with one timeline entry', async () => {
    const made = await placed(ben, { thingId: guidebook.id });
    const [accept, cancel] = await Promise.all([act(sofia, made, 'accept'), act(ben, made, 'cancel')]);
    expect([accept.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
    const events = (await read(ben, made.id)).json<Order>().events;
    expect(events).toHaveLength(2);
  });

  it('lists my orders on each side, newest first, a page at a time', async () => {
    const buyer = await newAccount(t.app, { displayName: 'Pager' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await placed(buyer, { thingId: guidebook.id })).id);
    const first = await t.app.inject({ method: 'GET', url: '/api/orders?role=buyer&limit=2', headers: buyer.headers });
    const page1 = first.json<OrdersPage>();
    expect(page1.items.map((item) => item.id)).toEqual(ids.slice(-2).reverse());
    await placed(buyer, { thingId: guidebook.id });
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/orders?role=buyer&limit=3&cursor=${page1.nextCursor}`,
      headers: buyer.headers,
    });
    expect(second.json<OrdersPage>().items.map((item) => item.id)).toEqual(ids.slice(0, 3).reverse());
    const selling = await t.app.inject({
      method: 'GET',
      url: '/api/orders?role=seller&state=pending&limit=100',
      headers: sofia.headers,
    });
    expect(selling.json<OrdersPage>().items.filter((item) => item.buyer.id === buyer.userId)).toHaveLength(6);
  });

  it('tells the other side live when an order is made and when it moves', async () => {
    await listen(t);
    const seller = await connectSocket(t, sofia.token);
    const buyer = await connectSocket(t, ben.token);
    try {
      const heard = nextEvent(seller, 'order');
      const made = await placed(ben, { thingId: guidebook.id });
      expect(await heard).toEqual({ orderId: made.id, state: 'pending', version: 1 });
      const accepted = nextEvent(buyer, 'order');
      await act(sofia, made, 'accept');
      expect(await accepted).toEqual({ orderId: made.id, state: 'accepted', version: 2 });
    } finally {
      seller.close();
      buyer.close();
    }
  });

  it('ends every order’s timeline at the state it is in', async () => {
    const all = await t.database.db.select().from(orders);
    const steps = await t.database.db.select().from(orderEvents);
    for (const row of all) {
      const mine = steps.filter((step) => step.orderId === row.id);
      expect(mine.at(-1)?.state, row.id).toBe(row.state);
    }
  });
});

describe('what waits for me', () => {
  const waiting = async (member: Member) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/waiting', headers: member.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OrdersWaiting>();
  };
  const side = (waitingCount: number, total: number) => ({ waiting: waitingCount, total });

  it('counts per side the orders that need the member’s action, and all of theirs, in their tenant only', async () => {
    const seller = await newAccount(t.app, { displayName: 'Inés' });
    const buyer = await newAccount(t.app, { displayName: 'Omar' });
    const map = await addThing(seller, { name: 'Old map', priceMinor: 1200, currency: 'EUR', visibility: 'offered' });
    const tea = await addThing(seller, { name: 'A cup of tea', priceMinor: 0, currency: 'EUR', visibility: 'offered' });
    expect(await waiting(seller)).toEqual({ buyer: side(0, 0), seller: side(0, 0) });

    // Pending: the seller decides.
    const paidOne = await placed(buyer, { thingId: map.id });
    expect(await waiting(seller)).toEqual({ buyer: side(0, 0), seller: side(1, 1) });
    expect(await waiting(buyer)).toEqual({ buyer: side(0, 1), seller: side(0, 0) });

    // Accepted: the buyer pays.
    const accepted = (await act(seller, paidOne, 'accept')).json<Order>();
    expect(await waiting(seller)).toEqual({ buyer: side(0, 0), seller: side(0, 1) });
    expect(await waiting(buyer)).toEqual({ buyer: side(1, 1), seller: side(0, 0) });

    // A free order accepted has nothing to pay: the seller fulfils it.
    const free = await placed(buyer, { thingId: tea.id });
    await act(seller, free, 'accept');
    expect(await waiting(seller)).toEqual({ buyer: side(0, 0), seller: side(1, 2) });
    expect(await waiting(buyer)).toEqual({ buyer: side(1, 2), seller: side(0, 0) });

    // Paid (the payments' step): the seller fulfils it; nothing waits for the buyer.
    expect(await t.app.orders.paymentStep(accepted.id, 'paid', null)).toBe(true);
    expect(await waiting(seller)).toEqual({ buyer: side(0, 0), seller: side(2, 2) });
    expect(await waiting(buyer)).toEqual({ buyer: side(0, 2), seller: side(0, 0) });

    // The shared rule the web badges with says the same of the lists.
    const listed = await t.app.inject({ method: 'GET', url: '/api/orders?role=seller', headers: seller.headers });
    expect(listed.json<OrdersPage>().items.filter((item) => awaitsAction(item, 'seller'))).toHaveLength(2);

    // Nobody else's orders count: another member of the tenant, one of another tenant.
    const others = await Promise.all([waiting(carla), waiting(dan)]);
    for (const counts of others) expect(counts.seller.total + counts.buyer.total).toBe(0);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/orders/waiting' });
    expectUnauthorized(anonymous);
  });
});
