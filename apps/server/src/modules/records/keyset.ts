import { and, eq, like, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { RECORDS_PAGE_SIZE, type RecordSort } from '@tolk/shared/schemas/records';
import { escapeLike } from '../../db/like';
import { keyset } from '../../db/keyset';

/** The columns every record table has: who owns it, its name and when it was made and changed. */
export interface RecordColumns {
  id: AnyColumn;
  tenantId: AnyColumn;
  ownerId: AnyColumn;
  name: AnyColumn;
  createdAt: AnyColumn;
  updatedAt: AnyColumn;
  /** Its searchable words, lower-cased (columns.ts, searchText). */
  searchText: AnyColumn;
}

/**
 * Whose records: an owner in a tenant. Every record query starts here. A superadmin reaches one
 * record of any member by its id (support, as DESIGN allows); lists are always their own.
 */
export interface OwnerScope {
  tenantId: string;
  ownerId: string;
  crossTenant?: boolean;
}

export const ownedBy = (table: RecordColumns, scope: OwnerScope) =>
  and(eq(table.tenantId, scope.tenantId), eq(table.ownerId, scope.ownerId));

/** Rows of two record tables with the same owner, in the same tenant: a record joined to another of the owner's. */
export const sameOwner = (
  a: Pick<RecordColumns, 'tenantId' | 'ownerId'>,
  b: Pick<RecordColumns, 'tenantId' | 'ownerId'>,
) => and(eq(a.tenantId, b.tenantId), eq(a.ownerId, b.ownerId));

export const ownedRecord = (table: RecordColumns, scope: OwnerScope, id: string) =>
  scope.crossTenant ? eq(table.id, id) : and(eq(table.id, id), ownedBy(table, scope));

/**
 * A page of one owner's records, keyset-paged so records added or changed while someone pages
 * never repeat or skip one: newest first (created, id), by name (lower(name), id), or last
 * changed first (updated, id), each read along its index. The cursor keeps the sort key as the
 * database wrote it (timestamps to the microsecond, not JavaScript's millisecond).
 */
export function recordList(
  table: RecordColumns,
  scope: OwnerScope,
  query: { q?: string | undefined; sort: RecordSort; cursor?: string | undefined; limit?: number | undefined },
) {
  const byName = query.sort === 'name';
  const page = keyset({
    tag: query.sort,
    key: {
      recent: sql`${table.createdAt}`,
      name: sql`lower(${table.name})`,
      updated: sql`${table.updatedAt}`,
    }[query.sort],
    keyType: byName ? 'text' : 'timestamp',
    id: table.id,
    idType: 'uuid',
    ascending: byName,
    cursor: query.cursor,
    limit: query.limit ?? RECORDS_PAGE_SIZE,
  });
  const q = query.q?.trim();
  const where = and(
    ownedBy(table, scope),
    // lower() on both sides: the database's own case folding, as it made the column.
    q ? like(table.searchText, sql`lower(${`%${escapeLike(q)}%`})`) : undefined,
    page.after,
  ) as SQL;
  return { where, orderBy: page.orderBy, take: page.take, keyColumn: page.keyColumn, page: page.page };
}
