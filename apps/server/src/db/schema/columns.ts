import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { tenants } from './tenants';

/**
 * The columns of a member's own record: its id, the tenant it lives in and the account that owns
 * it (gone with the account). Every query on such a table filters on both (DESIGN, data rules).
 */
export const ownedRecordColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
});

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
