import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryPage, Trip, TripMeet, Visitors } from '@tolk/shared/schemas/connect';
import type { UpdateProfileInput } from '@tolk/shared/schemas/profile';
import { testApp, type TestApp } from '../../test/build-app';
import { expectError, expectNotFound, newTenantAccount, type Member } from '../../test/factories';

const LISBON = 2267057;
const MADRID = 3117735;

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

async function member(tenant: string, displayName: string, profile: UpdateProfileInput = {}): Promise<Member> {
  const account = await newTenantAccount(t.app, tenant, { displayName });
  const res = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: account.headers, payload: profile });
  expect(res.statusCode, res.body).toBe(200);
  return account;
}

async function plan(who: Member, trip: Record<string, unknown>): Promise<Trip> {
  const res = await t.app.inject({ method: 'POST', url: '/api/connect/trips', headers: who.headers, payload: trip });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Trip>();
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('travel and meet', () => {
  const tenant = `trips-${randomUUID().slice(0, 8)}`;

  it('plans a trip and meets the locals and the travellers there at the same time', async () => {
    const ana = await member(tenant, 'Ana', { homeCityId: MADRID });
    const joao = await member(tenant, 'João', { homeCityId: LISBON });
    const pedro = await member(tenant, 'Pedro', { homeCityId: MADRID });
    const eva = await member(tenant, 'Eva', { homeCityId: MADRID });
    const hidden = await member(tenant, 'Hidden traveller', { homeCityId: MADRID });

    const trip = await plan(ana, {
      cityId: LISBON,
      arrival: day(10),
      departure: day(14),
      note: 'Busco a alguien para practicar portugués.',
    });
    expect(trip).toMatchObject({
      city: { id: LISBON, name: 'Lisbon', country: 'PT' },
      arrival: day(10),
      departure: day(14),
    });
    expect(JSON.stringify(trip)).not.toMatch(/"lat"|"lon"/);
    await plan(pedro, { cityId: LISBON, arrival: day(13), departure: day(20) });
    await plan(eva, { cityId: LISBON, arrival: day(30), departure: day(31) });
    await plan(hidden, { cityId: LISBON, arrival: day(11), departure: day(12), visibility: 'hidden' });

    const meet = await t.app.inject({ method: 'GET', url: `/api/connect/trips/${trip.id}/meet`, headers: ana.headers });
    expect(meet.statusCode, meet.body).toBe(200);
    const body = meet.json<TripMeet>();
    expect(body.locals.map((person) => person.displayName)).toEqual(['João']);
    expect(body.travellers.map((traveller) => traveller.person.displayName)).toEqual(['Pedro']);

    // João, in Lisbon, sees who is coming, with Ana's note in his language.
    const visitors = (
      await t.app.inject({ method: 'GET', url: '/api/connect/visitors', headers: joao.headers })
    ).json<Visitors>();
    expect(visitors.visitors.map((visitor) => visitor.person.displayName)).toEqual(['Ana', 'Pedro', 'Eva']);
    expect(visitors.visitors[0]!.trip.note).toMatchObject({
      original: 'Busco a alguien para practicar portugués.',
      from: 'es',
    });

    // Her profile shows the trip; a hidden one shows nowhere.
    const anaId = visitors.visitors[0]!.person.id;
    const detail = await t.app.inject({ method: 'GET', url: `/api/connect/people/${anaId}`, headers: joao.headers });
    expect(detail.json<{ trips: Trip[] }>().trips.map((shown) => shown.id)).toEqual([trip.id]);

    // Discovery by destination and dates.
    const going = (
      await t.app.inject({
        method: 'GET',
        url: `/api/connect/people?travellingTo=${LISBON}&from=${day(12)}&until=${day(13)}`,
        headers: joao.headers,
      })
    ).json<DiscoveryPage>();
    expect(going.people.map((person) => person.displayName).sort()).toEqual(['Ana', 'Pedro']);
  });

  it('drops past trips and keeps each trip its owner\u2019s', async () => {
    const rui = await member(tenant, 'Rui', { homeCityId: LISBON });
    const old = await member(tenant, 'Old traveller');
    const trip = await plan(old, { cityId: LISBON, arrival: day(1), departure: day(2) });
    await t.database.db.execute(
      sql`update trips set arrival = ${day(-9)}, departure = ${day(-8)} where id = ${trip.id}`,
    );
    const visitors = (
      await t.app.inject({ method: 'GET', url: '/api/connect/visitors', headers: rui.headers })
    ).json<Visitors>();
    expect(visitors.visitors.map((visitor) => visitor.person.displayName)).not.toContain('Old traveller');

    const change = { cityId: MADRID, arrival: day(3), departure: day(4) };
    expectNotFound(
      await t.app.inject({
        method: 'PUT',
        url: `/api/connect/trips/${trip.id}`,
        headers: rui.headers,
        payload: change,
      }),
    );
    expectNotFound(
      await t.app.inject({ method: 'DELETE', url: `/api/connect/trips/${trip.id}`, headers: rui.headers }),
    );
    expectNotFound(
      await t.app.inject({ method: 'GET', url: `/api/connect/trips/${trip.id}/meet`, headers: rui.headers }),
    );
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/connect/trips/${trip.id}`,
      headers: old.headers,
      payload: change,
    });
    expect(moved.json<Trip>()).toMatchObject({ city: { id: MADRID } });
  });

  it('answers bad trips with the field at fault', async () => {
    const who = await member(tenant, 'Careless');
    const backwards = await t.app.inject({
      method: 'POST',
      url: '/api/connect/trips',
      headers: who.headers,
      payload: { cityId: LISBON, arrival: day(5), departure: day(4) },
    });
    expect(Object.keys(expectError(backwards, 400, 'validation_failed').fields ?? {})).toEqual(['departure']);
    const nowhere = await t.app.inject({
      method: 'POST',
      url: '/api/connect/trips',
      headers: who.headers,
      payload: { cityId: 999_999_999, arrival: day(5), departure: day(6) },
    });
    expect(expectError(nowhere, 400, 'validation_failed').fields).toEqual({ cityId: ['Not a city of the list.'] });
  });
});
