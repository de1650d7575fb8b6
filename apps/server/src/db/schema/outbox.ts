// Tables of plugins: only the outbox plugin (apps/server/src/plugins/outbox.ts) writes it (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './times';

export const OUTBOX_STATES = ['pending', 'done', 'dead'] as const;

/**
 * Work that must happen once after a commit and survive a crash: a push or an email to send, a
 * muse's notifications to make. Queued in the database (in the transaction that caused it where
 * there is one), claimed with FOR UPDATE SKIP LOCKED by whichever instance is free, leased while
 * it runs (a claimed row whose instance died is claimed again when the lease ends), retried with
 * backoff, and left `dead` for superadmins when it keeps failing. The key makes it once-only.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    /** One row per key, ever: queueing the same work again is a no-op. */
    key: text('key').notNull().unique(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    state: text('state', { enum: OUTBOX_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this: a delay, a retry's backoff, or the lease of the attempt under way. */
    runAt: timestamptz('run_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.state} = 'pending'`),
    index('outbox_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.state} <> 'pending'`),
  ],
);
