// Tables of module accounts: only its files write them; others ask its service (scripts/check-tables.mjs).
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './times';

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stable name used in sessions and claims: `root`, `public`, ... */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** A column naming the tenant a row lives in; every query on its table filters on it. */
export const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id);

/** The first columns of a row that lives in one tenant: its id and its tenant. */
export const tenantRowColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: tenantId(),
});
