import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '@tolk/shared/schemas/persons';
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
    expect(mine.json<Person[]>().map((p) => p.name)).toEqual(['Marta from the market']);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/persons', headers: bob.headers });
    expect(theirs.json()).toEqual([]);
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/persons' }));
  });

  it('answers another member with 404 for reading, editing and deleting', async () => {
    const url = `/api/persons/${alicesFriend.id}`;
    expectNotFound(await t.app.inject({ method: 'GET', url, headers: bob.headers }));
    expectNotFound(await t.app.inject({ method: 'PUT', url, headers: bob.headers, payload: { name: 'mine now' } }));
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
      payload: { name: 'Ana Lima', note: 'guide' },
    });
    expect(edited.json<Person>()).toMatchObject({ name: 'Ana Lima', note: 'guide' });
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
    const all = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: admin.headers });
    const tenants = new Set(all.json<Array<{ tenant: string }>>().map((a) => a.tenant));
    expect([...tenants].sort()).toEqual(['public', 'root']);
    const rootOnly = await t.app.inject({ method: 'GET', url: '/api/accounts?tenant=root', headers: admin.headers });
    expect(rootOnly.json<Array<{ username: string }>>().map((a) => a.username)).toEqual(['admin']);
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
      expectNotFound(await t.app.inject({ method: 'PUT', url, headers: caller.headers, payload: { name: 'taken' } }));
      expectNotFound(await t.app.inject({ method: 'DELETE', url, headers: caller.headers }));
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/persons', headers: acmeMember.headers });
    expect(list.json<Person[]>().map((p) => p.name)).toEqual(['Rosa from Acme']);
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
      payload: { name: 'Jo Ferreira', note: 'checked by support' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const seenByOwner = await t.app.inject({ method: 'GET', url, headers: carol.headers });
    expect(seenByOwner.json<Person>()).toMatchObject({ name: 'Jo Ferreira', note: 'checked by support' });

    // The superadmin's own list stays their own.
    const list = await t.app.inject({ method: 'GET', url: '/api/persons', headers: acmeAdmin.headers });
    expect(list.json()).toEqual([]);

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
