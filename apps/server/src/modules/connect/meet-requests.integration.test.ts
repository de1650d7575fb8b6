import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeetRequest, Trip, TripMeet, Visitors } from '@tolk/shared/schemas/connect';
import type { NotificationsPage } from '@tolk/shared/schemas/notifications';
import type { UpdateProfileInput } from '@tolk/shared/schemas/profile';
import { tripMeetRequests } from '../../db/schema/connect';
import { testApp, type TestApp } from '../../test/build-app';
import { expectError, expectNotFound, newTenantAccount, type Member } from '../../test/factories';

/** Asking to meet on a trip: only someone the trip meets, once, told once, never across a block. */

const LISBON = 2267057;
const MADRID = 3117735;

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const tenant = `meet-${randomUUID().slice(0, 8)}`;

async function member(displayName: string, profile: UpdateProfileInput = {}): Promise<Member> {
  const account = await newTenantAccount(t.app, tenant, { displayName });
  const res = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: account.headers, payload: profile });
  expect(res.statusCode, res.body).toBe(200);
  return account;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function plan(who: Member, cityId = LISBON, from = 10, to = 14): Promise<Trip> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/connect/trips',
    headers: who.headers,
    payload: { cityId, arrival: day(from), departure: day(to) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Trip>();
}

const ask = (who: Member, tripId: string, accountId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/connect/trips/${tripId}/meet`,
    headers: who.headers,
    payload: { accountId },
  });
const withdraw = (who: Member, tripId: string, accountId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/connect/trips/${tripId}/meet/${accountId}`, headers: who.headers });
const meetOf = async (who: Member, tripId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/connect/trips/${tripId}/meet`, headers: who.headers })
  ).json<TripMeet>();
const tripNotices = async (who: Member) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: who.headers }))
    .json<NotificationsPage>()
    .items.filter((item) => item.topic === 'trip');
/** Room for a notification that should not come (notify is not awaited by the request that acts). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('asking to meet on a trip', () => {
  it('asks a local once, tells them once with a link to who asked, and withdraws', async () => {
    const ana = await member('Ana', { homeCityId: MADRID });
    const joao = await member('João', { homeCityId: LISBON });
    const trip = await plan(ana);

    const first = await ask(ana, trip.id, joao.userId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<MeetRequest>()).toMatchObject({ tripId: trip.id, accountId: joao.userId });
    await expect.poll(async () => (await tripNotices(joao)).length).toBe(1);
    const [notice] = await tripNotices(joao);
    expect(notice).toMatchObject({
      event: 'meet',
      actor: { id: ana.userId, displayName: 'Ana' },
      data: { title: 'Lisbon', tripId: trip.id },
      link: `/connect/${ana.userId}`,
    });

    // Read, then asked again: the same request, and nothing new to read.
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: joao.headers })).statusCode,
    ).toBe(204);
    const again = await ask(ana, trip.id, joao.userId);
    expect(again.json<MeetRequest>()).toEqual(first.json<MeetRequest>());
    await settle();
    expect(await tripNotices(joao)).toHaveLength(1);

    // Each side sees it: Ana that she asked, João who asked him.
    expect((await meetOf(ana, trip.id)).locals).toEqual([expect.objectContaining({ id: joao.userId, asked: true })]);
    const visitors = (
      await t.app.inject({ method: 'GET', url: '/api/connect/visitors', headers: joao.headers })
    ).json<Visitors>();
    expect(visitors.visitors.find((visitor) => visitor.trip.id === trip.id)).toMatchObject({ askedMe: true });

    expect((await withdraw(ana, trip.id, joao.userId)).statusCode).toBe(204);
    expect((await meetOf(ana, trip.id)).locals[0]).toMatchObject({ id: joao.userId, asked: false });
    expectNotFound(await withdraw(ana, trip.id, joao.userId));
  });

  it('asks a traveller there at the same time, who sees it on their own trip; a trip gone takes its requests', async () => {
    const eva = await member('Eva', { homeCityId: MADRID });
    const rui = await member('Rui', { homeCityId: MADRID });
    const mine = await plan(eva, LISBON, 20, 24);
    const theirs = await plan(rui, LISBON, 22, 28);
    expect((await ask(eva, mine.id, rui.userId)).statusCode).toBe(200);
    const travellers = (await meetOf(rui, theirs.id)).travellers;
    expect(travellers).toEqual([
      expect.objectContaining({ person: expect.objectContaining({ id: eva.userId }), askedMe: true, asked: false }),
    ]);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/connect/trips/${mine.id}`, headers: eva.headers })).statusCode,
    ).toBe(200);
    const left = await t.database.db.select().from(tripMeetRequests).where(eq(tripMeetRequests.tripId, mine.id));
    expect(left).toEqual([]);
  });

  it('refuses whoever the trip does not meet, another member\u2019s trip, oneself and a blocked pair', async () => {
    const ana = await member('Ana again', { homeCityId: MADRID });
    const stayer = await member('Madrid stayer', { homeCityId: MADRID });
    const local = await member('Lisbon local', { homeCityId: LISBON });
    const blocker = await member('Blocking local', { homeCityId: LISBON });
    const trip = await plan(ana, LISBON, 30, 32);

    // Not in the trip's meet list: 404, as for an account that does not exist.
    expectNotFound(await ask(ana, trip.id, stayer.userId));
    expectNotFound(await ask(ana, trip.id, randomUUID()));
    expectNotFound(await ask(ana, trip.id, ana.userId));
    // Not my trip.
    expectNotFound(await ask(local, trip.id, blocker.userId));
    expectNotFound(await withdraw(local, trip.id, blocker.userId));
    // Blocked either way: not found, and nothing told (the trip met them until then).
    expect((await meetOf(ana, trip.id)).locals.map((person) => person.id)).toContain(blocker.userId);
    const block = await t.app.inject({
      method: 'PUT',
      url: `/api/connect/people/${ana.userId}/block`,
      headers: blocker.headers,
    });
    expect(block.statusCode, block.body).toBe(200);
    expectNotFound(await ask(ana, trip.id, blocker.userId));
    await settle();
    expect(await tripNotices(blocker)).toEqual([]);
    expect(await tripNotices(stayer)).toEqual([]);

    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/connect/trips/${trip.id}/meet`,
      headers: ana.headers,
      payload: { accountId: 'nobody' },
    });
    expect(Object.keys(expectError(bad, 400, 'validation_failed').fields ?? {})).toEqual(['accountId']);
    expect((await ask(ana, trip.id, local.userId)).statusCode).toBe(200);
  });
});
