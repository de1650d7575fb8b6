// Tables of plugins: only the auth plugin's files (apps/server/src/plugins) write them (scripts/check-tables.mjs).
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, timestamptz } from './times';

/** One row per issued token: the JWT id points here, so revoking the row revokes the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /** When the session last made a request, to a few minutes (auth plugin: written at most that often). */
    lastSeenAt: timestamptz('last_seen_at'),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);
