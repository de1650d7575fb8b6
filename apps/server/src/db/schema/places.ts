// Tables of module records: only its files write them; others ask its service (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { ownedRecordColumns, searchText } from './columns';
import { uploads } from './uploads';
import { timestamps } from './times';

/** Places a member keeps: personal records, visible to their owner only. */
export const places = pgTable(
  'places',
  {
    ...ownedRecordColumns(),
    name: text('name').notNull(),
    kind: text('kind').$type<'city' | 'stay' | 'food' | 'sight' | 'other'>().notNull().default('other'),
    address: text('address').notNull().default(''),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** A city of the bundled list (GeoNames id). */
    cityId: integer('city_id'),
    photoId: uuid('photo_id').references(() => uploads.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    rating: smallint('rating'),
    version: integer('version').notNull().default(1),
    searchText: searchText('name', 'address', 'note'),
    ...timestamps(),
  },
  (t) => [
    index('places_owner_idx').on(t.tenantId, t.ownerId, t.createdAt, t.id),
    index('places_owner_name_idx').on(t.tenantId, t.ownerId, sql`lower(${t.name})`, t.id),
    index('places_owner_updated_idx').on(t.tenantId, t.ownerId, t.updatedAt, t.id),
  ],
);
