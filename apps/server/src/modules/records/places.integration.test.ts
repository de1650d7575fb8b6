import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@tolk/shared/schemas/conversations';
import type { Place, PlacesPage } from '@tolk/shared/schemas/places';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { testApp, type TestApp } from '../../test/build-app';
import { TEST_ADMIN_PASSWORD } from '../../test/constants';
import {
  expectError,
  expectNotFound,
  expectUnauthorized,
  newTenantAccount,
  signIn,
  type Member,
} from '../../test/factories';
import { tinyPng, uploadPhoto } from '../uploads/upload-fixtures';

const OSLO = 3143244;
const MADRID = 3117735;

let t: TestApp;
/** Alice and Bob share a tenant; Olga lives in another. */
let alice: Member;
let bob: Member;
let olga: Member;

beforeAll(async () => {
  t = await testApp();
  const tenant = `places-${randomUUID().slice(0, 8)}`;
  alice = await newTenantAccount(t.app, tenant);
  bob = await newTenantAccount(t.app, tenant);
  olga = await newTenantAccount(t.app, `other-${randomUUID().slice(0, 8)}`);
});
afterAll(() => t.close());

const post = (who: Member, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/places', headers: who.headers, payload });
const put = (who: Member, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/places/${id}`, headers: who.headers, payload });
const get = (who: Member, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/places/${id}`, headers: who.headers });
const remove = (who: Member, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/places/${id}`, headers: who.headers });

async function addPlace(who: Member, payload: Record<string, unknown>): Promise<Place> {
  const res = await post(who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Place>();
}

async function listPage(who: Member, query: string): Promise<PlacesPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/places?${query}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PlacesPage>();
}

const namesOf = (page: PlacesPage) => page.items.map((place) => place.name);

async function upload(who: Member): Promise<Photo> {
  const res = await uploadPhoto(t.app, who.headers, await tinyPng());
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Photo>();
}

describe('a place of mine, from adding to deleting', () => {
  it('adds, reads, lists, edits and deletes a place', async () => {
    const created = await addPlace(alice, {
      name: '  Café Central ',
      kind: 'food',
      address: 'Herrengasse 14, Wien',
      lat: 48.2104,
      lon: 16.3655,
      note: 'Apple strudel',
      rating: 5,
    });
    expect(created).toMatchObject({
      name: 'Café Central',
      kind: 'food',
      address: 'Herrengasse 14, Wien',
      lat: 48.2104,
      lon: 16.3655,
      city: null,
      photo: null,
      note: 'Apple strudel',
      rating: 5,
      version: 1,
    });
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);

    const read = await get(alice, created.id);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Place>()).toEqual(created);
    expect((await listPage(alice, '')).items).toContainEqual(created);

    const edited = await put(alice, created.id, { name: 'Café Central Wien', kind: 'sight', rating: 4, version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    // An edit is the whole place: what it leaves out goes back to its default.
    expect(edited.json<Place>()).toMatchObject({
      id: created.id,
      name: 'Café Central Wien',
      kind: 'sight',
      address: '',
      lat: null,
      lon: null,
      note: '',
      rating: 4,
      version: 2,
      createdAt: created.createdAt,
    });
    expect((await get(alice, created.id)).json<Place>()).toEqual(edited.json<Place>());

    expect((await remove(alice, created.id)).statusCode).toBe(204);
    expectNotFound(await get(alice, created.id));
    expectNotFound(await remove(alice, created.id));
    expectNotFound(await put(alice, created.id, { name: 'Back again', version: 2 }));
    expect((await listPage(alice, '')).items.map((place) => place.id)).not.toContain(created.id);
  });

  it('keeps one of my photos with the place', async () => {
    const photo = await upload(alice);
    const place = await addPlace(alice, { name: 'Belvedere', kind: 'sight', photoId: photo.id });
    expect(place.photo).toEqual(photo);
    expect((await get(alice, place.id)).json<Place>().photo).toEqual(photo);
    const withoutPhoto = await put(alice, place.id, { name: 'Belvedere', photoId: null, version: 1 });
    expect(withoutPhoto.json<Place>().photo).toBeNull();
  });

  it('places a place chosen by its city at the city, and keeps coordinates given from the map', async () => {
    const oslo = await addPlace(alice, { name: 'Oslo', kind: 'city', cityId: OSLO });
    expect(oslo).toMatchObject({ city: { id: OSLO, name: 'Oslo', country: 'NO' } });
    expect(oslo.lat).toBeCloseTo(59.91, 1);
    expect(oslo.lon).toBeCloseTo(10.75, 1);

    const prado = await addPlace(alice, { name: 'Museo del Prado', cityId: MADRID, lat: 40.4138, lon: -3.6921 });
    expect(prado).toMatchObject({ city: { id: MADRID, name: 'Madrid', country: 'ES' }, lat: 40.4138, lon: -3.6921 });
    // Its city comes with its region and centre: the owner's form questions a point far from it.
    expect(prado.city).toMatchObject({ region: 'Community of Madrid' });
    expect(prado.city!.lat).toBeCloseTo(40.42, 1);
    expect(prado.city!.lon).toBeCloseTo(-3.7, 1);

    // Moving a place to another city moves it there when no coordinates are given.
    const moved = await put(alice, prado.id, { name: 'Museo del Prado', cityId: OSLO, version: prado.version });
    expect(moved.json<Place>()).toMatchObject({ city: { id: OSLO }, lat: oslo.lat, lon: oslo.lon });
  });

  it('says which field is wrong and keeps nothing of a refused place', async () => {
    const before = (await listPage(alice, 'limit=50')).items.length;
    const bobsPhoto = await upload(bob);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'A', rating: 6 }, 'rating'],
      [{ name: 'A', rating: 0 }, 'rating'],
      [{ name: 'A', lat: 40.4 }, 'lon'],
      [{ name: 'A', lon: -3.7 }, 'lon'],
      [{ name: 'A', lat: 91, lon: 0 }, 'lat'],
      [{ name: 'A', kind: 'castle' }, 'kind'],
      [{ name: 'A', cityId: 999_999_999 }, 'cityId', SERVER_MESSAGES.notACity],
      [{ name: 'A', photoId: bobsPhoto.id }, 'photoId', 'Not a photo of yours.'],
      [{ name: 'A', photoId: randomUUID() }, 'photoId', 'Not a photo of yours.'],
    ];
    for (const [payload, field, message] of cases) {
      const error = expectError(await post(alice, payload), 400, 'validation_failed');
      expect(error.fields, JSON.stringify(payload)).toHaveProperty(field);
      if (message) expect(error.fields?.[field], JSON.stringify(payload)).toEqual([message]);
    }
    expect((await listPage(alice, 'limit=50')).items.length).toBe(before);

    // An edit is checked the same way, and a refused one changes nothing.
    const place = await addPlace(alice, { name: 'Checked' });
    const refused = await put(alice, place.id, { name: 'Checked', cityId: 999_999_999, version: 1 });
    expect(expectError(refused, 400, 'validation_failed').fields).toHaveProperty('cityId');
    const stolen = await put(alice, place.id, { name: 'Checked', photoId: bobsPhoto.id, version: 1 });
    expect(expectError(stolen, 400, 'validation_failed').fields).toHaveProperty('photoId');
    expect((await get(alice, place.id)).json<Place>()).toEqual(place);
  });
});

describe("places are their owner's", () => {
  let alicesPlace: Place;
  beforeAll(async () => {
    alicesPlace = await addPlace(alice, { name: 'Secret beach', note: 'tell nobody', rating: 5 });
  });

  it('answers another member of the tenant and a member of another tenant with 404 for reading, editing and deleting', async () => {
    for (const stranger of [bob, olga]) {
      expectNotFound(await get(stranger, alicesPlace.id));
      expectNotFound(await put(stranger, alicesPlace.id, { name: 'Mine now', version: alicesPlace.version }));
      expectNotFound(await remove(stranger, alicesPlace.id));
      expect(namesOf(await listPage(stranger, 'q=secret'))).toEqual([]);
    }
    expect((await get(alice, alicesPlace.id)).json<Place>()).toEqual(alicesPlace);
  });

  it('answers 404 for a place that does not exist and for an id that is not one', async () => {
    expectNotFound(await get(alice, randomUUID()));
    expectNotFound(await get(alice, 'not-a-place'));
  });

  it('asks for a token (401) on every route', async () => {
    const url = `/api/places/${alicesPlace.id}`;
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/places' }));
    expectUnauthorized(await t.app.inject({ method: 'POST', url: '/api/places', payload: { name: 'Anonymous' } }));
    expectUnauthorized(await t.app.inject({ method: 'GET', url }));
    expectUnauthorized(await t.app.inject({ method: 'PUT', url, payload: { name: 'Anonymous', version: 1 } }));
    expectUnauthorized(await t.app.inject({ method: 'DELETE', url }));
    expect((await get(alice, alicesPlace.id)).json<Place>()).toEqual(alicesPlace);
  });

  it("lets a superadmin open a member's place for support, while their own list stays their own", async () => {
    const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const read = await t.app.inject({ method: 'GET', url: `/api/places/${alicesPlace.id}`, headers: admin.headers });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Place>()).toEqual(alicesPlace);
    const list = await t.app.inject({ method: 'GET', url: '/api/places?q=secret', headers: admin.headers });
    expect(list.json<PlacesPage>().items).toEqual([]);
  });
});

describe('edits from an older version', () => {
  it('refuses a stale edit with 409 and takes one made from the current version', async () => {
    const place = await addPlace(alice, { name: 'Bergen fish market', kind: 'food' });
    const first = await put(alice, place.id, { name: 'Fisketorget', kind: 'food', version: place.version });
    expect(first.json<Place>()).toMatchObject({ name: 'Fisketorget', version: 2 });

    const stale = await put(alice, place.id, { name: 'Fish market', kind: 'food', version: place.version });
    expect(expectError(stale, 409, 'conflict').message).toBe(
      'This place was changed elsewhere. Reload it to see the changes.',
    );
    expect((await get(alice, place.id)).json<Place>()).toMatchObject({ name: 'Fisketorget', version: 2 });

    const fresh = await put(alice, place.id, { name: 'Fish market', kind: 'food', version: 2 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json<Place>()).toMatchObject({ name: 'Fish market', version: 3 });
  });
});

describe('the list', () => {
  it('pages without repeating or skipping a place while places are added, in every order', async () => {
    const owner = await newTenantAccount(t.app, `pager-${randomUUID().slice(0, 8)}`);
    const names = ['Eiffel Tower', 'alhambra', 'Colosseum', 'big Ben', 'duomo', 'Fjord', 'Giza'];
    for (const name of names) await addPlace(owner, { name, note: `visit ${name}` });
    const expectedOrder = {
      recent: [...names].reverse(),
      updated: [...names].reverse(),
      name: [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    };

    for (const sort of ['recent', 'name', 'updated'] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let added = 0;
      do {
        const page = await listPage(owner, `sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(3);
        seen.push(...namesOf(page));
        cursor = page.nextCursor;
        // Someone adds a place (in another tab) between two pages.
        await addPlace(owner, { name: `New ${sort} ${++added}` });
      } while (cursor && added < 20);

      expect(cursor, `${sort} never ended`).toBeNull();
      expect(new Set(seen).size, `${sort}: ${seen.join(', ')}`).toBe(seen.length);
      expect(
        seen.filter((name) => names.includes(name)),
        sort,
      ).toEqual(expectedOrder[sort]);
    }
  });

  it('searches names, addresses and notes whatever the case, and takes % and _ as themselves', async () => {
    const owner = await newTenantAccount(t.app, `search-${randomUUID().slice(0, 8)}`);
    await addPlace(owner, { name: 'Café Sperl', address: 'Gumpendorfer Straße 11' });
    await addPlace(owner, { name: 'Naschmarkt', note: 'Best FALAFEL in town' });
    await addPlace(owner, { name: '100% Vegan Bistro' });
    await addPlace(owner, { name: 'snake_case Bar' });
    await addPlace(owner, { name: 'Snakes and ladders' });
    await addPlace(alice, { name: 'Sperl, as Alice keeps it' });

    const search = async (q: string) => namesOf(await listPage(owner, `sort=name&q=${encodeURIComponent(q)}`)).sort();
    expect(await search('SPERL')).toEqual(['Café Sperl']);
    expect(await search('gumpendorfer')).toEqual(['Café Sperl']);
    expect(await search('falafel')).toEqual(['Naschmarkt']);
    expect(await search('%')).toEqual(['100% Vegan Bistro']);
    expect(await search('snake_')).toEqual(['snake_case Bar']);
    expect(await search('snake')).toEqual(['Snakes and ladders', 'snake_case Bar']);
    expect(await search('nowhere')).toEqual([]);
    expect(await search('CAFÉ')).toEqual(['Café Sperl']);
    // Name and address are searched apart: no match runs from the end of one into the other.
    expect(await search('sperl gumpendorfer')).toEqual([]);
    // An edit is searchable at once (the column follows the row).
    const [naschmarkt] = (await listPage(owner, 'sort=name&q=naschmarkt')).items;
    const edited = await put(owner, naschmarkt!.id, {
      name: 'Naschmarkt',
      version: naschmarkt!.version,
      note: 'Shakshuka on Saturdays',
    });
    expect(edited.statusCode).toBe(200);
    expect(await search('falafel')).toEqual([]);
    expect(await search('SHAKSHUKA')).toEqual(['Naschmarkt']);
  });

  it('refuses a cursor that is not one of this list', async () => {
    const first = await listPage(alice, 'sort=recent&limit=1');
    expect(first.nextCursor).not.toBeNull();
    // A cursor made by hand, its key not a time: refused as a field, not a failed SQL cast.
    const forged = Buffer.from(JSON.stringify(['recent', 'soon', crypto.randomUUID()])).toString('base64url');
    for (const query of ['cursor=nonsense', `sort=name&cursor=${first.nextCursor}`, `cursor=${forged}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/places?${query}`, headers: alice.headers });
      expect(expectError(res, 400, 'validation_failed').fields).toHaveProperty('cursor');
    }
  });
});
