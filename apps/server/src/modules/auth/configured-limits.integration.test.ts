import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@tolk/shared/errors';
import { loadConfig } from '../../config';
import { testApp, type TestApp } from '../../test/build-app';
import { expectError, newAccount, newConversation, strongPassword, uniqueUsername } from '../../test/factories';

/**
 * Issue 11: the per-route limits come from the environment, and their defaults let a meet-up
 * behind one network register; a limited caller is told how long to wait, in seconds a client
 * can word in its reader's language.
 */
describe('defaults', () => {
  it('let several hundred people behind one address register in an hour', () => {
    const { limits } = loadConfig({});
    expect(limits.registerPerHour).toBeGreaterThanOrEqual(300);
    expect(limits.plazaJoinsPerHour).toBeGreaterThanOrEqual(300);
  });

  it('read each limit from its variable, and refuse a nonsense value', () => {
    const limits = loadConfig({ TOLK_LIMIT_REGISTER_PER_HOUR: '40', TOLK_LIMIT_MUSES_PER_MINUTE: '7' }).limits;
    expect(limits).toMatchObject({ registerPerHour: 40, musesPerMinute: 7 });
    expect(() => loadConfig({ TOLK_LIMIT_REGISTER_PER_HOUR: 'lots' })).toThrow(/TOLK_LIMIT_REGISTER_PER_HOUR/);
  });
});

describe('limits set by the environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    const limits = loadConfig({ TOLK_LIMIT_REGISTER_PER_HOUR: '3', TOLK_LIMIT_MUSES_PER_MINUTE: '2' }).limits;
    // The test harness lifts the registration limit unless told otherwise.
    t = await testApp({ config: { limits }, registerLimit: undefined });
  });
  afterAll(() => t.close());

  const register = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '192.0.2.50',
      payload: { username: uniqueUsername(), password: strongPassword() },
    });

  it('limits registrations per address to the configured number, saying how long to wait', async () => {
    for (let i = 0; i < 3; i++) expect((await register()).statusCode).toBe(201);
    const limited = await register();
    expectError(limited, 429, 'rate_limited');
    const wait = limited.json<ErrorBody>().error.retryAfterSeconds;
    expect(wait).toBe(Number(limited.headers['retry-after']));
    expect(wait).toBeGreaterThan(60 * 59);
    expect(wait).toBeLessThanOrEqual(60 * 60);
  });

  it('limits a member’s muses to the configured number a minute', async () => {
    const writer = await newAccount(t.app);
    const reader = await newAccount(t.app);
    const { id } = await newConversation(t.app, writer, { kind: 'direct', members: [reader.username] });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/conversations/${id}/muses`,
        headers: writer.headers,
        payload: { clientId: randomUUID(), text: 'Hola' },
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expectError(limited, 429, 'rate_limited');
    expect(limited.json<ErrorBody>().error.retryAfterSeconds).toBeGreaterThan(0);
  });
});
