// Tables of module uploads: only its files write them; others ask its service (scripts/check-tables.mjs).
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { tenantRowColumns } from './tenants';
import { createdAt } from './times';

/** A re-encoded photo and its thumbnail in the storage backend; who may read it follows its muse. */
export const uploads = pgTable(
  'uploads',
  {
    ...tenantRowColumns(),
    /** Null when a plaza guest uploaded it. */
    ownerId: uuid('owner_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** Plaza guest uploads belong to the plaza. */
    conversationId: uuid('conversation_id'),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId)],
);
