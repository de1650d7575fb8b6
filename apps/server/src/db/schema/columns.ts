import { sql } from 'drizzle-orm';
import { text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { tenantRowColumns } from './tenants';

/**
 * The columns of a member's own record: its id, the tenant it lives in and the account that owns
 * it (gone with the account). Every query on such a table filters on both (DESIGN, data rules).
 */
export const ownedRecordColumns = () => ({
  ...tenantRowColumns(),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
});

/**
 * A record's searchable words in one lower-cased column the database keeps (generated from the
 * named text columns, a line apart so no match spans two): the owner's search is one LIKE per
 * row instead of an ILIKE per column, which case-folds every column of every row it reads.
 */
export const searchText = (...columns: string[]) =>
  text('search_text')
    .notNull()
    .generatedAlwaysAs(sql.raw(`lower(${columns.join(" || E'\\n' || ")})`));
