// Tables of module auth: only its files write them; others ask its service (scripts/check-tables.mjs).
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, timestamptz } from './times';

export const ACCOUNT_TOKEN_PURPOSES = ['verify-email', 'reset-password'] as const;

/**
 * Single-use links mailed to a member: to prove an address theirs, or to choose a new password.
 * Only a hash of the token is kept (the link holds the token), so a copy of the database opens
 * nothing; each works until it expires or is used, and a newer one of the same purpose ends it.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    /** verify-email: the address it proves (a later change of address leaves it proving nothing). */
    email: text('email'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('account_tokens_account_idx').on(t.accountId, t.purpose, t.createdAt)],
);
