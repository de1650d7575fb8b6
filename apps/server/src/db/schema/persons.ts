import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { ownedRecordColumns, timestamps } from './columns';

/** People a member met: personal records, visible to their owner only. */
export const persons = pgTable(
  'persons',
  {
    ...ownedRecordColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('persons_owner_idx').on(t.tenantId, t.ownerId, t.createdAt)],
);
