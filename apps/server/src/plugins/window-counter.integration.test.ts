import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowCounter, type WindowCounter } from './window-counter';

/** Counts three events, then a fourth once the window has passed. */
async function countsInWindows(count: WindowCounter) {
  const key = `test:${randomUUID()}`;
  const seen = [];
  for (let i = 0; i < 3; i++) seen.push(await count(key, 200));
  expect(seen.map((s) => s.count)).toEqual([1, 2, 3]);
  for (const s of seen) expect(s.resetMs).toBeGreaterThan(0);
  expect((await count(`test:${randomUUID()}`, 200)).count).toBe(1); // another key counts apart
  // Fixed 200 ms windows: only time passing opens a new one, so the test lets it pass.
  await new Promise((resolve) => setTimeout(resolve, 260));
  expect((await count(key, 200)).count).toBe(1); // a new window
}

describe('windowCounter', () => {
  it('counts per key in fixed windows, in this process', async () => {
    await countsInWindows(windowCounter());
  });

  const redisUrl = process.env.REDIS_URL;
  describe.skipIf(!redisUrl)('in Redis', () => {
    const client = createClient({ url: redisUrl });
    beforeAll(async () => {
      await client.connect();
    });
    afterAll(async () => {
      await client.quit();
    });

    it('counts per key in fixed windows, shared by every process that uses the key', async () => {
      await countsInWindows(windowCounter(client, 'tolk:test-window:'));
      // Two counters on one Redis (two instances) add to one count.
      const [a, b] = [windowCounter(client, 'tolk:test-window:'), windowCounter(client, 'tolk:test-window:')];
      const key = randomUUID();
      await a(key, 10_000);
      expect((await b(key, 10_000)).count).toBe(2);
    });
  });
});
