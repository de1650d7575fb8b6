import type { AccountsPage } from '@tolk/shared/schemas/accounts-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person, PersonsPage } from '@tolk/shared/schemas/persons';
import { testApp, type TestApp } from '../../test/build-app';
import { TEST_ADMIN_PASSWORD } from '../../test/constants';
import {
  expectError,
  expectNotFound,
  expectUnauthorized,
  newAccount,
  newTenantAccount,
  signIn,
  type Member,
} from '../../test/factories';

let t: TestApp;
let alice: Member;
let bob: Member;
let alicesFriend: Person;

beforeAll(async () => {
  t = await testApp();
  alice = await newAccount(t.app);
  bob = await newAccount(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/persons',
    headers: alice.headers,
    payload: { name: 'Marta from the market', note: 'sells figs' },
  });
  expect(res.statusCode, res.body).toBe(201);
  alicesFriend = res.json<Person>();
});
afterAll(() => t.close());

describe("persons are their owner's", () => {
  it("lists only the caller's people, at /api/persons and the spec's /api/Persons", async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/api/Persons', headers: alice.headers });
    expect(mine.json<PersonsPage>().items.map((p) => p.name)).toEqual(['Marta from the market']);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/persons', headers: bob.headers });
    expect(theirs.json()).toEqual({ items: [], nextCursor: null });
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/persons' }));
  });

  it('answers another member with 404 for reading, editing and deleting', async () => {
    const url = `/api/persons/${alicesFriend.id}`;
    expectNotFound(await t.app.inject({ method: 'GET', url, headers: bob.headers }));
    expectNotFound(
      await t.app.inject({ method: 'PUT', url, headers: bob.headers, payload: { name: 'mine now', version: 1 } }),
    );
    expectNotFound(await t.app.inject({ method: 'DELETE', url, headers: bob.headers }));
    const still = await t.app.inject({ method: 'GET', url, headers: alice.headers });
    expect(still.json<Person>().name).toBe('Marta from the market');
  });

  it('answers 404 for an id that does not exist and for one that is not an id', async () => {
    expectNotFound(
      await t.app.inject({
        method: 'GET',
        url: '/api/persons/00000000-0000-4000-8000-000000000000',
        headers: alice.headers,
      }),
    );
    // A mistyped link names no record: "not found", not "some fields are invalid".
    expectNotFound(await t.app.inject({ method: 'GET', url: '/api/persons/42', headers: alice.headers }));
  });

  it('lets the owner edit and delete', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/persons', headers: bob.headers, payload: { name: 'Ana' } })
    ).json<Person>();
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/persons/${created.id}`,
      headers: bob.headers,
      payload: { name: 'Ana Lima', note: 'guide', version: created.version },
    });
    expect(edited.json<Person>()).toMatchObject({ name: 'Ana Lima', note: 'guide', version: 2 });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/persons/${created.id}`, headers: bob.headers })).statusCode,
    ).toBe(204);
    expectNotFound(await t.app.inject({ method: 'GET', url: `/api/persons/${created.id}`, headers: bob.headers }));
  });

  it('validates input with field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/persons',
      headers: alice.headers,
      payload: { name: '   ' },
    });
    expect(expectError(res, 400, 'validation_failed').fields).toHaveProperty('name');
  });
});

describe('superadmins cross tenants, nobody else does', () => {
  it("lets the root superadmin read a member's record in the public tenant", async () => {
    const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const res = await t.app.inject({ method: 'GET', url: `/api/persons/${alicesFriend.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
  });

  it('lists accounts of every tenant for superadmins and refuses members', async () => {
    const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const all = await t.app.inject({ method: 'GET', url: '/api/accounts?limit=100', headers: admin.headers });
    const tenants = new Set(all.json<AccountsPage>().items.map((a) => a.tenant));
    expect([...tenants].sort()).toEqual(['public', 'root']);
    const rootOnly = await t.app.inject({ method: 'GET', url: '/api/accounts?tenant=root', headers: admin.headers });
    expect(rootOnly.json<AccountsPage>().items.map((a) => a.username)).toEqual(['admin']);
    expectError(await t.app.inject({ method: 'GET', url: '/api/accounts', headers: alice.headers }), 403, 'forbidden');
  });
});

describe('tenants', () => {
  const addPerson = async (owner: Member, name: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/persons', headers: owner.headers, payload: { name } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Person>();
  };

  it('keeps each tenant to its own records: 404 both ways for reading, editing and deleting', async () => {
    const acmeMember = await newTenantAccount(t.app, 'acme');
    expect(acmeMember.tenant).toBe('acme');
    const acmeFriend = await addPerson(acmeMember, 'Rosa from Acme');
    for (const [caller, person] of [
      [alice, acmeFriend],
      [acmeMember, alicesFriend],
    ] as const) {
      const url = `/api/persons/${person.id}`;
      expectNotFound(await t.app.inject({ method: 'GET', url, headers: caller.headers }));
      expectNotFound(
        await t.app.inject({ method: 'PUT', url, headers: caller.headers, payload: { name: 'taken', version: 1 } }),
      );
      expectNotFound(await t.app.inject({ method: 'DELETE', url, headers: caller.headers }));
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/persons', headers: acmeMember.headers });
    expect(list.json<PersonsPage>().items.map((p) => p.name)).toEqual(['Rosa from Acme']);
    const untouched = await t.app.inject({
      method: 'GET',
      url: `/api/persons/${acmeFriend.id}`,
      headers: acmeMember.headers,
    });
    expect(untouched.json<Person>().name).toBe('Rosa from Acme');
  });

  it('lets a superadmin by roles in a non-root tenant read, edit and delete across tenants', async () => {
    const acmeAdmin = await newTenantAccount(t.app, 'acme', { roles: 'user,SuperAdmin' });
    expect(acmeAdmin).toMatchObject({ tenant: 'acme', roles: 'user,SuperAdmin' });
    const claims = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: acmeAdmin.headers });
    expect(claims.json<{ superAdmin: boolean }>().superAdmin).toBe(true);

    const carol = await newAccount(t.app);
    const carolsFriend = await addPerson(carol, 'Jo from the ferry');
    const url = `/api/persons/${carolsFriend.id}`;
    const read = await t.app.inject({ method: 'GET', url, headers: acmeAdmin.headers });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Person>().name).toBe('Jo from the ferry');

    const edited = await t.app.inject({
      method: 'PUT',
      url,
      headers: acmeAdmin.headers,
      payload: { name: 'Jo Ferreira', note: 'checked by support', version: carolsFriend.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const seenByOwner = await t.app.inject({ method: 'GET', url, headers: carol.headers });
    expect(seenByOwner.json<Person>()).toMatchObject({ name: 'Jo Ferreira', note: 'checked by support' });

    // The superadmin's own list stays their own.
    const list = await t.app.inject({ method: 'GET', url: '/api/persons', headers: acmeAdmin.headers });
    expect(list.json()).toEqual({ items: [], nextCursor: null });

    expect((await t.app.inject({ method: 'DELETE', url, headers: acmeAdmin.headers })).statusCode).toBe(204);
    expectNotFound(await t.app.inject({ method: 'GET', url, headers: carol.headers }));
  });

  it('gives a member of another tenant whose roles only look similar no way across', async () => {
    const acmeEditor = await newTenantAccount(t.app, 'acme', { roles: 'user,admin' });
    const url = `/api/persons/${alicesFriend.id}`;
    expectNotFound(await t.app.inject({ method: 'GET', url, headers: acmeEditor.headers }));
    expectNotFound(await t.app.inject({ method: 'DELETE', url, headers: acmeEditor.headers }));
  });
});

describe('a person, in full', () => {
  const post = (who: Member, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/persons', headers: who.headers, payload });

  it('keeps where and when we met, their languages and their Tolk account, and opens it from the record', async () => {
    const place = await t.app.inject({
      method: 'POST',
      url: '/api/places',
      headers: alice.headers,
      payload: { name: 'Mercado da Ribeira', kind: 'food', cityId: 2267057 },
    });
    expect(place.statusCode, place.body).toBe(201);
    const placeId = place.json<{ id: string }>().id;
    const res = await post(alice, {
      name: 'Bob',
      metPlaceId: placeId,
      metOn: '2026-05-01',
      languages: ['PT', 'en', 'en'],
      username: bob.username.toUpperCase(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Person>()).toMatchObject({
      name: 'Bob',
      metPlace: { id: placeId, name: 'Mercado da Ribeira' },
      metOn: '2026-05-01',
      languages: ['pt', 'en'],
      account: { id: bob.userId, username: bob.username },
      version: 1,
    });
  });

  it('says which field is wrong: an empty name, a bad date, a place, photo or member that is not mine', async () => {
    const stranger = await newTenantAccount(t.app, 'acme');
    const strangersPlace = await t.app.inject({
      method: 'POST',
      url: '/api/places',
      headers: stranger.headers,
      payload: { name: 'Theirs' },
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: 'A', metOn: '1 May' }, 'metOn'],
      [{ name: 'A', metPlaceId: strangersPlace.json<{ id: string }>().id }, 'metPlaceId'],
      [{ name: 'A', photoId: '00000000-0000-4000-8000-000000000000' }, 'photoId'],
      [{ name: 'A', username: stranger.username }, 'username'],
      [{ name: 'A', username: alice.username }, 'username'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(alice, payload);
      expect(expectError(res, 400, 'validation_failed').fields, JSON.stringify(payload)).toHaveProperty(field);
    }
  });

  it('refuses an edit made from an older version (409), then takes one from the current', async () => {
    const created = (await post(alice, { name: 'Zoe' })).json<Person>();
    const url = `/api/persons/${created.id}`;
    const first = await t.app.inject({
      method: 'PUT',
      url,
      headers: alice.headers,
      payload: { name: 'Zoe A', version: created.version },
    });
    expect(first.json<Person>().version).toBe(2);
    const stale = await t.app.inject({
      method: 'PUT',
      url,
      headers: alice.headers,
      payload: { name: 'Zoe B', version: created.version },
    });
    expectError(stale, 409, 'conflict');
    const fresh = await t.app.inject({
      method: 'PUT',
      url,
      headers: alice.headers,
      payload: { name: 'Zoe B', version: 2 },
    });
    expect(fresh.json<Person>()).toMatchObject({ name: 'Zoe B', version: 3 });
  });

  it('pages without repeating or skipping anyone while people are added, in every order, and searches', async () => {
    const owner = await newAccount(t.app);
    const names = ['Eve', 'ada', 'Cy', 'Bea', 'dan', 'Fay', 'Gus'];
    for (const name of names) expect((await post(owner, { name, note: `met ${name}` })).statusCode).toBe(201);
    for (const sort of ['recent', 'name', 'updated']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let added = 0;
      do {
        const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject({
          method: 'GET',
          url: `/api/persons?sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
          headers: owner.headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        const page: PersonsPage = res.json();
        seen.push(...page.items.map((p) => p.name));
        cursor = page.nextCursor;
        await post(owner, { name: `New ${sort} ${++added}` });
      } while (cursor);
      expect(new Set(seen).size, `${sort}: ${seen.join(', ')}`).toBe(seen.length);
      for (const name of names) expect(seen, sort).toContain(name);
      if (sort === 'name') expect(seen.slice(0, 3)).toEqual(['ada', 'Bea', 'Cy']);
    }
    const found = await t.app.inject({ method: 'GET', url: '/api/persons?q=MET%20b', headers: owner.headers });
    expect(found.json<PersonsPage>().items.map((p) => p.name)).toEqual(['Bea']);
    const literal = await t.app.inject({ method: 'GET', url: '/api/persons?q=%25', headers: owner.headers });
    expect(literal.json<PersonsPage>().items).toEqual([]);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/persons?cursor=nonsense', headers: owner.headers }),
      400,
      'validation_failed',
    );
  });
});

describe('export', () => {
  it('downloads my people as CSV and everything as JSON, and nobody else’s', async () => {
    const owner = await newAccount(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/persons',
      headers: owner.headers,
      payload: { name: 'Inês, from Porto', note: 'ferry' },
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/records/export?format=csv&kind=persons',
      headers: owner.headers,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="tolk-persons-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, row, ...rest] = csv.body.split('\r\n');
    expect(header).toBe('id,name,description,note,met_where,met_on,met_place,languages,account,created_at,updated_at');
    expect(row).toContain('"Inês, from Porto",,ferry');
    expect(rest).toEqual(['']);
    const json = await t.app.inject({ method: 'GET', url: '/api/records/export', headers: owner.headers });
    expect(json.json<{ persons: Person[]; places: unknown[] }>()).toMatchObject({
      persons: [{ name: 'Inês, from Porto' }],
      places: [],
      things: [],
    });
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/records/export' }));
  });
});
