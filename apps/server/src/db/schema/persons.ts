// Tables of module records: only its files write them; others ask its service (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { ownedRecordColumns, searchText } from './columns';
import { places } from './places';
import { uploads } from './uploads';
import { timestamps } from './times';

/** People a member met: personal records, visible to their owner only. */
export const persons = pgTable(
  'persons',
  {
    ...ownedRecordColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    note: text('note').notNull().default(''),
    photoId: uuid('photo_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** Where we met: one of the owner's places, or in words. */
    metPlaceId: uuid('met_place_id').references(() => places.id, { onDelete: 'set null' }),
    metWhere: text('met_where').notNull().default(''),
    metOn: date('met_on', { mode: 'string' }),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Their Tolk account, in the owner's tenant. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** Bumped on every change: an edit made from an older version is refused (409). */
    version: integer('version').notNull().default(1),
    searchText: searchText('name', 'description', 'note', 'met_where'),
    ...timestamps(),
  },
  (t) => [
    index('persons_owner_idx').on(t.tenantId, t.ownerId, t.createdAt, t.id),
    index('persons_owner_name_idx').on(t.tenantId, t.ownerId, sql`lower(${t.name})`, t.id),
    index('persons_owner_updated_idx').on(t.tenantId, t.ownerId, t.updatedAt, t.id),
  ],
);
