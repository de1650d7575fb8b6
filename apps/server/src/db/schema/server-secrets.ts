// Tables of plugins: only the auth plugin's files (apps/server/src/plugins) write them (scripts/check-tables.mjs).
import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './times';

/** Secrets every server instance must share (the JWT signing key, the VAPID key pair, the key of mailed links), created on first start. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
