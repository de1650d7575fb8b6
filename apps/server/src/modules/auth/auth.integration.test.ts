import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE } from '@tolk/shared/errors';
import { ACCESS_TOKEN_COOKIE, type LoginResponse } from '@tolk/shared/schemas/auth';
import { testApp, type TestApp } from '../../test/build-app';
import { TEST_ADMIN_PASSWORD } from '../../test/constants';
import {
  expectError,
  expectUnauthorized,
  newAccount,
  signIn,
  strongPassword,
  uniqueUsername,
} from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('register', () => {
  it('creates a member in the public tenant, signs them in and hands out the token three ways', async () => {
    const username = uniqueUsername('Alice');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username, password: strongPassword(), displayName: '  Alice A.  ', language: 'pt-BR' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<LoginResponse>();
    expect(body).toMatchObject({
      username,
      displayName: 'Alice A.',
      language: 'pt-br',
      tenant: 'public',
      roles: 'user',
      activeSubscriber: false,
      isLoggedIn: true,
    });
    expect(body.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-access-token']).toBe(body.token);
    const cookie = res.cookies.find((c) => c.name === ACCESS_TOKEN_COOKIE);
    expect(cookie?.value).toBe(body.token);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.secure).toBeFalsy();
  });

  it('refuses a username taken in any case with 409 on the username field', async () => {
    const first = await newAccount(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: first.username.toUpperCase(), password: strongPassword() },
    });
    const error = expectError(res, 409, 'conflict');
    expect(error.fields?.username).toEqual(['This username is taken.']);
    // Named for clients that word it themselves.
    expect(error.reason).toBe('usernameTaken');
  });

  it.each([
    [{ username: 'ab', password: 'long enough pass' }, 'username'],
    [{ username: 'a'.repeat(33), password: 'long enough pass' }, 'username'],
    [{ username: 'bad name!', password: 'long enough pass' }, 'username'],
    [{ username: 'fine-name', password: 'short' }, 'password'],
    [{ username: 'fine-name', password: 'x'.repeat(129) }, 'password'],
    [{ username: 'fine-name' }, 'password'],
    [{ username: 'fine-name', password: 'long enough pass', language: 'not a language' }, 'language'],
  ])('answers 400 with the field for %j', async (payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
    const error = expectError(res, 400, 'validation_failed');
    expect(Object.keys(error.fields ?? {})).toContain(field);
  });

  it.each(['password123', 'Password123', 'qwertyuiop', '1234567890'])(
    'refuses the common password %s',
    async (password) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: uniqueUsername(), password },
      });
      const error = expectError(res, 400, 'validation_failed');
      expect(error.fields?.password?.[0]).toMatch(/too common/);
    },
  );

  it('accepts exactly 8 and exactly 128 characters', async () => {
    for (const password of ['Zq8#kL2m', 'Zq8#kL2m'.repeat(16)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: uniqueUsername(), password },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe('sign in', () => {
  it('signs in whatever the case of the username', async () => {
    const member = await newAccount(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: member.username.toUpperCase(), password: member.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<LoginResponse>().userId).toBe(member.userId);
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const member = await newAccount(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: member.username, password: 'not the password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: uniqueUsername('ghost'), password: 'whatever1' },
    });
    for (const res of [wrong, unknown]) {
      expect(expectUnauthorized(res).message).toBe(INVALID_CREDENTIALS_MESSAGE);
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it('answers missing fields and malformed JSON with 400', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'x' } });
    expect(expectError(missing, 400, 'validation_failed').fields).toHaveProperty('password');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x", ',
    });
    expect(expectError(malformed, 400, 'bad_request').fields).toEqual({
      body: ['The request body is not valid JSON.'],
    });
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(1024 * 1024) }),
    });
    expectError(res, 413, 'payload_too_large');
  });

  it('signs in the bootstrap superadmin in the root tenant', async () => {
    const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    expect(admin).toMatchObject({ username: 'admin', tenant: 'root', roles: 'superadmin' });
  });
});

describe('tokens and sessions', () => {
  it('accepts the token as a bearer, as x-access-token and as the cookie', async () => {
    const member = await newAccount(t.app);
    const ways = [
      { authorization: `Bearer ${member.token}` },
      { authorization: `bearer ${member.token}` },
      { 'x-access-token': member.token },
      { cookie: `${ACCESS_TOKEN_COOKIE}=${member.token}` },
    ];
    for (const headers of ways) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json()).toMatchObject({ username: member.username, userId: member.userId, superAdmin: false });
    }
  });

  it('refuses missing, forged and tampered tokens', async () => {
    const member = await newAccount(t.app);
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/auth/me' }));
    const [header, payload, signature] = member.token.split('.');
    const forged = [`${header}.${payload}.${signature?.slice(0, -4)}AAAA`, 'not-a-jwt', `${header}.e30.${signature}`];
    for (const token of forged) {
      expectUnauthorized(
        await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }),
      );
    }
  });

  it('revokes the session on sign-out, and only that session', async () => {
    const member = await newAccount(t.app);
    const other = await signIn(t.app, member.username, member.password);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: member.headers });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === ACCESS_TOKEN_COOKIE)?.value).toBe('');
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers }));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: other.headers })).statusCode).toBe(200);
  });

  it('on password change revokes every other session and returns a new working one', async () => {
    const member = await newAccount(t.app);
    const phone = await signIn(t.app, member.username, member.password);
    const newPassword = strongPassword();

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: member.headers,
      payload: { currentPassword: 'not it at all', newPassword },
    });
    expect(expectError(wrong, 401, 'unauthorized').fields).toHaveProperty('currentPassword');

    const common = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: member.headers,
      payload: { currentPassword: member.password, newPassword: 'iloveyou123' },
    });
    expect(expectError(common, 400, 'validation_failed').fields).toHaveProperty('newPassword');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: member.headers,
      payload: { currentPassword: member.password, newPassword },
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<LoginResponse>();
    expect(fresh.token).not.toBe(member.token);
    expect(res.headers['x-access-token']).toBe(fresh.token);

    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers }));
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: phone.headers }));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${fresh.token}` } }))
        .statusCode,
    ).toBe(200);

    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: member.username, password: member.password },
    });
    expectUnauthorized(old);
    await signIn(t.app, member.username, newPassword);
  });
});

describe('cross-site request forgery', () => {
  it("holds cookie-only writes to this site's origin, and leaves header-token writes alone", async () => {
    const member = await newAccount(t.app);
    const cookie = `${ACCESS_TOKEN_COOKIE}=${member.token}`;
    const put = (headers: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: '/api/profile', headers, payload: { bio: 'hello' } });

    expectError(await put({ cookie }), 403, 'forbidden');
    expectError(await put({ cookie, origin: 'https://evil.example' }), 403, 'forbidden');
    expectError(await put({ cookie, referer: 'https://evil.example/page' }), 403, 'forbidden');
    expect((await put({ cookie, origin: 'http://localhost:80' })).statusCode).toBe(200);
    expect((await put({ cookie, referer: 'http://localhost:80/profile/edit' })).statusCode).toBe(200);
    expect((await put({ ...member.headers, origin: 'https://evil.example' })).statusCode).toBe(200);
    // Reads by cookie need no origin.
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('claims and case-insensitive routes', () => {
  it('shows the caller their claims, and refuses guests', async () => {
    const member = await newAccount(t.app);
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/debug/claims' }));
    const res = await t.app.inject({ method: 'GET', url: '/api/Debug/Claims', headers: member.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      sub: member.userId,
      username: member.username,
      tenant: 'public',
      superAdmin: false,
    });
  });
});
