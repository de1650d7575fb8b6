import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/build-app';
import { expectError, newAccount, strongPassword, uniqueUsername } from '../../test/factories';
import { KNOWN_DEVICE_COOKIE } from './known-devices';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({
    signInThrottle: { windowMs: 60_000, perAccountAndAddress: 3, perAccount: 5, perAddress: 8 },
    registerLimit: { max: 12, timeWindow: 60_000 },
  });
});
afterAll(() => t.close());

const signIn = (username: string, password: string, ip = '203.0.113.7', cookies: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username, password },
    remoteAddress: ip,
    cookies,
  });

/** The known-device cookie a successful sign-in hands this browser. */
function knownDeviceOf(res: Awaited<ReturnType<typeof signIn>>): Record<string, string> {
  const cookie = res.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
  if (!cookie) throw new Error('no known-device cookie');
  return { [KNOWN_DEVICE_COOKIE]: cookie.value };
}

describe('failed sign-ins', () => {
  it('limits one address guessing one account, with Retry-After, even for the right password', async () => {
    const member = await newAccount(t.app);
    for (let i = 0; i < 3; i++) expect((await signIn(member.username, 'wrong password')).statusCode).toBe(401);
    const limited = await signIn(member.username, member.password);
    expectError(limited, 429, 'rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('leaves the owner on another address a way in while one address is limited', async () => {
    const member = await newAccount(t.app);
    for (let i = 0; i < 3; i++) await signIn(member.username, 'wrong password', '198.51.100.1');
    expect((await signIn(member.username, member.password, '198.51.100.1')).statusCode).toBe(429);
    expect((await signIn(member.username, member.password, '198.51.100.2')).statusCode).toBe(200);
  });

  it('counts guesses still in flight: parallel wrong passwords get 429 beyond the budget', async () => {
    const member = await newAccount(t.app);
    const all = await Promise.all(
      Array.from({ length: 40 }, () => signIn(member.username, 'wrong password', '203.0.113.40')),
    );
    expect(all.filter((res) => res.statusCode === 401)).toHaveLength(3);
    const limited = all.filter((res) => res.statusCode === 429);
    expect(limited).toHaveLength(37);
    for (const res of limited) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits an account guessed from many addresses, except on a device its owner signed in from', async () => {
    const member = await newAccount(t.app);
    const other = await newAccount(t.app);
    const ownersPhone = knownDeviceOf(await signIn(member.username, member.password, '192.0.2.1'));
    const othersPhone = knownDeviceOf(await signIn(other.username, other.password, '192.0.2.2'));
    for (let i = 0; i < 5; i++) await signIn(member.username, 'wrong password', `192.0.2.${10 + i}`);
    // The account budget is spent: an unknown browser is refused even with the right password,
    expectError(await signIn(member.username, member.password, '192.0.2.99'), 429, 'rate_limited');
    // and so is one that only knows another account, or carries a forged cookie,
    expectError(await signIn(member.username, member.password, '192.0.2.99', othersPhone), 429, 'rate_limited');
    const forged = { [KNOWN_DEVICE_COOKIE]: `${ownersPhone[KNOWN_DEVICE_COOKIE]?.split('.')[0]}.AAAA` };
    expectError(await signIn(member.username, member.password, '192.0.2.99', forged), 429, 'rate_limited');
    // but the owner's phone gets in, from a new address too.
    expect((await signIn(member.username, member.password, '198.18.0.1', ownersPhone)).statusCode).toBe(200);
  });

  it("holds a known device to its own budget, so a stolen device cookie still can't guess freely", async () => {
    const member = await newAccount(t.app);
    const phone = knownDeviceOf(await signIn(member.username, member.password, '198.18.1.1'));
    for (let i = 0; i < 3; i++) {
      expect((await signIn(member.username, 'wrong password', `198.18.1.${10 + i}`, phone)).statusCode).toBe(401);
    }
    expectError(await signIn(member.username, member.password, '198.18.1.20', phone), 429, 'rate_limited');
  });

  it('marks the browser as known with a long-lived, httpOnly, SameSite=Lax cookie for sign-in only', async () => {
    const member = await newAccount(t.app);
    const res = await signIn(member.username, member.password, '198.18.2.1');
    const cookie = res.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(cookie?.expires?.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  });

  it('limits one address spraying many accounts, known or not', async () => {
    for (let i = 0; i < 8; i++) await signIn(uniqueUsername('spray'), 'wrong password', '100.64.0.1');
    const member = await newAccount(t.app);
    expectError(await signIn(member.username, member.password, '100.64.0.1'), 429, 'rate_limited');
  });
});

describe('registration', () => {
  it('limits registrations per address with 429 and Retry-After', async () => {
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: uniqueUsername(), password: strongPassword() },
        remoteAddress: '100.64.9.9',
      });
    let last = await register();
    for (let i = 0; i < 12 && last.statusCode === 201; i++) last = await register();
    expectError(last, 429, 'rate_limited');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
