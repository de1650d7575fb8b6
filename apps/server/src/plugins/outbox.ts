import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema/outbox';

/** Work to do once, after the commit that asked for it (see db/schema/outbox.ts). */
export interface OutboxJob {
  topic: string;
  /** Once-only: a job whose key was ever queued is not queued again. */
  key: string;
  payload: unknown;
  /** Not before this (a delay); now when absent. */
  runAt?: Date;
}

export interface ClaimedJob {
  id: number;
  key: string;
  /** This attempt's number, from 1. */
  attempts: number;
}

export type OutboxHandler = (payload: unknown, job: ClaimedJob) => Promise<void>;

/** A failure no retry will mend (a push subscription gone, an address refused): the job goes dead at once. */
export class PermanentFailure extends Error {}

export interface OutboxOptions {
  /** How often each instance looks for due work; 0: only when asked (`runDue`, tests). */
  pollMs: number;
  /** How long a claimed job is its instance's before another may claim it again. */
  leaseMs: number;
  /** Attempts before a job is left dead. */
  maxAttempts: number;
  /** The first retry's wait; each next one doubles, up to an hour. */
  retryBaseMs: number;
  /** Jobs claimed per pass, and so run at once. */
  batch: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = {
  pollMs: 1000,
  leaseMs: 60_000,
  maxAttempts: 8,
  retryBaseMs: 5_000,
  // Background work takes a few of the database's turns at a time, not a crowd of them: on the
  // embedded database every statement waits for the one before, and twenty conversations'
  // notifications falling due together (each several statements) held a restart's joins behind
  // them. A claimed job starts at once, so none waits out its lease unstarted.
  batch: 4,
};

const RETRY_MAX_MS = 60 * 60_000;
/** Finished jobs are kept this long (their keys keep a late duplicate out), dead ones until handled. */
const KEEP_DONE_MS = 7 * 24 * 60 * 60_000;

/** Anything with Drizzle's query builder: the app's handle or a transaction of it. */
type Queryable = Pick<Database, 'insert'>;

export interface DeadJob {
  id: number;
  topic: string;
  key: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export function createOutbox(db: Database, options: OutboxOptions, log: FastifyInstance['log']) {
  const handlers = new Map<string, OutboxHandler>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;
  let lastPrune = 0;

  const backoff = (attempts: number) => Math.min(RETRY_MAX_MS, options.retryBaseMs * 2 ** (attempts - 1));

  async function claim(): Promise<(ClaimedJob & { topic: string; payload: unknown })[]> {
    const topics = [...handlers.keys()];
    if (!topics.length) return [];
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.state, 'pending'), lte(outbox.runAt, sql`now()`), inArray(outbox.topic, topics)))
      .orderBy(outbox.runAt, outbox.id)
      .limit(options.batch)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        runAt: sql`now() + ${options.leaseMs} * interval '1 millisecond'`,
      })
      .where(inArray(outbox.id, due))
      .returning({
        id: outbox.id,
        topic: outbox.topic,
        key: outbox.key,
        payload: outbox.payload,
        attempts: outbox.attempts,
      });
  }

  async function settle(job: ClaimedJob, error: unknown) {
    if (error === undefined) {
      await db
        .update(outbox)
        .set({ state: 'done', finishedAt: sql`now()`, lastError: null })
        .where(eq(outbox.id, job.id));
      return;
    }
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    const dead = error instanceof PermanentFailure || job.attempts >= options.maxAttempts;
    if (!dead) log.warn({ err: error, key: job.key, attempts: job.attempts }, 'an outbox job failed; it is retried');
    else log.error({ err: error, key: job.key, attempts: job.attempts }, 'an outbox job failed for good');
    await db
      .update(outbox)
      .set(
        dead
          ? { state: 'dead', finishedAt: sql`now()`, lastError: message.slice(0, 2000) }
          : { runAt: new Date(Date.now() + backoff(job.attempts)), lastError: message.slice(0, 2000) },
      )
      .where(eq(outbox.id, job.id));
  }

  async function runOne(job: ClaimedJob & { topic: string; payload: unknown }) {
    const handler = handlers.get(job.topic)!;
    let failure: unknown;
    let timeout: NodeJS.Timeout | undefined;
    try {
      // A handler still running when its lease ends could run twice: it is cut off at half the lease.
      await Promise.race([
        handler(job.payload, { id: job.id, key: job.key, attempts: job.attempts }),
        new Promise((_, reject) => {
          timeout = setTimeout(() => {
            reject(new Error('timed out'));
          }, options.leaseMs / 2);
        }),
      ]);
    } catch (error) {
      failure = error ?? new Error('failed');
    } finally {
      clearTimeout(timeout);
    }
    await settle(job, failure);
  }

  async function prune() {
    if (Date.now() - lastPrune < 60 * 60_000) return;
    lastPrune = Date.now();
    await db
      .delete(outbox)
      .where(and(eq(outbox.state, 'done'), lt(outbox.finishedAt, new Date(Date.now() - KEEP_DONE_MS))));
  }

  /** Claims and runs due jobs until none is left; how many ran. */
  async function pass(): Promise<number> {
    let ran = 0;
    for (;;) {
      const jobs = await claim();
      if (!jobs.length) break;
      await Promise.all(jobs.map(runOne));
      ran += jobs.length;
      if (stopped) break;
    }
    await prune();
    return ran;
  }

  /** Looks for due work soon (after a commit that queued some), when the worker runs here. */
  function wake() {
    if (timer && !stopped) setImmediate(() => void runDue());
  }

  /** One pass at a time per instance; a wake during a pass runs one more after it. */
  function runDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => {
        log.error({ err: error }, 'the outbox could not be worked');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void runDue();
        }
      });
    return running;
  }

  return {
    /** What runs jobs of a topic; every instance registers the same handlers. */
    handle(topic: string, handler: OutboxHandler) {
      if (handlers.has(topic)) throw new Error(`the outbox topic ${topic} has a handler already`);
      handlers.set(topic, handler);
    },

    /**
     * Queues jobs, in `tx` when given (they commit with what caused them); a key queued before is
     * skipped. How many were new. The worker is woken when they are due now.
     */
    async enqueue(jobs: OutboxJob[], tx: Queryable = db): Promise<number> {
      if (!jobs.length) return 0;
      const rows = await tx
        .insert(outbox)
        .values(jobs.map((job) => ({ topic: job.topic, key: job.key, payload: job.payload, runAt: job.runAt })))
        .onConflictDoNothing({ target: outbox.key })
        .returning({ id: outbox.id });
      if (tx === db) wake();
      return rows.length;
    },

    wake,

    runDue,

    /** Works due jobs now and every `pollMs` (not at all when it is 0). */
    start() {
      if (options.pollMs <= 0 || timer) return;
      timer = setInterval(() => void runDue(), options.pollMs);
      timer.unref();
      void runDue();
    },

    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },

    /** Jobs that failed for good, newest first (superadmins). */
    async dead(limit: number): Promise<DeadJob[]> {
      const rows = await db
        .select({
          id: outbox.id,
          topic: outbox.topic,
          key: outbox.key,
          attempts: outbox.attempts,
          lastError: outbox.lastError,
          createdAt: outbox.createdAt,
          finishedAt: outbox.finishedAt,
        })
        .from(outbox)
        .where(eq(outbox.state, 'dead'))
        .orderBy(desc(outbox.finishedAt), desc(outbox.id))
        .limit(limit);
      return rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        finishedAt: row.finishedAt?.toISOString() ?? null,
      }));
    },

    /** Puts a dead job back in the queue, from its first attempt; false when it is not dead. */
    async retry(id: number): Promise<boolean> {
      const rows = await db
        .update(outbox)
        .set({ state: 'pending', attempts: 0, runAt: sql`now()`, finishedAt: null })
        .where(and(eq(outbox.id, id), eq(outbox.state, 'dead')))
        .returning({ id: outbox.id });
      if (rows.length) wake();
      return rows.length > 0;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/**
 * The durable queue every instance works (`app.outbox`): modules register handlers by topic
 * while they register, and the worker starts once the app is ready and stops before the
 * database closes.
 */
export const outboxPlugin = fp(
  async (app: FastifyInstance, options: Partial<OutboxOptions>) => {
    const box = createOutbox(app.db, { ...OUTBOX_DEFAULTS, ...options }, app.log);
    app.decorate('outbox', box);
    app.addHook('onReady', async () => {
      box.start();
    });
    app.addHook('preClose', () => box.stop());
  },
  { name: 'outbox', dependencies: ['db'] },
);
