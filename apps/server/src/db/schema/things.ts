// Tables of module records: only its files write them; others ask its service (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ownedRecordColumns, searchText } from './columns';
import { timestamps } from './times';

/** Items and services a member offers: private, or offered to their tenant. */
export const things = pgTable(
  'things',
  {
    ...ownedRecordColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    descriptionLanguage: text('description_language').notNull(),
    /** Uploads, in the order shown. */
    photoIds: uuid('photo_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    unit: text('unit').$type<'item' | 'hour' | 'person'>().notNull().default('item'),
    availability: text('availability')
      .$type<'available' | 'on_request' | 'unavailable'>()
      .notNull()
      .default('available'),
    visibility: text('visibility').$type<'private' | 'offered'>().notNull().default('private'),
    version: integer('version').notNull().default(1),
    searchText: searchText('name', 'description'),
    ...timestamps(),
  },
  (t) => [
    index('things_owner_idx').on(t.tenantId, t.ownerId, t.createdAt, t.id),
    index('things_owner_name_idx').on(t.tenantId, t.ownerId, sql`lower(${t.name})`, t.id),
    index('things_owner_updated_idx').on(t.tenantId, t.ownerId, t.updatedAt, t.id),
    index('things_offered_idx')
      .on(t.tenantId, t.ownerId, t.createdAt)
      .where(sql`${t.visibility} = 'offered'`),
  ],
);
