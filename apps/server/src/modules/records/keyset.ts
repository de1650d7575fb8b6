import { and, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { RECORDS_PAGE_SIZE, type RecordSort } from '@tolk/shared/schemas/records';
import { fieldError } from '../../errors';
import { escapeLike } from '../../db/like';

/** The columns every record table has: who owns it, its name and when it was made and changed. */
export interface RecordColumns {
  id: AnyColumn;
  tenantId: AnyColumn;
  ownerId: AnyColumn;
  name: AnyColumn;
  createdAt: AnyColumn;
  updatedAt: AnyColumn;
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

export const ownedRecord = (table: RecordColumns, scope: OwnerScope, id: string) =>
  scope.crossTenant ? eq(table.id, id) : and(eq(table.id, id), ownedBy(table, scope));

interface Cursor {
  sort: RecordSort;
  key: string;
  id: string;
}

const encode = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');

function decode(value: string, sort: RecordSort): Cursor {
  try {
    const [s, key, id] = JSON.parse(Buffer.from(value, 'base64url').toString()) as unknown[];
    if (s === sort && typeof key === 'string' && typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id)) {
      return { sort, key, id };
    }
  } catch {
    // Falls through to the error below.
  }
  throw fieldError('cursor', 'Not a cursor of this list.');
}

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
  searched: AnyColumn[],
) {
  const limit = query.limit ?? RECORDS_PAGE_SIZE;
  const key = {
    recent: sql`${table.createdAt}`,
    name: sql`lower(${table.name})`,
    updated: sql`${table.updatedAt}`,
  }[query.sort];
  const ascending = query.sort === 'name';
  const cast = query.sort === 'name' ? sql`` : sql`::timestamptz`;
  const after = query.cursor ? decode(query.cursor, query.sort) : null;
  const q = query.q?.trim();
  const where = and(
    ownedBy(table, scope),
    q ? or(...searched.map((column) => ilike(column, `%${escapeLike(q)}%`))) : undefined,
    after
      ? ascending
        ? sql`(${key}, ${table.id}) > (${after.key}${cast}, ${after.id}::uuid)`
        : sql`(${key}, ${table.id}) < (${after.key}${cast}, ${after.id}::uuid)`
      : undefined,
  ) as SQL;
  const orderBy = ascending ? [sql`${key} asc`, sql`${table.id} asc`] : [sql`${key} desc`, sql`${table.id} desc`];
  return {
    where,
    orderBy,
    /** One row more than the page, to know whether another follows. */
    take: limit + 1,
    /** The key as text, selected beside each row for the next cursor. */
    keyColumn: sql<string>`(${key})::text`,
    /** The page and the cursor of the next one, from rows read with `take` and `keyColumn`. */
    page<T extends { id: string; cursorKey: string }>(rows: T[]): { rows: T[]; nextCursor: string | null } {
      if (rows.length <= limit) return { rows, nextCursor: null };
      const shown = rows.slice(0, limit);
      const last = shown[shown.length - 1]!;
      return { rows: shown, nextCursor: encode({ sort: query.sort, key: last.cursorKey, id: last.id }) };
    },
  };
}
