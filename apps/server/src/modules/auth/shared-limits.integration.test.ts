import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/build-app';
import { strongPassword, uniqueUsername } from '../../test/factories';

// Limits counted in Redis hold across instances; without REDIS_URL each instance counts alone.
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('two server instances on one Redis share their limits', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const options = {
      config: { redisUrl, jwtSecret: 'shared-limits-test-secret-both-instances-use!' },
      signInThrottle: { windowMs: 60_000, perAccountAndAddress: 3, perAccount: 5, perAddress: 8 },
      registerLimit: { max: 3, timeWindow: 60_000 },
    };
    [a, b] = await Promise.all([testApp(options), testApp(options)]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  // Counts outlive a run in Redis for their window, so every run uses its own addresses and names.
  const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  const register = (t: TestApp, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: uniqueUsername('shared'), password: strongPassword() },
      remoteAddress: ip,
    });
  const signIn = (t: TestApp, username: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username, password: 'wrong password' },
      remoteAddress: ip,
    });

  it('counts registrations from one address on both instances against one route limit', async () => {
    const ip = freshAddress();
    expect((await register(a, ip)).statusCode).toBe(201);
    expect((await register(a, ip)).statusCode).toBe(201);
    expect((await register(b, ip)).statusCode).toBe(201);
    const limited = await register(b, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still has its own budget.
    expect((await register(b, freshAddress())).statusCode).toBe(201);
  });

  it('counts failed sign-ins on both instances against one throttle', async () => {
    const ip = freshAddress();
    const username = uniqueUsername('guessed');
    expect((await signIn(a, username, ip)).statusCode).toBe(401);
    expect((await signIn(b, username, ip)).statusCode).toBe(401);
    expect((await signIn(a, username, ip)).statusCode).toBe(401);
    const limited = await signIn(b, username, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('reserves parallel guesses sent to both instances at once', async () => {
    const ip = freshAddress();
    const username = uniqueUsername('raced');
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(i % 2 ? a : b, username, ip)));
    expect(all.filter((res) => res.statusCode === 401)).toHaveLength(3);
    expect(all.filter((res) => res.statusCode === 429)).toHaveLength(17);
  });
});
