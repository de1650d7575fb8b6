import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { DatabaseHandle } from '../db/client';
import { openDatabase, queryRows } from '../db/client';
import { outbox as outboxTable } from '../db/schema/outbox';
import { openTestDatabase } from '../test/build-app';
import { createOutbox, OUTBOX_DEFAULTS, PermanentFailure, type OutboxOptions } from './outbox';

/** Issue 32: the durable queue under notifications: once-only keys, retries, dead letters, crashed workers. */

let database: DatabaseHandle;
let dispose: () => Promise<void>;
const log = pino({ level: 'silent' });
const quick: OutboxOptions = { ...OUTBOX_DEFAULTS, pollMs: 0, retryBaseMs: 1, leaseMs: 60_000 };

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Lets every retry wait of these jobs pass at once (their run_at moved to now). */
const dueNow = (keys: string[]) =>
  database.db
    .update(outboxTable)
    .set({ runAt: sql`now()` })
    .where(sql`${outboxTable.key} in ${keys}`);

describe('the outbox', () => {
  it('runs a job once, however often it is queued', async () => {
    const box = createOutbox(database.db, quick, log);
    const seen: unknown[] = [];
    const topic = `t-${unique()}`;
    box.handle(topic, async (payload) => {
      seen.push(payload);
    });
    const key = `${topic}:one`;
    expect(await box.enqueue([{ topic, key, payload: { n: 1 } }])).toBe(1);
    expect(await box.enqueue([{ topic, key, payload: { n: 2 } }])).toBe(0);
    await box.runDue();
    await box.runDue();
    expect(seen).toEqual([{ n: 1 }]);
    // Done stays done: the key keeps a late duplicate out.
    expect(await box.enqueue([{ topic, key, payload: { n: 3 } }])).toBe(0);
    await box.runDue();
    expect(seen).toHaveLength(1);
  });

  it('waits for a job queued for later', async () => {
    const box = createOutbox(database.db, quick, log);
    const topic = `t-${unique()}`;
    let ran = 0;
    box.handle(topic, async () => {
      ran++;
    });
    await box.enqueue([{ topic, key: `${topic}:later`, payload: {}, runAt: new Date(Date.now() + 60_000) }]);
    await box.runDue();
    expect(ran).toBe(0);
    await dueNow([`${topic}:later`]);
    await box.runDue();
    expect(ran).toBe(1);
  });

  it('retries with backoff, then leaves the job dead for superadmins to retry', async () => {
    const box = createOutbox(database.db, { ...quick, maxAttempts: 3, retryBaseMs: 30_000 }, log);
    const topic = `t-${unique()}`;
    const key = `${topic}:flaky`;
    let attempts = 0;
    let mended = false;
    box.handle(topic, async () => {
      attempts++;
      if (!mended) throw new Error(`refused ${attempts}`);
    });
    await box.enqueue([{ topic, key, payload: {} }]);
    await box.runDue();
    expect(attempts).toBe(1);
    // The retry waits its backoff (30 s here): another pass now does nothing.
    await box.runDue();
    expect(attempts).toBe(1);
    const [waiting] = await database.db.select().from(outboxTable).where(eq(outboxTable.key, key));
    expect(waiting!.state).toBe('pending');
    expect(waiting!.lastError).toBe('refused 1');
    expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    for (let i = 0; i < 2; i++) {
      await dueNow([key]);
      await box.runDue();
    }
    expect(attempts).toBe(3);
    const dead = await box.dead(50);
    const mine = dead.find((job) => job.key === key);
    expect(mine).toMatchObject({ topic, attempts: 3, lastError: 'refused 3' });

    mended = true;
    expect(await box.retry(mine!.id)).toBe(true);
    expect(await box.retry(mine!.id)).toBe(false);
    await box.runDue();
    expect(attempts).toBe(4);
    const [done] = await database.db.select().from(outboxTable).where(eq(outboxTable.key, key));
    expect(done!.state).toBe('done');
  });

  it('gives up at once on a permanent failure', async () => {
    const box = createOutbox(database.db, quick, log);
    const topic = `t-${unique()}`;
    let attempts = 0;
    box.handle(topic, async () => {
      attempts++;
      throw new PermanentFailure('gone for good');
    });
    await box.enqueue([{ topic, key: `${topic}:gone`, payload: {} }]);
    await box.runDue();
    expect(attempts).toBe(1);
    expect((await box.dead(50)).find((job) => job.key === `${topic}:gone`)?.lastError).toBe('gone for good');
  });

  it('runs a job claimed by a worker that died, once its lease is over', async () => {
    const topic = `t-${unique()}`;
    const key = `${topic}:orphan`;
    const dying = createOutbox(database.db, { ...quick, leaseMs: 60_000 }, log);
    // A worker claims the job and dies before finishing it: it never settles.
    dying.handle(topic, () => new Promise<void>(() => undefined));
    await dying.enqueue([{ topic, key, payload: { hello: 'again' } }]);
    void dying.runDue();
    await expect
      .poll(async () => (await database.db.select().from(outboxTable).where(eq(outboxTable.key, key)))[0]!.attempts)
      .toBe(1);

    const next = createOutbox(database.db, quick, log);
    const seen: unknown[] = [];
    next.handle(topic, async (payload) => {
      seen.push(payload);
    });
    await next.runDue();
    expect(seen).toEqual([]); // still leased
    await dueNow([key]); // the lease runs out
    await next.runDue();
    expect(seen).toEqual([{ hello: 'again' }]);
  });
});

describe.runIf(process.env.DATABASE_URL)('several instances (PostgreSQL)', () => {
  it('hands each job to one worker only', async () => {
    const url = process.env.DATABASE_URL!;
    // The test database of this file, reached by another pool as another instance would.
    const [current] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
    const other = await openDatabase({
      databaseUrl: url.replace(/\/[^/]*$/, `/${current!.name}`),
      pgliteDir: '',
      poolSize: 4,
    });
    try {
      const topic = `t-${unique()}`;
      const runs = new Map<string, number>();
      const handler = async (payload: unknown) => {
        const { n } = payload as { n: number };
        await new Promise((resolve) => setTimeout(resolve, 2));
        runs.set(String(n), (runs.get(String(n)) ?? 0) + 1);
      };
      const a = createOutbox(database.db, { ...quick, batch: 5 }, log);
      const b = createOutbox(other.db, { ...quick, batch: 5 }, log);
      a.handle(topic, handler);
      b.handle(topic, handler);
      await a.enqueue(Array.from({ length: 200 }, (_, n) => ({ topic, key: `${topic}:${n}`, payload: { n } })));
      const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
      expect(ranA + ranB).toBe(200);
      expect(ranA).toBeGreaterThan(0);
      expect(ranB).toBeGreaterThan(0);
      expect(runs.size).toBe(200);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
