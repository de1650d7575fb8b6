import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Health, Liveness } from '@tolk/shared/schemas/health';
import { executePrepared } from '../../db/client';
import { testApp, type TestApp } from '../../test/build-app';
import { adminQuery } from '../../test/databases';
import { RedisProcess } from '../../test/redis-process';

/**
 * Issue 18: liveness says the process answers and asks nothing else; readiness says whether this
 * instance should get traffic (database, Redis when configured, warm-up); /api/health keeps
 * reporting every part and answers 200 while the database does.
 */

const databaseUrl = process.env.DATABASE_URL;
const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('on the database alone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ translationEngines: [] });
  });
  afterAll(() => t.close());

  it('is live, ready and healthy while the database answers, with Redis "off" as none is configured', async () => {
    const live = await get(t, '/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json<Liveness>()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) as number });
    for (const url of ['/api/health/ready', '/api/health']) {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json<Health>()).toMatchObject({ status: 'ok', database: 'ok', redis: 'off', ready: true });
    }
  });

  it('documents the three checks in the OpenAPI document, and not /metrics', async () => {
    const paths = Object.keys((await get(t, '/api/docs')).json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/health/live', '/api/health/ready']));
    expect(paths).not.toContain('/metrics');
  });

  it('stays live while the database does not answer, and is neither ready nor healthy until it does', async () => {
    if (databaseUrl) {
      // The test's own database refuses connections and drops the ones open, as a failed-over or
      // stopped server would; then takes them again.
      const [row] = await executePrepared<{ name: string }>(
        t.database.db,
        'test_database_name',
        sql`select current_database() as name`,
      );
      const name = row!.name;
      await adminQuery(databaseUrl, `alter database ${name} allow_connections false`);
      await adminQuery(
        databaseUrl,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
      await expectDown(t);
      await adminQuery(databaseUrl, `alter database ${name} allow_connections true`);
      await expect.poll(async () => (await get(t, '/api/health/ready')).statusCode, { timeout: 10_000 }).toBe(200);
    } else {
      // PGlite is in the process: its database is gone once its thread has stopped.
      await t.database.close();
      await expectDown(t);
    }
  });
});

async function expectDown(t: TestApp) {
  expect((await get(t, '/api/health/live')).statusCode).toBe(200);
  for (const url of ['/api/health/ready', '/api/health']) {
    const res = await get(t, url);
    expect(res.statusCode, url).toBe(503);
    expect(res.json<Health>()).toMatchObject({ status: 'degraded', database: 'down', ready: false });
  }
}

// Redis goes with PostgreSQL (the PGlite run has no REDIS_URL); a Redis of the test's own is killed.
describe.skipIf(!databaseUrl)('with Redis (needs DATABASE_URL)', () => {
  const redis = new RedisProcess();
  let redisUp = false;
  let t: TestApp;
  beforeAll(async () => {
    await redis.start();
    redisUp = true;
    t = await testApp({ translationEngines: [], config: { redisUrl: redis.url } });
  });
  afterAll(async () => {
    // Up again before the app closes, so its clients say goodbye instead of reconnecting.
    if (!redisUp) await redis.start();
    await t.close();
    await redis.kill();
  });

  it('is ready while Redis answers, not ready while it is down (yet live and healthy), and ready again after', async () => {
    const ready = await get(t, '/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json<Health>()).toMatchObject({ status: 'ok', redis: 'ok', ready: true });

    await redis.kill();
    redisUp = false;
    await expect
      .poll(async () => (await get(t, '/api/health/ready')).json<Health>().redis, { timeout: 10_000 })
      .toBe('down');
    const down = await get(t, '/api/health/ready');
    expect(down.statusCode).toBe(503);
    expect(down.json<Health>()).toMatchObject({ status: 'degraded', database: 'ok', redis: 'down', ready: false });
    expect((await get(t, '/api/health/live')).statusCode).toBe(200);
    // The database answers: the process is healthy, only not to be sent traffic.
    expect((await get(t, '/api/health')).statusCode).toBe(200);

    await redis.start();
    redisUp = true;
    await expect.poll(async () => (await get(t, '/api/health/ready')).statusCode, { timeout: 15_000 }).toBe(200);
  });
});

describe.skipIf(!databaseUrl)('closing while Redis is away (needs DATABASE_URL)', () => {
  it('closes without an unhandled rejection from the clients it drops', async () => {
    const redis = new RedisProcess();
    await redis.start();
    const t = await testApp({ translationEngines: [], config: { redisUrl: redis.url } });
    const unhandled: unknown[] = [];
    const hear = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', hear);
    try {
      // Redis goes and the clients are still reconnecting when the app closes: what the socket
      // adapter sends on close is queued, then dropped with its client.
      await redis.kill();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await t.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', hear);
    }
  }, 60_000);
});
