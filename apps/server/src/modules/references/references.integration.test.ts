import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@tolk/shared/schemas/accounts-admin';
import type { Trip } from '@tolk/shared/schemas/connect';
import type { NotificationsPage } from '@tolk/shared/schemas/notifications';
import type { Order, OrderAction } from '@tolk/shared/schemas/orders';
import type { ReferenceInput, ReferenceOccasions, ReferencesPage, ThingRatings } from '@tolk/shared/schemas/references';
import type { Thing } from '@tolk/shared/schemas/things';
import { testApp, type TestApp } from '../../test/build-app';
import { expectError, expectNotFound, newTenantAccount, type Member } from '../../test/factories';

/** Issue 33: references between members who met or traded, on a clock the test moves. */

const DAY = 86_400_000;
const LISBON = 2267057;
const MADRID = 3117735;
let clock = Date.now();
let t: TestApp;
const tenant = `refs-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  t = await testApp({ referencesClock: () => new Date(clock), referenceRemindEveryMs: 0 });
});
afterAll(() => t.close());

async function member(displayName: string, language = 'en', homeCityId: number | null = null): Promise<Member> {
  const account = await newTenantAccount(t.app, tenant, { displayName, language });
  if (homeCityId) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: account.headers,
      payload: { homeCityId },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return account;
}

const call = (who: Member, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

const write = (who: Member, input: ReferenceInput) => call(who, 'POST', '/api/references', input);
const occasions = async (who: Member) =>
  (await call(who, 'GET', '/api/references/occasions')).json<ReferenceOccasions>().items;
const about = async (reader: Member, subject: Member, query = '') => {
  const res = await call(reader, 'GET', `/api/references?subjectId=${subject.userId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReferencesPage>();
};
const text = (words: string) => `${words} — we had a lovely time together in the city.`;

async function fulfilledOrder(seller: Member, buyer: Member): Promise<{ order: Order; thing: Thing }> {
  const made = await call(seller, 'POST', '/api/things', {
    name: `Tour ${randomUUID().slice(0, 4)}`,
    priceMinor: 0,
    currency: 'EUR',
    unit: 'item',
    visibility: 'offered',
  });
  expect(made.statusCode, made.body).toBe(201);
  const thing = made.json<Thing>();
  const ordered = await call(buyer, 'POST', '/api/orders', { thingId: thing.id, quantity: 1 });
  expect(ordered.statusCode, ordered.body).toBe(201);
  let order = ordered.json<Order>();
  for (const action of ['accept', 'fulfil'] as OrderAction[]) {
    const res = await call(seller, 'POST', `/api/orders/${order.id}/${action}`, { version: order.version });
    expect(res.statusCode, res.body).toBe(200);
    order = res.json<Order>();
  }
  return { order, thing };
}

async function connect(a: Member, b: Member) {
  expect((await call(a, 'POST', `/api/connect/people/${b.userId}/request`, { note: '' })).statusCode).toBe(200);
  const incoming = (await call(b, 'GET', '/api/connect/connections')).json<{ incoming: { id: string }[] }>()
    .incoming[0]!;
  expect((await call(b, 'POST', `/api/connect/connections/${incoming.id}/accept`)).statusCode).toBe(200);
  return incoming.id;
}

describe('an order', () => {
  let sofia: Member;
  let ben: Member;
  let carla: Member;
  let order: Order;
  let thing: Thing;

  beforeAll(async () => {
    clock = Date.now();
    [sofia, ben, carla] = await Promise.all([member('Sofia', 'es'), member('Ben'), member('Carla')]);
    ({ order, thing } = await fulfilledOrder(sofia, ben));
    // The clock runs on from the database's: the order was fulfilled a moment ago.
    clock = Date.now() + 1000;
  });

  it('is writable by its buyer, who rates it, and its seller, once each', async () => {
    const [mine] = await occasions(ben);
    expect(mine).toMatchObject({
      about: `order:${order.id}`,
      kind: 'order',
      other: { id: sofia.userId },
      rates: true,
      written: null,
    });
    expect((await occasions(sofia))[0]).toMatchObject({ about: `order:${order.id}`, rates: false, theyWrote: false });

    const input = {
      about: `order:${order.id}`,
      subjectId: sofia.userId,
      opinion: 'positive',
      text: text('Sofia showed us everything'),
    } as const;
    expectError(await write(ben, input), 400, 'validation_failed');
    expectError(await write(ben, { ...input, text: 'Too short' }), 400, 'validation_failed');
    expect((await write(ben, { ...input, rating: 5 })).statusCode).toBe(201);
    expectError(await write(ben, { ...input, rating: 4 }), 409, 'conflict');
    expect((await occasions(sofia))[0]!.theyWrote).toBe(true);
    expectError(
      await write(sofia, {
        about: `order:${order.id}`,
        subjectId: ben.userId,
        opinion: 'neutral',
        text: text('Ben came'),
        rating: 3,
      }),
      400,
      'validation_failed',
    );
  });

  it('stays hidden from everyone, its subject too, until the other side has written', async () => {
    expect((await about(carla, sofia)).items).toEqual([]);
    expect((await about(sofia, sofia)).items).toEqual([]);
    const reviews = (await call(carla, 'GET', `/api/references?thingId=${thing.id}`)).json<ReferencesPage>();
    expect(reviews).toMatchObject({ items: [], rating: { average: null, count: 0 } });
    const offers = async () =>
      (await call(carla, 'GET', `/api/references/ratings?ownerId=${sofia.userId}`)).json<ThingRatings>();
    expect(await offers()).toEqual({ things: [] });

    const res = await write(sofia, {
      about: `order:${order.id}`,
      subjectId: ben.userId,
      opinion: 'positive',
      text: text('Ben was on time and curious'),
    });
    expect(res.statusCode, res.body).toBe(201);

    const page = await about(carla, sofia);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      kind: 'order',
      author: { id: ben.userId },
      opinion: 'positive',
      rating: 5,
      thing: { id: thing.id, name: thing.name },
      canReply: false,
    });
    expect(page.counts.order).toEqual({ positive: 1, neutral: 0, negative: 0 });
    expect((await about(carla, ben)).items.map((item) => item.author.id)).toEqual([sofia.userId]);
    const reviews2 = (await call(carla, 'GET', `/api/references?thingId=${thing.id}`)).json<ReferencesPage>();
    expect(reviews2.rating).toEqual({ average: 5, count: 1 });
    expect(reviews2.items).toHaveLength(1);
    expect(await offers()).toEqual({ things: [{ thingId: thing.id, average: 5, count: 1 }] });
    // A member of another tenant reads none of it.
    const stranger = await newTenantAccount(t.app, `other-${randomUUID().slice(0, 8)}`, { displayName: 'Olga' });
    expectNotFound(await call(stranger, 'GET', `/api/references/ratings?ownerId=${sofia.userId}`));
    expectNotFound(await call(stranger, 'GET', `/api/references?subjectId=${sofia.userId}`));
    expectNotFound(await call(stranger, 'GET', `/api/references?thingId=${thing.id}`));
  });

  it('is read in the reader’s language, the original kept', async () => {
    const [sofias] = (await about(ben, ben)).items;
    // Sofia writes in Spanish (her language); Ben reads English.
    expect(sofias!.text).toMatchObject({ original: text('Ben was on time and curious'), from: 'es', to: 'en' });
  });

  it('takes one public reply from its subject', async () => {
    const [bens] = (await about(sofia, sofia)).items;
    expect(bens!.canReply).toBe(true);
    expectNotFound(await call(carla, 'POST', `/api/references/${bens!.id}/reply`, { text: 'Not mine' }));
    expect(
      (await call(sofia, 'POST', `/api/references/${bens!.id}/reply`, { text: '¡Gracias, Ben!' })).statusCode,
    ).toBe(204);
    expectNotFound(await call(sofia, 'POST', `/api/references/${bens!.id}/reply`, { text: 'Otra vez' }));
    const [replied] = (await about(carla, sofia)).items;
    expect(replied!.reply?.text.original).toBe('¡Gracias, Ben!');
    expect(replied!.canReply).toBe(false);
  });

  it('can be reported, and a superadmin hides it with the reason in the audit log', async () => {
    const [bens] = (await about(carla, sofia)).items;
    const reported = await call(carla, 'POST', '/api/reports', {
      targetKind: 'reference',
      targetId: bens!.id,
      reason: 'fake',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const admin = await newTenantAccount(t.app, 'root', { roles: 'superadmin' });
    const queue = (await call(admin, 'GET', '/api/reports')).json<{
      reports: { targetKind: string; targetId: string; content: string }[];
    }>();
    expect(queue.reports.find((report) => report.targetId === bens!.id)).toMatchObject({ targetKind: 'reference' });

    expect((await call(carla, 'PUT', `/api/admin/references/${bens!.id}/hidden`, { reason: 'Fake' })).statusCode).toBe(
      403,
    );
    expect(
      (await call(admin, 'PUT', `/api/admin/references/${bens!.id}/hidden`, { reason: 'Written by a fake account' }))
        .statusCode,
    ).toBe(204);
    expect((await about(carla, sofia)).items).toEqual([]);
    const audit = (await call(admin, 'GET', `/api/accounts/${ben.userId}/audit`)).json<{ items: AuditEntry[] }>();
    expect(audit.items[0]).toMatchObject({
      action: 'reference_hidden',
      after: { reason: 'Written by a fake account' },
    });
  });
});

describe('meeting', () => {
  it('after a connection of a week: hidden until both wrote or 14 days passed; the window closes after 30', async () => {
    clock = Date.now();
    const [ana, leo, outsider] = await Promise.all([member('Ana'), member('Leo'), member('Otto')]);
    const connectionId = await connect(ana, leo);
    const input = {
      about: `connection:${connectionId}`,
      subjectId: leo.userId,
      opinion: 'positive',
      text: text('Leo is a patient teacher'),
    } as const;
    // Not yet: connected for less than a week.
    expectNotFound(await write(ana, input));
    clock += 8 * DAY;
    expect((await write(ana, input)).statusCode).toBe(201);
    // Nobody else may write about it, nor about themselves.
    expectNotFound(await write(outsider, input));
    expectNotFound(await write(ana, { ...input, subjectId: ana.userId }));
    expect((await about(outsider, leo)).items).toEqual([]);
    clock += 14 * DAY;
    expect((await about(outsider, leo)).items.map((item) => item.author.id)).toEqual([ana.userId]);
    clock += 16 * DAY;
    // 8 + 14 + 16 = 38 days after connecting: 31 after it became writable, closed.
    expectNotFound(await write(leo, { ...input, subjectId: ana.userId }));
  });

  it('on a trip one asked the other to meet on, once it is over', async () => {
    clock = Date.now();
    const [eva, joao] = await Promise.all([member('Eva', 'en', MADRID), member('João', 'pt', LISBON)]);
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const planned = await call(eva, 'POST', '/api/connect/trips', {
      cityId: LISBON,
      arrival: day(1),
      departure: day(3),
    });
    expect(planned.statusCode, planned.body).toBe(201);
    const trip = planned.json<Trip>();
    expect((await call(eva, 'POST', `/api/connect/trips/${trip.id}/meet`, { accountId: joao.userId })).statusCode).toBe(
      200,
    );
    const input = {
      about: `trip:${trip.id}`,
      subjectId: eva.userId,
      opinion: 'neutral',
      text: text('Eva came for a coffee'),
    } as const;
    expectNotFound(await write(joao, input));
    clock += 5 * DAY;
    expect((await occasions(joao)).find((item) => item.about === input.about)).toMatchObject({
      kind: 'meeting',
      title: 'Lisbon',
    });
    expect((await write(joao, input)).statusCode).toBe(201);
  });

  it('is never written across a block; what was written stays', async () => {
    clock = Date.now();
    const [mia, noa] = await Promise.all([member('Mia'), member('Noa')]);
    const connectionId = await connect(mia, noa);
    clock += 8 * DAY;
    const input = {
      about: `connection:${connectionId}`,
      subjectId: noa.userId,
      opinion: 'positive',
      text: text('Noa knows every café'),
    } as const;
    expect((await write(mia, input)).statusCode).toBe(201);
    expect((await call(noa, 'PUT', `/api/connect/people/${mia.userId}/block`)).statusCode).toBe(200);
    expectNotFound(await write(noa, { ...input, subjectId: mia.userId }));
    expect(await occasions(noa)).toEqual([]);
    // Neither reads the other's offers' ratings across the block.
    expectNotFound(await call(mia, 'GET', `/api/references/ratings?ownerId=${noa.userId}`));
  });
});

describe('reminders', () => {
  it('tell each side when a reference becomes writable and 3 days before it closes, once', async () => {
    clock = Date.now();
    const [kai, lu] = await Promise.all([member('Kai'), member('Lu')]);
    await connect(kai, lu);
    const notices = async (who: Member) =>
      (await call(who, 'GET', '/api/notifications'))
        .json<NotificationsPage>()
        .items.filter((item) => item.topic === 'reference');
    const sweep = async (at: number) => {
      await t.app.references.reminders.sweep(new Date(at));
      while ((await t.app.outbox.runDue()) > 0);
    };
    await sweep(clock + 7 * DAY + 60_000);
    expect((await notices(kai)).map((item) => [item.event, item.actor?.id])).toEqual([['writable', lu.userId]]);
    expect((await notices(lu)).map((item) => item.event)).toEqual(['writable']);
    await sweep(clock + 7 * DAY + 120_000);
    expect(await notices(kai)).toHaveLength(1);

    expect((await call(kai, 'PUT', '/api/notifications/read')).statusCode).toBe(204);
    await sweep(clock + 34 * DAY + 60_000);
    const closing = (await notices(kai)).filter((item) => item.event === 'closing');
    expect(closing).toHaveLength(1);
    expect(closing[0]!.data.date).toBe(new Date(clock + 37 * DAY).toISOString().slice(0, 10));
  });
});
