import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@tolk/shared/schemas/conversations';
import type { RecordSort } from '@tolk/shared/schemas/records';
import type { OfferedThing, Thing, ThingInput, ThingsPage } from '@tolk/shared/schemas/things';
import { accounts } from '../../db/schema/accounts';
import { testApp, type TestApp } from '../../test/build-app';
import {
  expectError,
  expectNotFound,
  expectUnauthorized,
  newAccount,
  newTenantAccount,
  type Member,
} from '../../test/factories';
import { tinyPng, uploadPhoto } from '../uploads/upload-fixtures';

let t: TestApp;
/** Alice writes in English; Beto, of the same (public) tenant, reads in Spanish. */
let alice: Member;
let beto: Member;
/** A member of another tenant. */
let stranger: Member;

beforeAll(async () => {
  t = await testApp();
  alice = await newAccount(t.app, { displayName: 'Alice Walker', language: 'en' });
  beto = await newAccount(t.app, { displayName: 'Beto', language: 'es' });
  stranger = await newTenantAccount(t.app, `things-${randomUUID().slice(0, 8)}`);
});
afterAll(() => t.close());

const walk: ThingInput = {
  name: 'Old town walk',
  description: 'A guided walk through the old town.',
  priceMinor: 1500,
  currency: 'EUR',
  unit: 'person',
};

async function addThing(owner: Member, input: ThingInput): Promise<Thing> {
  const res = await t.app.inject({ method: 'POST', url: '/api/things', headers: owner.headers, payload: input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Thing>();
}

async function editThing(owner: Member, thing: Thing, input: Partial<ThingInput>) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/things/${thing.id}`,
    headers: owner.headers,
    payload: { ...walk, ...input, version: thing.version },
  });
}

async function upload(owner: Member): Promise<Photo> {
  const res = await uploadPhoto(t.app, owner.headers, await tinyPng());
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Photo>();
}

async function myPage(owner: Member, query: string): Promise<ThingsPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/things?${query}`, headers: owner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ThingsPage>();
}

async function offeredBy(viewer: Member, owner: Member): Promise<OfferedThing[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/things?owner=${encodeURIComponent(owner.username)}`,
    headers: viewer.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ items: OfferedThing[] }>();
  expect(body).not.toHaveProperty('nextCursor');
  return body.items;
}

describe('my things', () => {
  it('adds, reads, lists, edits and deletes a thing, its photos in order and once each', async () => {
    const owner = await newAccount(t.app, { language: 'en' });
    const [first, second] = [await upload(owner), await upload(owner)];
    const created = await addThing(owner, { ...walk, photoIds: [second.id, first.id, second.id] });
    expect(created).toMatchObject({
      name: 'Old town walk',
      description: 'A guided walk through the old town.',
      descriptionLanguage: 'en',
      priceMinor: 1500,
      currency: 'EUR',
      unit: 'person',
      availability: 'available',
      visibility: 'private',
      version: 1,
    });
    expect(created.photos.map((photo) => photo.id)).toEqual([second.id, first.id]);
    expect(created.photos[0]!.url).toBe(`/api/uploads/${second.id}`);
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);

    const url = `/api/things/${created.id}`;
    const read = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(read.json<Thing>()).toEqual(created);
    expect((await myPage(owner, '')).items.map((thing) => thing.id)).toEqual([created.id]);

    const edited = await editThing(owner, created, {
      name: 'Old town walk at dusk',
      photoIds: [first.id],
      availability: 'on_request',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<Thing>();
    expect(after).toMatchObject({ name: 'Old town walk at dusk', availability: 'on_request', version: 2 });
    expect(after.photos.map((photo) => photo.id)).toEqual([first.id]);
    expect(after.createdAt).toBe(created.createdAt);
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    expect((await t.app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(204);
    expectNotFound(await t.app.inject({ method: 'GET', url, headers: owner.headers }));
    expectNotFound(await t.app.inject({ method: 'DELETE', url, headers: owner.headers }));
  });

  it("keeps the description's language as given, else the writer's", async () => {
    const spanish = await addThing(beto, { ...walk, description: 'Un paseo por el casco antiguo.' });
    expect(spanish.descriptionLanguage).toBe('es');
    const told = await addThing(beto, { ...walk, descriptionLanguage: 'en' });
    expect(told.descriptionLanguage).toBe('en');
  });

  it('searches names and descriptions', async () => {
    const owner = await newAccount(t.app);
    const lesson = await addThing(owner, { ...walk, name: 'Guitar lesson', description: 'Chords for beginners' });
    const book = await addThing(owner, { ...walk, name: 'Guidebook', description: 'Used, a few notes in pencil' });
    await addThing(owner, { ...walk, name: 'Paella dinner', description: 'For four' });
    expect((await myPage(owner, 'q=guitar')).items.map((thing) => thing.id)).toEqual([lesson.id]);
    expect((await myPage(owner, 'q=PENCIL')).items.map((thing) => thing.id)).toEqual([book.id]);
    expect((await myPage(owner, 'q=%25')).items).toEqual([]);
  });

  it('answers each invalid field with its own error', async () => {
    const theirs = await upload(beto);
    const seven = Array.from({ length: 7 }, () => randomUUID());
    const before = (await myPage(alice, 'limit=50')).items.length;
    const cases: [Partial<ThingInput>, string][] = [
      [{ priceMinor: -1 }, 'priceMinor'],
      [{ priceMinor: 12.5 }, 'priceMinor'],
      [{ currency: 'EURO' }, 'currency'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ photoIds: seven }, 'photoIds'],
      [{ photoIds: [theirs.id] }, 'photoIds'],
      [{ photoIds: [randomUUID()] }, 'photoIds'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
    ];
    for (const [change, field] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/things',
        headers: alice.headers,
        payload: { ...walk, ...change },
      });
      const error = expectError(res, 400, 'validation_failed');
      expect(Object.keys(error.fields ?? {}), JSON.stringify(change)).toEqual([field]);
    }
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: alice.headers,
      payload: { ...walk, photoIds: [theirs.id] },
    });
    expect(expectError(foreign, 400, 'validation_failed').fields).toEqual({ photoIds: ['Not a photo of yours.'] });
    expect((await myPage(alice, 'limit=50')).items).toHaveLength(before);
  });

  it('answers 404 to another member and to a member of another tenant, and 401 without a session', async () => {
    const mine = await addThing(alice, { ...walk, visibility: 'offered' });
    const url = `/api/things/${mine.id}`;
    for (const other of [beto, stranger]) {
      expectNotFound(await t.app.inject({ method: 'GET', url, headers: other.headers }));
      expectNotFound(await editThing(other, mine, { name: 'Mine now' }));
      expectNotFound(await t.app.inject({ method: 'DELETE', url, headers: other.headers }));
      expect((await myPage(other, 'q=Old%20town')).items.map((thing) => thing.id)).not.toContain(mine.id);
    }
    expectUnauthorized(await t.app.inject({ method: 'GET', url }));
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/things' }));
    expectUnauthorized(await t.app.inject({ method: 'POST', url: '/api/things', payload: walk }));
    expectUnauthorized(await t.app.inject({ method: 'PUT', url, payload: { ...walk, version: 1 } }));
    expectUnauthorized(await t.app.inject({ method: 'DELETE', url }));
    const still = await t.app.inject({ method: 'GET', url, headers: alice.headers });
    expect(still.json<Thing>()).toMatchObject({ name: walk.name, version: 1 });
    expectNotFound(await t.app.inject({ method: 'GET', url: `/api/things/${randomUUID()}`, headers: alice.headers }));
    expectNotFound(await t.app.inject({ method: 'GET', url: '/api/things/42', headers: alice.headers }));
  });

  it('refuses an edit from a stale version with 409, then takes one from the fresh version', async () => {
    const loaded = await addThing(alice, walk);
    const elsewhere = await editThing(alice, loaded, { priceMinor: 2000 });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const stale = await editThing(alice, loaded, { priceMinor: 1800 });
    expect(expectError(stale, 409, 'conflict').message).toBe(
      'This item was changed elsewhere. Reload it to see the changes.',
    );
    const reloaded = (
      await t.app.inject({ method: 'GET', url: `/api/things/${loaded.id}`, headers: alice.headers })
    ).json<Thing>();
    expect(reloaded).toMatchObject({ priceMinor: 2000, version: 2 });
    const fresh = await editThing(alice, reloaded, { priceMinor: 1800 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json<Thing>()).toMatchObject({ priceMinor: 1800, version: 3 });
  });

  it('exports every thing of mine, oldest first', async () => {
    const owner = await newAccount(t.app);
    const older = await addThing(owner, { ...walk, name: 'Older' });
    const newer = await addThing(owner, { ...walk, name: 'Newer' });
    const res = await t.app.inject({ method: 'GET', url: '/api/records/export', headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ things: Thing[] }>().things.map((thing) => thing.id)).toEqual([older.id, newer.id]);
  });
});

describe('offered things', () => {
  it('shows another member none of my private things, and stops showing one I make private', async () => {
    const owner = await newAccount(t.app, { language: 'en' });
    await addThing(owner, { ...walk, name: 'Private notes' });
    expect(await offeredBy(beto, owner)).toEqual([]);
    const offered = await addThing(owner, { ...walk, visibility: 'offered' });
    expect((await offeredBy(beto, owner)).map((thing) => thing.id)).toEqual([offered.id]);
    const hidden = await editThing(owner, offered, { visibility: 'private' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await offeredBy(beto, owner)).toEqual([]);
  });

  it("shows my offered things to a member of my tenant, newest first, each description in the reader's language", async () => {
    const photo = await upload(alice);
    const offered = await addThing(alice, { ...walk, visibility: 'offered', photoIds: [photo.id] });
    const meal = await addThing(alice, {
      ...walk,
      name: 'Dinner at home',
      description: '',
      visibility: 'offered',
      unit: 'item',
    });
    const seen = await offeredBy(beto, alice);
    expect(seen.map((thing) => thing.id).slice(0, 2)).toEqual([meal.id, offered.id]);
    const [dinner, walkSeen] = seen;
    expect(dinner!.description).toBeNull();
    expect(walkSeen).toMatchObject({
      id: offered.id,
      name: 'Old town walk',
      priceMinor: 1500,
      currency: 'EUR',
      unit: 'person',
      availability: 'available',
      owner: { id: alice.userId, username: alice.username, displayName: 'Alice Walker' },
      description: { original: 'A guided walk through the old town.', from: 'en', to: 'es', state: 'ready' },
    });
    // The local Apertium engine, en -> es.
    expect(walkSeen!.description!.text).toMatch(/paseo guiado/i);
    expect(walkSeen!.photos.map((p) => p.id)).toEqual([photo.id]);
    expect(walkSeen).not.toHaveProperty('version');
    expect(walkSeen).not.toHaveProperty('visibility');
    // The owner reads their own as written.
    const own = await offeredBy(alice, alice);
    expect(own.find((thing) => thing.id === offered.id)!.description).toMatchObject({ state: 'same', to: 'en' });
  });

  it("opens an offered thing's photo to the owner's community, and no longer once it is private", async () => {
    const photo = await upload(alice);
    const offered = await addThing(alice, { ...walk, visibility: 'offered', photoIds: [photo.id] });
    const open = (who: Member) => t.app.inject({ method: 'GET', url: photo.thumbUrl, headers: who.headers });
    expect((await open(beto)).statusCode).toBe(200);
    expectNotFound(await open(stranger));
    expect((await editThing(alice, offered, { visibility: 'private', photoIds: [photo.id] })).statusCode).toBe(200);
    expectNotFound(await open(beto));
    expect((await open(alice)).statusCode).toBe(200);
  });

  it('shows nothing to a member of another tenant', async () => {
    const offered = await addThing(alice, { ...walk, visibility: 'offered' });
    expect((await offeredBy(beto, alice)).map((thing) => thing.id)).toContain(offered.id);
    expect(await offeredBy(stranger, alice)).toEqual([]);
  });

  it('hides the offered things of a suspended member', async () => {
    const owner = await newAccount(t.app);
    await addThing(owner, { ...walk, visibility: 'offered' });
    expect(await offeredBy(beto, owner)).toHaveLength(1);
    await t.app.db.update(accounts).set({ suspendedAt: new Date() }).where(eq(accounts.id, owner.userId));
    expect(await offeredBy(beto, owner)).toEqual([]);
  });

  it('answers an unknown owner with no things and a malformed one with a field error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/things?owner=nobody-here-42', headers: beto.headers });
    expect(res.json()).toEqual({ items: [] });
    const bad = await t.app.inject({ method: 'GET', url: '/api/things?owner=a%20b', headers: beto.headers });
    expect(expectError(bad, 400, 'validation_failed').fields).toHaveProperty('owner');
  });
});

describe('keyset paging', () => {
  const sorts: RecordSort[] = ['recent', 'name', 'updated'];

  it.each(sorts)('pages by %s, three at a time, without repeats or gaps while records are added', async (sort) => {
    const owner = await newAccount(t.app);
    const names = ['Kayak', 'bicycle', 'Canoe', 'apron', 'Lantern', 'dumplings', 'Easel', 'kettle'];
    for (const name of names) await addThing(owner, { ...walk, name });
    const expected = (await myPage(owner, `sort=${sort}&limit=50`)).items.map((thing) => thing.name);
    expect(expected).toHaveLength(names.length);
    if (sort === 'name') {
      expect(expected).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    } else {
      expect(expected).toEqual([...names].reverse());
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await myPage(owner, `sort=${sort}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((thing) => thing.name));
      cursor = page.nextCursor;
      pages++;
      // Added between pages: newer (and changed later) than anything listed, first by name.
      await addThing(owner, { ...walk, name: `Aardvark ${pages}` });
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(pages).toBe(3);
  });

  it('refuses a cursor of another sort', async () => {
    const owner = await newAccount(t.app);
    for (const name of ['One', 'Two', 'Three', 'Four']) await addThing(owner, { ...walk, name });
    const first = await myPage(owner, 'sort=name&limit=3');
    expect(first.nextCursor).not.toBeNull();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/things?sort=recent&limit=3&cursor=${encodeURIComponent(first.nextCursor!)}`,
      headers: owner.headers,
    });
    expect(expectError(res, 400, 'validation_failed').fields).toHaveProperty('cursor');
  });
});
