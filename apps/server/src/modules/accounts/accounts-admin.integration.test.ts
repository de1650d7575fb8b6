import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountSession,
  AccountsPage,
  AdminAccount,
  AuditPage,
  CreatedAccount,
  PasswordReset,
  Tenant,
} from '@tolk/shared/schemas/accounts-admin';
import type { LoginResponse, Me } from '@tolk/shared/schemas/auth';
import { testApp, type TestApp } from '../../test/build-app';
import { TEST_ADMIN_PASSWORD } from '../../test/constants';
import {
  expectError,
  expectForbidden,
  expectNotFound,
  expectUnauthorized,
  newAccount,
  newTenantAccount,
  signIn,
  strongPassword,
  uniqueUsername,
  type Member,
} from '../../test/factories';
import { baseUrl, connectSocket, listen, type Client } from '../../test/sockets';

let t: TestApp;
let admin: Member;
let alice: Member;
let bob: Member;
/** A member of another tenant. */
let carol: Member;
let otherTenant: string;
const sockets: Client[] = [];

beforeAll(async () => {
  t = await testApp();
  await listen(t);
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  alice = await newAccount(t.app, { displayName: 'Alice Admin-Matrix' });
  bob = await newAccount(t.app, { displayName: 'Bob' });
  otherTenant = `acme-${randomUUID().slice(0, 8)}`;
  carol = await newTenantAccount(t.app, otherTenant, { displayName: 'Carol of Acme' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const inject = (
  member: Pick<Member, 'headers'>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: member.headers, ...(payload ? { payload } : {}) });

async function ok<T>(res: Awaited<ReturnType<typeof inject>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

async function createAccount(input: object = {}): Promise<CreatedAccount> {
  return ok<CreatedAccount>(
    await inject(admin, 'POST', '/api/accounts', { username: uniqueUsername('made'), ...input }),
    201,
  );
}

async function auditOf(id: string): Promise<AuditPage['items']> {
  return (await ok<AuditPage>(await inject(admin, 'GET', `/api/accounts/${id}/audit`))).items;
}

describe('who may manage accounts', () => {
  it('refuses a member the list and creation (403), another account (404) and changes of their own (403)', async () => {
    expectForbidden(await inject(alice, 'GET', '/api/accounts'));
    expectForbidden(await inject(alice, 'POST', '/api/accounts', { username: uniqueUsername() }));
    expectForbidden(await inject(alice, 'GET', '/api/tenants'));
    expectForbidden(await inject(alice, 'POST', '/api/tenants', { slug: 'nope', name: 'Nope' }));

    for (const other of [bob, carol, admin]) {
      const base = `/api/accounts/${other.userId}`;
      expectNotFound(await inject(alice, 'GET', base));
      expectNotFound(await inject(alice, 'PATCH', base, { version: 1, displayName: 'Mine now' }));
      expectNotFound(await inject(alice, 'POST', `${base}/suspend`));
      expectNotFound(await inject(alice, 'POST', `${base}/reactivate`));
      expectNotFound(await inject(alice, 'POST', `${base}/reset-password`));
      expectNotFound(await inject(alice, 'GET', `${base}/sessions`));
      expectNotFound(await inject(alice, 'GET', `${base}/audit`));
    }
    expectNotFound(await inject(alice, 'GET', `/api/accounts/${randomUUID()}`));

    const own = `/api/accounts/${alice.userId}`;
    const mine = await ok<AdminAccount>(await inject(alice, 'GET', own));
    expect(mine).toMatchObject({ id: alice.userId, username: alice.username, tenant: 'public', state: 'active' });
    expectForbidden(await inject(alice, 'PATCH', own, { version: mine.version, roles: 'superadmin' }));
    expectForbidden(await inject(alice, 'POST', `${own}/suspend`));
    expectForbidden(await inject(alice, 'POST', `${own}/reset-password`));
    expectForbidden(await inject(alice, 'GET', `${own}/audit`));
    expect((await ok<AdminAccount>(await inject(alice, 'GET', own))).roles).toBe('user');

    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/accounts' }));
    expectUnauthorized(await t.app.inject({ method: 'GET', url: own }));
  });

  it('lets a superadmin list, search and page accounts across tenants, and read any of them', async () => {
    const all = await ok<AccountsPage>(await inject(admin, 'GET', '/api/accounts?limit=100'));
    const tenants = new Set(all.items.map((account) => account.tenant));
    expect([...tenants]).toEqual(expect.arrayContaining(['root', 'public', otherTenant]));
    expect(all.items.every((account) => !('passwordHash' in account))).toBe(true);
    // Newest first.
    const created = all.items.map((account) => account.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    const found = await ok<AccountsPage>(await inject(admin, 'GET', '/api/accounts?q=of%20ACME'));
    expect(found.items.map((account) => account.id)).toEqual([carol.userId]);
    const byTenant = await ok<AccountsPage>(await inject(admin, 'GET', `/api/accounts?tenant=${otherTenant}`));
    expect(byTenant.items.map((account) => account.username)).toEqual([carol.username]);
    // A LIKE wildcard is searched for as itself.
    expect((await ok<AccountsPage>(await inject(admin, 'GET', '/api/accounts?q=%25'))).items).toEqual([]);

    for (const sort of ['recent', 'username']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/accounts?sort=${sort}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page: AccountsPage = await ok<AccountsPage>(await inject(admin, 'GET', url));
        seen.push(...page.items.map((account) => account.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(new Set(seen).size, sort).toBe(seen.length);
      expect([...seen].sort(), sort).toEqual(all.items.map((account) => account.id).sort());
    }
    expectError(await inject(admin, 'GET', '/api/accounts?cursor=nonsense'), 400, 'validation_failed');

    const theirs = await ok<AdminAccount>(await inject(admin, 'GET', `/api/accounts/${carol.userId}`));
    expect(theirs).toMatchObject({ tenant: otherTenant, displayName: 'Carol of Acme', superAdmin: false });
    expect(theirs.lastActiveAt).not.toBeNull();
  });

  it('answers bad input with field errors', async () => {
    const cases: [object, string][] = [
      [{ username: 'x' }, 'username'],
      [{ username: 'has space' }, 'username'],
      [{ username: uniqueUsername(), password: 'short' }, 'password'],
      [{ username: uniqueUsername(), roles: 'user; drop table' }, 'roles'],
      [{ username: uniqueUsername(), tenant: 'Not A Slug!' }, 'tenant'],
      [{ username: uniqueUsername(), language: 'english please' }, 'language'],
      [{ username: uniqueUsername(), tenant: 'no-such-tenant' }, 'tenant'],
      [{ username: uniqueUsername(), password: 'password123' }, 'password'],
    ];
    for (const [payload, field] of cases) {
      const error = expectError(await inject(admin, 'POST', '/api/accounts', payload), 400, 'validation_failed');
      expect(Object.keys(error.fields ?? {}), JSON.stringify(payload)).toEqual([field]);
    }
    const taken = await inject(admin, 'POST', '/api/accounts', { username: alice.username.toUpperCase() });
    expect(expectError(taken, 409, 'conflict').fields).toHaveProperty('username');
    const empty = await inject(admin, 'PATCH', `/api/accounts/${bob.userId}`, { version: 1 });
    expectError(empty, 400, 'validation_failed');
  });
});

describe('one-time passwords', () => {
  it('creates an account with a one-time password that only opens change-password, me and sign-out', async () => {
    const { account, oneTimePassword } = await createAccount({ displayName: 'New Member', language: 'de' });
    expect(account).toMatchObject({ mustChangePassword: true, language: 'de', roles: 'user', tenant: 'public' });
    expect(oneTimePassword).toMatch(/^[\w-]{16}$/);

    const first = await signIn(t.app, account.username, oneTimePassword!);
    expect(first.mustChangePassword).toBe(true);
    const me = await ok<Me>(await inject(first, 'GET', '/api/auth/me'));
    expect(me.mustChangePassword).toBe(true);
    for (const url of ['/api/profile', '/api/persons', `/api/accounts/${account.id}`]) {
      const error = expectError(await inject(first, 'GET', url), 403, 'password_change_required');
      expect(error.message).toBe('Change your password to continue.');
    }
    // No socket either, until the password is changed.
    await expect(connectSocket(t.app, first.token, { origin: baseUrl(t.app) })).rejects.toThrow('unauthorized');

    const newPassword = strongPassword();
    const changed = await ok<LoginResponse>(
      await inject(first, 'POST', '/api/auth/change-password', { currentPassword: oneTimePassword, newPassword }),
    );
    expect(changed.mustChangePassword).toBe(false);
    const after = { headers: { authorization: `Bearer ${changed.token}` } };
    expect((await inject(after, 'GET', '/api/profile')).statusCode).toBe(200);
    expect((await ok<Me>(await inject(after, 'GET', '/api/auth/me'))).mustChangePassword).toBe(false);
    expectUnauthorized(await inject(first, 'GET', '/api/auth/me'));
  });

  it('takes a chosen password without a one-time one, and refuses a common one', async () => {
    const password = strongPassword();
    const { account, oneTimePassword } = await createAccount({ password, tenant: otherTenant, roles: 'user,editor' });
    expect(oneTimePassword).toBeNull();
    expect(account).toMatchObject({ mustChangePassword: false, tenant: otherTenant, roles: 'user,editor' });
    const member = await signIn(t.app, account.username, password);
    expect(member.mustChangePassword).toBe(false);
    expect((await inject(member, 'GET', '/api/profile')).statusCode).toBe(200);
  });
});

describe('changes, sessions and their audit', () => {
  it('edits from the version loaded and refuses a stale edit with 409', async () => {
    const { account } = await createAccount({ password: strongPassword() });
    const url = `/api/accounts/${account.id}`;
    const edited = await ok<AdminAccount>(
      await inject(admin, 'PATCH', url, { version: account.version, displayName: 'Renamed', tenant: otherTenant }),
    );
    expect(edited).toMatchObject({ displayName: 'Renamed', tenant: otherTenant, version: account.version + 1 });
    const stale = await inject(admin, 'PATCH', url, { version: account.version, language: 'fr' });
    expect(expectError(stale, 409, 'conflict').message).toMatch(/changed elsewhere/);
    expect((await ok<AdminAccount>(await inject(admin, 'GET', url))).language).toBe('en');
    const unknownTenant = await inject(admin, 'PATCH', url, { version: edited.version, tenant: 'no-such-tenant' });
    expect(expectError(unknownTenant, 400, 'validation_failed').fields).toHaveProperty('tenant');
    const promoted = await ok<AdminAccount>(
      await inject(admin, 'PATCH', url, { version: edited.version, roles: 'superadmin' }),
    );
    expect(promoted.superAdmin).toBe(true);

    const audit = await auditOf(account.id);
    expect(audit.map((entry) => entry.action)).toEqual(['account_updated', 'account_updated', 'account_created']);
    expect(audit[0]).toMatchObject({
      actor: { id: admin.userId, username: 'admin' },
      before: { roles: 'user' },
      after: { roles: 'superadmin' },
    });
    expect(audit[1]).toMatchObject({
      before: { displayName: '', tenant: 'public' },
      after: { displayName: 'Renamed', tenant: otherTenant },
    });
    expect(audit[2]!.before).toBeNull();
    expect(audit[2]!.after).toMatchObject({ username: account.username, mustChangePassword: false });
  });

  it('suspends: every session revoked and its socket closed, no sign-in until reactivated', async () => {
    const password = strongPassword();
    const { account } = await createAccount({ password });
    const laptop = await signIn(t.app, account.username, password);
    const phone = await signIn(t.app, account.username, password);
    const disconnects: string[] = [];
    const socket = await connectSocket(t.app, phone.token, {
      origin: baseUrl(t.app),
      beforeConnect: (s) => s.on('disconnect', (reason) => disconnects.push(reason)),
    });
    sockets.push(socket);

    const suspended = await ok<AdminAccount>(await inject(admin, 'POST', `/api/accounts/${account.id}/suspend`));
    expect(suspended.state).toBe('suspended');
    expectUnauthorized(await inject(laptop, 'GET', '/api/auth/me'));
    expectUnauthorized(await inject(phone, 'GET', '/api/auth/me'));
    await expect.poll(() => disconnects, { timeout: 5_000 }).toEqual(['io server disconnect']);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: account.username, password },
    });
    expect(expectError(refused, 403, 'forbidden').message).toBe('This account is suspended.');
    const listed = await ok<AccountsPage>(
      await inject(admin, 'GET', `/api/accounts?state=suspended&q=${account.username}`),
    );
    expect(listed.items.map((item) => item.id)).toEqual([account.id]);
    // Suspending again changes nothing and writes nothing.
    await ok<AdminAccount>(await inject(admin, 'POST', `/api/accounts/${account.id}/suspend`));
    const selfSuspend = await inject(admin, 'POST', `/api/accounts/${admin.userId}/suspend`);
    expectError(selfSuspend, 409, 'conflict');

    const back = await ok<AdminAccount>(await inject(admin, 'POST', `/api/accounts/${account.id}/reactivate`));
    expect(back.state).toBe('active');
    await signIn(t.app, account.username, password);

    const audit = await auditOf(account.id);
    expect(audit.map((entry) => entry.action)).toEqual(['account_reactivated', 'account_suspended', 'account_created']);
    expect(audit[1]).toMatchObject({
      before: { state: 'active' },
      after: { state: 'suspended', sessionsRevoked: 2 },
    });
  });

  it('resets a password: sessions revoked, the old password refused, the one-time password must be changed', async () => {
    const password = strongPassword();
    const { account } = await createAccount({ password });
    const before = await signIn(t.app, account.username, password);
    const reset = await ok<PasswordReset>(await inject(admin, 'POST', `/api/accounts/${account.id}/reset-password`));
    expect(reset.account.mustChangePassword).toBe(true);
    expectUnauthorized(await inject(before, 'GET', '/api/auth/me'));
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: account.username, password },
    });
    expectUnauthorized(oldPassword);
    const next = await signIn(t.app, account.username, reset.oneTimePassword);
    expect(next.mustChangePassword).toBe(true);
    expectError(await inject(next, 'GET', '/api/profile'), 403, 'password_change_required');

    const audit = await auditOf(account.id);
    expect(audit[0]).toMatchObject({
      action: 'password_reset',
      before: { mustChangePassword: false },
      after: { mustChangePassword: true, passwordReset: true, sessionsRevoked: 1 },
    });
    // No password, hash or one-time password ever reaches the audit.
    const text = JSON.stringify(audit);
    expect(text).not.toMatch(/argon2|passwordHash/);
    expect(text).not.toContain(reset.oneTimePassword);
    expect(text).not.toContain(password);
  });

  it("lists an account's live sessions and revokes one; the others keep working", async () => {
    const password = strongPassword();
    const { account } = await createAccount({ password });
    const laptop = await signIn(t.app, account.username, password);
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'user-agent': 'TolkPhone/1.0' },
      payload: { username: account.username, password },
    });
    const phoneToken = phone.json<LoginResponse>().token;
    const phoneMember = { headers: { authorization: `Bearer ${phoneToken}` } };
    const phoneMe = await ok<Me>(await inject(phoneMember, 'GET', '/api/auth/me'));

    const { items } = await ok<{ items: AccountSession[] }>(
      await inject(admin, 'GET', `/api/accounts/${account.id}/sessions`),
    );
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ id: phoneMe.sessionId, userAgent: 'TolkPhone/1.0' });
    expect(items[0]!.lastSeenAt).not.toBeNull();

    const revoke = await inject(admin, 'DELETE', `/api/accounts/${account.id}/sessions/${phoneMe.sessionId}`);
    expect(revoke.statusCode, revoke.body).toBe(204);
    expectUnauthorized(await inject(phoneMember, 'GET', '/api/auth/me'));
    expect((await inject(laptop, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expectNotFound(await inject(admin, 'DELETE', `/api/accounts/${account.id}/sessions/${phoneMe.sessionId}`));
    // A session of another account is not one of this account's.
    const alicesMe = await ok<Me>(await inject(alice, 'GET', '/api/auth/me'));
    expectNotFound(await inject(admin, 'DELETE', `/api/accounts/${account.id}/sessions/${alicesMe.sessionId}`));
    expect((await inject(alice, 'GET', '/api/auth/me')).statusCode).toBe(200);

    const audit = await auditOf(account.id);
    expect(audit[0]).toMatchObject({ action: 'session_revoked', after: { session: phoneMe.sessionId } });
  });

  it('keeps the audit append-only in the database itself', async () => {
    const { account } = await createAccount({ password: strongPassword() });
    await expect(
      t.app.db.execute(sql`update account_audit set action = 'x' where account_id = ${account.id}`),
    ).rejects.toThrow();
    await expect(t.app.db.execute(sql`delete from account_audit where account_id = ${account.id}`)).rejects.toThrow();
    expect((await auditOf(account.id)).map((entry) => entry.action)).toEqual(['account_created']);
  });

  it('pages the audit newest first', async () => {
    const { account } = await createAccount({ password: strongPassword() });
    let version = account.version;
    for (const name of ['One', 'Two', 'Three']) {
      const res = await inject(admin, 'PATCH', `/api/accounts/${account.id}`, { version, displayName: name });
      version = (await ok<AdminAccount>(res)).version;
    }
    const first = await ok<AuditPage>(await inject(admin, 'GET', `/api/accounts/${account.id}/audit?limit=2`));
    expect(first.items.map((entry) => entry.after?.displayName)).toEqual(['Three', 'Two']);
    const second = await ok<AuditPage>(
      await inject(admin, 'GET', `/api/accounts/${account.id}/audit?limit=2&cursor=${first.nextCursor}`),
    );
    expect(second.items.map((entry) => entry.action)).toEqual(['account_updated', 'account_created']);
    expect(second.nextCursor).toBeNull();
  });
});

describe('tenants', () => {
  it('lists, adds and removes tenants; root, public and a tenant with accounts stay', async () => {
    const slug = `team-${randomUUID().slice(0, 8)}`;
    const created = await ok<Tenant>(await inject(admin, 'POST', '/api/tenants', { slug, name: 'The Team' }), 201);
    expect(created).toMatchObject({ slug, name: 'The Team', accounts: 0, removable: true });
    const again = await inject(admin, 'POST', '/api/tenants', { slug, name: 'Twice' });
    expect(expectError(again, 409, 'conflict').fields).toHaveProperty('slug');
    expectError(await inject(admin, 'POST', '/api/tenants', { slug: '-bad-', name: 'x' }), 400, 'validation_failed');

    const { items } = await ok<{ items: Tenant[] }>(await inject(admin, 'GET', '/api/tenants'));
    const bySlug = new Map(items.map((tenant) => [tenant.slug, tenant]));
    expect(bySlug.get('root')).toMatchObject({ removable: false });
    expect(bySlug.get('public')).toMatchObject({ removable: false });
    expect(bySlug.get(otherTenant)).toMatchObject({ removable: false });
    expect(bySlug.get(otherTenant)!.accounts).toBeGreaterThan(0);

    for (const permanent of ['root', 'public']) {
      const res = await inject(admin, 'DELETE', `/api/tenants/${permanent}`);
      expect(expectError(res, 409, 'conflict').message).toBe(
        `The ${permanent} tenant is part of the site and cannot be removed.`,
      );
    }
    const busy = await inject(admin, 'DELETE', `/api/tenants/${otherTenant}`);
    expect(expectError(busy, 409, 'conflict').message).toMatch(/still has \d+ accounts?: move or remove them first/);
    expectForbidden(await inject(alice, 'DELETE', `/api/tenants/${slug}`));

    expect((await inject(admin, 'DELETE', `/api/tenants/${slug}`)).statusCode).toBe(204);
    expectNotFound(await inject(admin, 'DELETE', `/api/tenants/${slug}`));
    const after = await ok<{ items: Tenant[] }>(await inject(admin, 'GET', '/api/tenants'));
    expect(after.items.map((tenant) => tenant.slug)).not.toContain(slug);
  });
});

describe("the tenants' audit", () => {
  const tenantAudit = async (query = '') => ok<AuditPage>(await inject(admin, 'GET', `/api/tenants/audit${query}`));

  it('lists a tenant added and removed, by whom, newest first, and keeps it after the removal', async () => {
    const slug = `audited-${randomUUID().slice(0, 8)}`;
    const created = await ok<Tenant>(await inject(admin, 'POST', '/api/tenants', { slug, name: 'Audited' }), 201);
    const added = (await tenantAudit()).items[0];
    expect(added).toMatchObject({
      action: 'tenant_created',
      tenantId: created.id,
      accountId: null,
      actor: { id: admin.userId, username: 'admin' },
      before: null,
      after: { slug, name: 'Audited' },
    });

    expect((await inject(admin, 'DELETE', `/api/tenants/${slug}`)).statusCode).toBe(204);
    const { items } = await tenantAudit();
    expect(items.slice(0, 2)).toMatchObject([
      { action: 'tenant_removed', tenantId: created.id, before: { slug, name: 'Audited' }, after: null },
      { action: 'tenant_created', tenantId: created.id },
    ]);
    // Only the tenants' own entries: no account's change is among them.
    expect(items.every((entry) => entry.accountId === null && entry.tenantId !== null)).toBe(true);
  });

  it('pages newest first with a cursor of its own', async () => {
    for (const name of ['First', 'Second', 'Third']) {
      await ok<Tenant>(
        await inject(admin, 'POST', '/api/tenants', { slug: `paged-${randomUUID().slice(0, 8)}`, name }),
        201,
      );
    }
    const first = await tenantAudit('?limit=2');
    expect(first.items.map((entry) => entry.after?.name)).toEqual(['Third', 'Second']);
    const second = await tenantAudit(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.items[0]?.after?.name).toBe('First');
    // An account audit's cursor is not one of this list.
    const { account } = await createAccount({ password: strongPassword() });
    await inject(admin, 'PATCH', `/api/accounts/${account.id}`, { version: account.version, displayName: 'X' });
    const accountPage = await ok<AuditPage>(await inject(admin, 'GET', `/api/accounts/${account.id}/audit?limit=1`));
    const wrong = await inject(admin, 'GET', `/api/tenants/audit?cursor=${accountPage.nextCursor}`);
    expect(expectError(wrong, 400, 'validation_failed').fields).toHaveProperty('cursor');
  });

  it('refuses members, of any tenant, and guests', async () => {
    expectForbidden(await inject(alice, 'GET', '/api/tenants/audit'));
    expectForbidden(await inject(carol, 'GET', '/api/tenants/audit'));
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/tenants/audit' }));
  });
});
