import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connections, DiscoveryPage, PersonDetail } from '@tolk/shared/schemas/connect';
import type { UpdateProfileInput } from '@tolk/shared/schemas/profile';
import type { Interest } from '@tolk/shared/interests';
import { accounts } from '../../db/schema/accounts';
import { testApp, type TestApp } from '../../test/build-app';
import { expectError, expectNotFound, newTenantAccount, type Member } from '../../test/factories';
import { createConnectRepository, type DiscoveryPosition } from './connect.repository';

/** GeoNames ids of the bundled list. */
const OSLO = 3143244;
const BERGEN = 3161732;
const MADRID = 3117735;

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** A member of `tenant` with this connect profile. */
async function member(tenant: string, displayName: string, profile: UpdateProfileInput): Promise<Member> {
  const account = await newTenantAccount(t.app, tenant, { displayName });
  const res = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: account.headers, payload: profile });
  expect(res.statusCode, res.body).toBe(200);
  return account;
}

async function discover(viewer: Member, query = ''): Promise<DiscoveryPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/connect/people${query}`, headers: viewer.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DiscoveryPage>();
}
const names = (page: DiscoveryPage) => page.people.map((person) => person.displayName);

const spanishLearningEnglish: UpdateProfileInput = {
  languagesSpoken: [{ code: 'es', level: 'native' }],
  languagesLearning: ['en'],
  interests: ['hiking', 'music'],
  homeCityId: MADRID,
};

describe('discovery', () => {
  const tenant = `rank-${randomUUID().slice(0, 8)}`;
  let ana: Member;

  beforeAll(async () => {
    ana = await member(tenant, 'Ana', spanishLearningEnglish);
    // Built so that each rule decides one place, whatever order they were created in.
    await member(tenant, 'Only interests', {
      languagesSpoken: [{ code: 'fr', level: 'native' }],
      interests: ['hiking', 'music'],
      homeCityId: MADRID,
    });
    await member(tenant, 'Half match', {
      languagesSpoken: [{ code: 'en', level: 'native' }],
      languagesLearning: ['de'],
      homeCityId: MADRID,
    });
    await member(tenant, 'Full match far', {
      languagesSpoken: [{ code: 'en', level: 'native' }],
      languagesLearning: ['es'],
      homeCityId: OSLO,
    });
    await member(tenant, 'Full match near', {
      languagesSpoken: [{ code: 'en', level: 'fluent' }],
      languagesLearning: ['es'],
      homeCityId: MADRID,
      bio: 'I love walking in the mountains on weekends.',
    });
    await member(tenant, 'Full match shared', {
      languagesSpoken: [{ code: 'en', level: 'native' }],
      languagesLearning: ['es'],
      interests: ['hiking'],
      homeCityId: OSLO,
    });
    await member(tenant, 'Hidden', {
      languagesSpoken: [{ code: 'en', level: 'native' }],
      languagesLearning: ['es'],
      visibility: 'hidden',
    });
    await member(`other-${tenant}`, 'Other tenant', {
      languagesSpoken: [{ code: 'en', level: 'native' }],
      languagesLearning: ['es'],
    });
  });

  it('ranks complementary partners first, then shared interests, distance and activity', async () => {
    const page = await discover(ana);
    expect(names(page)).toEqual([
      'Full match shared',
      'Full match near',
      'Full match far',
      'Half match',
      'Only interests',
    ]);
    const near = page.people[1]!;
    expect(near).toMatchObject({
      teachesMe: true,
      learnsMine: true,
      city: { id: MADRID, country: 'ES' },
      distanceKm: 1,
    });
    expect(page.people[0]).toMatchObject({ sharedInterests: ['hiking'] });
    expect(page.people[2]!.distanceKm).toBeGreaterThan(2000);
  });

  it('never shows coordinates or a birth year, and hides hidden profiles and other tenants', async () => {
    const page = await discover(ana);
    const body = JSON.stringify(page);
    expect(body).not.toMatch(/"lat"|"lon"|birthYear|homeLat|coordinates/);
    expect(names(page)).not.toContain('Hidden');
    expect(names(page)).not.toContain('Other tenant');
  });

  it('filters by language, interest, city, distance and name', async () => {
    expect(names(await discover(ana, '?speaks=fr'))).toEqual(['Only interests']);
    expect(names(await discover(ana, '?learns=de'))).toEqual(['Half match']);
    expect(names(await discover(ana, '?interest=music'))).toEqual(['Only interests']);
    expect(names(await discover(ana, `?cityId=${OSLO}`)).sort()).toEqual(['Full match far', 'Full match shared']);
    expect(names(await discover(ana, '?withinKm=50'))).toEqual(['Full match near', 'Half match', 'Only interests']);
    expect(names(await discover(ana, '?q=shared'))).toEqual(['Full match shared']);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/connect/people?ageMin=40&ageMax=30', headers: ana.headers }),
      400,
      'validation_failed',
    );
  });

  it('pages with a cursor, never repeating anyone', async () => {
    const first = await discover(ana, '?limit=2');
    expect(first.people).toHaveLength(2);
    const second = await discover(ana, `?limit=2&cursor=${first.nextCursor}`);
    const third = await discover(ana, `?limit=2&cursor=${second.nextCursor}`);
    expect([...names(first), ...names(second), ...names(third)]).toEqual(names(await discover(ana)));
    expect(third.nextCursor).toBeNull();
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/connect/people?cursor=nonsense', headers: ana.headers }),
      400,
      'validation_failed',
    );
  });

  it('ranks by how many interests are shared, page by page, also for a member with many interests', async () => {
    const mine: Interest[] = ['hiking', 'music', 'food', 'cooking', 'photography', 'art', 'dancing', 'yoga'];
    const group = `many-${randomUUID().slice(0, 8)}`;
    const viewer = await member(group, 'Many', { ...spanishLearningEnglish, interests: mine });
    // One each of 8, 7, 6, 5, 3, 1 and 0 shared interests, all complementary, all as near.
    const counts = [3, 0, 7, 5, 8, 1, 6];
    for (const count of counts) {
      await member(group, `Shares ${count}`, {
        languagesSpoken: [{ code: 'en', level: 'native' }],
        languagesLearning: ['es'],
        interests: [...mine.slice(0, count), 'gaming'],
        homeCityId: MADRID,
      });
    }
    const expected = [...counts].sort((a, b) => b - a).map((count) => `Shares ${count}`);
    expect(names(await discover(viewer))).toEqual(expected);
    // Unfiltered, a tier is read group by group (8 or 7 shared, then 6, through the index; 5 and
    // fewer by one scan); narrowed to a city, a small tier is ranked in one query. Page by page, with and
    // without a filter, and through a repository that always groups: the same order.
    const grouping = createConnectRepository(t.database.db, { wholeTierAtMost: 0 });
    const [account] = await t.database.db
      .select({ tenantId: accounts.tenantId })
      .from(accounts)
      .where(eq(accounts.id, viewer.userId));
    const scope = { tenantId: account!.tenantId, accountId: viewer.userId };
    const me = await grouping.viewerProfile(scope);
    for (const read of [
      (cursor: string) => discover(viewer, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`),
      (cursor: string) => discover(viewer, `?limit=1&cityId=${MADRID}${cursor ? `&cursor=${cursor}` : ''}`),
      async (cursor: string) => {
        const position = cursor
          ? (JSON.parse(cursor) as DiscoveryPosition)
          : { tier: 0, shared: 15, whole: false, offset: 0 };
        const page = await grouping.discover(scope, me, { cityId: MADRID }, { ...position, limit: 1 });
        return {
          people: page.rows.map((row) => ({ displayName: row.displayName })),
          nextCursor: page.next ? JSON.stringify(page.next) : null,
        } as DiscoveryPage;
      },
    ]) {
      const seen: string[] = [];
      let cursor = '';
      do {
        const page = await read(cursor);
        seen.push(...names(page));
        cursor = page.nextCursor ?? '';
      } while (cursor);
      expect(seen).toEqual(expected);
    }
  });

  it('shows one person with the bio in the reader\u2019s language, and 404 for those the viewer may not see', async () => {
    const page = await discover(ana, '?q=near');
    const id = page.people[0]!.id;
    const res = await t.app.inject({ method: 'GET', url: `/api/connect/people/${id}`, headers: ana.headers });
    const detail = res.json<PersonDetail>();
    expect(detail.bio).toMatchObject({
      original: 'I love walking in the mountains on weekends.',
      from: 'en',
      to: 'en',
    });
    expect(detail).toMatchObject({ canMessage: true, trips: [], offers: [], connection: 'none' });
    const stranger = await newTenantAccount(t.app, `stranger-${tenant}`);
    expectNotFound(await t.app.inject({ method: 'GET', url: `/api/connect/people/${id}`, headers: stranger.headers }));
  });
});

describe('distance', () => {
  it('gives none when either member has no home city, on the list and on the person', async () => {
    const group = `home-${randomUUID().slice(0, 8)}`;
    const housed = await member(group, 'Housed', spanishLearningEnglish);
    await member(group, 'Near', { ...spanishLearningEnglish, homeCityId: MADRID });
    await member(group, 'Homeless', { languagesSpoken: [{ code: 'en', level: 'native' }], languagesLearning: ['es'] });
    const roamer = await member(group, 'Roamer', { languagesSpoken: [{ code: 'fr', level: 'native' }] });

    const seenByHoused = await discover(housed);
    const byName = (page: DiscoveryPage, name: string) => page.people.find((person) => person.displayName === name)!;
    expect(byName(seenByHoused, 'Near').distanceKm).toBe(1);
    expect(byName(seenByHoused, 'Homeless')).toMatchObject({ distanceKm: null, city: null });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/connect/people/${byName(seenByHoused, 'Homeless').id}`,
      headers: housed.headers,
    });
    expect(detail.json<PersonDetail>()).toMatchObject({ distanceKm: null, city: null });

    // A viewer without a home city is no distance from anyone, housed or not.
    const seenByRoamer = await discover(roamer);
    expect(names(seenByRoamer).sort()).toEqual(['Homeless', 'Housed', 'Near']);
    expect(seenByRoamer.people.map((person) => person.distanceKm)).toEqual([null, null, null]);
    expect(byName(seenByRoamer, 'Near').city).toMatchObject({ id: MADRID });
  });
});

describe('what a member offers', () => {
  it('shows their offered things on their profile, not their private ones, each in the viewer\u2019s language', async () => {
    const tenant = `offers-${randomUUID().slice(0, 8)}`;
    const guide = await member(tenant, 'Guide', { languagesSpoken: [{ code: 'en', level: 'native' }] });
    const reader = await newTenantAccount(t.app, tenant, { language: 'es' });
    const thing = (visibility: string, name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/things',
        headers: guide.headers,
        payload: {
          name,
          description: 'A guided walk through the old town.',
          priceMinor: 1500,
          currency: 'EUR',
          visibility,
        },
      });
    expect((await thing('offered', 'Old town walk')).statusCode).toBe(201);
    expect((await thing('private', 'My notes')).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/connect/people/${guide.userId}`,
      headers: reader.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const offers = res.json<PersonDetail>().offers;
    expect(offers.map((offer) => offer.name)).toEqual(['Old town walk']);
    expect(offers[0]).toMatchObject({ priceMinor: 1500, currency: 'EUR', description: { to: 'es', state: 'ready' } });
  });
});

describe('connections and blocks', () => {
  const tenant = `conn-${randomUUID().slice(0, 8)}`;

  it('request, accept, remove; a block hides both ways and ends the connection', async () => {
    const lucia = await member(tenant, 'Lucía', spanishLearningEnglish);
    const tom = await member(tenant, 'Tom', {
      languagesSpoken: [{ code: 'en', level: 'native' }],
      languagesLearning: ['es'],
    });
    const tomId = (await discover(lucia)).people[0]!.id;
    const luciaId = (await discover(tom)).people[0]!.id;

    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/connect/people/${tomId}/request`,
      headers: lucia.headers,
      payload: { note: 'Hola, ¿practicamos juntos?' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // Asking twice is the same request.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/connect/people/${tomId}/request`,
      headers: lucia.headers,
      payload: {},
    });
    expect(again.json()).toEqual(asked.json());

    const tomsView = (
      await t.app.inject({ method: 'GET', url: '/api/connect/connections', headers: tom.headers })
    ).json<Connections>();
    expect(tomsView.incoming).toHaveLength(1);
    expect(tomsView.incoming[0]).toMatchObject({
      person: { displayName: 'Lucía' },
      note: { original: 'Hola, ¿practicamos juntos?', from: 'es', to: 'en' },
    });
    expect((await discover(tom)).people[0]!.connection).toBe('incoming');

    // Lucía cannot accept her own request; Tom can.
    const id = tomsView.incoming[0]!.id;
    expectNotFound(
      await t.app.inject({ method: 'POST', url: `/api/connect/connections/${id}/accept`, headers: lucia.headers }),
    );
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/connect/connections/${id}/accept`,
      headers: tom.headers,
    });
    expect(accepted.json()).toMatchObject({ state: 'accepted' });
    expect((await discover(lucia)).people[0]!.connection).toBe('connected');

    // A block: gone from each other's discovery, detail and connections; no new request.
    const blocked = await t.app.inject({
      method: 'PUT',
      url: `/api/connect/people/${tomId}/block`,
      headers: lucia.headers,
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(names(await discover(lucia))).not.toContain('Tom');
    expect(names(await discover(tom))).not.toContain('Lucía');
    expectNotFound(await t.app.inject({ method: 'GET', url: `/api/connect/people/${luciaId}`, headers: tom.headers }));
    expectNotFound(
      await t.app.inject({
        method: 'POST',
        url: `/api/connect/people/${luciaId}/request`,
        headers: tom.headers,
        payload: {},
      }),
    );
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/connect/connections', headers: tom.headers })
    ).json<Connections>();
    expect(after).toEqual({ connected: [], incoming: [], outgoing: [] });

    const list = await t.app.inject({ method: 'GET', url: '/api/connect/blocked', headers: lucia.headers });
    expect(list.json()).toEqual({ blocked: [expect.objectContaining({ id: tomId, displayName: 'Tom' })] });
    expect((await t.app.inject({ method: 'GET', url: '/api/connect/blocked', headers: tom.headers })).json()).toEqual({
      blocked: [],
    });

    // Unblocking shows them again, unconnected.
    await t.app.inject({ method: 'DELETE', url: `/api/connect/people/${tomId}/block`, headers: lucia.headers });
    expect((await discover(lucia)).people.find((person) => person.id === tomId)?.connection).toBe('none');
  });

  it('opens direct conversations as each member allows, and never across a block', async () => {
    const nora = await member(tenant, 'Nora', { messagePolicy: 'connections' });
    const sam = await member(tenant, 'Sam', {});
    const direct = (from: Member, to: Member) =>
      t.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: from.headers,
        payload: { kind: 'direct', members: [to.username] },
      });

    // Nora takes messages from connections only; Sam takes them from everyone.
    expect(expectError(await direct(sam, nora), 403, 'forbidden').message).toBe(
      'Only their connections can message them.',
    );
    const noraToSam = await direct(nora, sam);
    expect(noraToSam.statusCode, noraToSam.body).toBe(201);

    const noraId = (await discover(sam)).people.find((person) => person.displayName === 'Nora')!.id;
    await t.app.inject({
      method: 'POST',
      url: `/api/connect/people/${noraId}/request`,
      headers: sam.headers,
      payload: {},
    });
    const pending = (
      await t.app.inject({ method: 'GET', url: '/api/connect/connections', headers: nora.headers })
    ).json<Connections>();
    await t.app.inject({
      method: 'POST',
      url: `/api/connect/connections/${pending.incoming[0]!.id}/accept`,
      headers: nora.headers,
    });
    expect((await direct(sam, nora)).statusCode).toBe(200);

    // A block ends that: the blocked one finds nobody by that name.
    await t.app.inject({ method: 'PUT', url: `/api/connect/people/${noraId}/block`, headers: sam.headers });
    const refused = expectError(await direct(nora, sam), 400, 'validation_failed');
    expect(refused.fields).toEqual({ members: [`No member is called ${sam.username}.`] });
  });

  it('shows a connections-only profile to connections alone', async () => {
    const kari = await member(tenant, 'Kari', {
      visibility: 'connections',
      languagesSpoken: [{ code: 'nb', level: 'native' }],
    });
    const ola = await member(tenant, 'Ola', { homeCityId: BERGEN });
    expect(names(await discover(ola))).not.toContain('Kari');
    const olaId = (await discover(kari)).people.find((person) => person.displayName === 'Ola')!.id;
    await t.app.inject({
      method: 'POST',
      url: `/api/connect/people/${olaId}/request`,
      headers: kari.headers,
      payload: {},
    });
    const request = (
      await t.app.inject({ method: 'GET', url: '/api/connect/connections', headers: ola.headers })
    ).json<Connections>();
    await t.app.inject({
      method: 'POST',
      url: `/api/connect/connections/${request.incoming[0]!.id}/accept`,
      headers: ola.headers,
    });
    expect(names(await discover(ola))).toContain('Kari');
  });
});
