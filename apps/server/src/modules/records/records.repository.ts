import { and, asc, eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RecordsListQuery } from '@tolk/shared/schemas/records';
import type { Database } from '../../db/client';
import { ownedBy, ownedRecord, recordList, type OwnerScope } from './keyset';
import type { RecordRead, RecordTable, StoredRecord } from './record-kind';

/** A kind read from its table alone: every column of the row. */
export function tableRows<T extends RecordTable>(table: T): RecordRead<T['$inferSelect']> {
  // Drizzle infers a row from a table it knows; this one is any kind's: the return type names its row.
  const any: PgTable = table;
  return {
    select: (db, cursorKey) =>
      db
        .select({ ...getTableColumns(any), cursorKey })
        .from(any)
        .$dynamic(),
    joined: false,
  };
}

/** What an insert or update is, to the records repository: a statement that returns rows. */
interface Returning {
  returning(): PromiseLike<unknown[]>;
  returning(fields: { id: SQL | RecordTable['id'] }): PromiseLike<{ id: string }[]>;
}

/**
 * One kind's records (persons, places, things), always filtered by tenant and owner in the
 * query: a keyset-paged list with search, one record, writes that carry the version they were
 * made from, and every record for the export.
 */
export function createRecordsRepository<Row extends StoredRecord, Values>(
  db: Database,
  kind: { table: RecordTable; read: RecordRead<Row> },
) {
  const { table, read } = kind;
  const rows = (cursorKey = sql<string>`''`) => read.select(db, cursorKey);

  async function find(scope: OwnerScope, id: string): Promise<Row | undefined> {
    const [row] = await rows().where(ownedRecord(table, scope, id));
    return row;
  }

  /** The row a write changed, as the kind reads it; undefined when it changed none. */
  async function written(scope: OwnerScope, statement: Returning): Promise<Row | undefined> {
    if (!read.joined) return ((await statement.returning()) as Row[])[0];
    const [row] = await statement.returning({ id: table.id });
    return row && (await find(scope, row.id));
  }

  return {
    async list(scope: OwnerScope, query: RecordsListQuery) {
      const list = recordList(table, scope, query);
      const page = await rows(list.keyColumn)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.take);
      return list.page(page);
    },

    find,

    /** Whether this record is the owner's (another kind's record may point at it). */
    async owns(scope: OwnerScope, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(ownedRecord(table, scope, id));
      return row !== undefined;
    },

    async create(scope: OwnerScope, values: Values): Promise<Row> {
      const insert = db.insert(table).values({ ...values, tenantId: scope.tenantId, ownerId: scope.ownerId } as never);
      const row = await written(scope, insert as unknown as Returning);
      if (!row) throw new Error(`${getTableName(table)} insert returned nothing`);
      return row;
    },

    /**
     * Changes the record only from the version the edit was made on, and moves it on in the same
     * statement; undefined when it is not that version (or not the owner's, or gone).
     */
    async update(scope: OwnerScope, id: string, version: number, values: Values): Promise<Row | undefined> {
      const update = db
        .update(table)
        .set({ ...values, version: sql`${table.version} + 1`, updatedAt: sql`now()` })
        .where(and(ownedRecord(table, scope, id), eq(table.version, version)));
      return written(scope, update as unknown as Returning);
    },

    async remove(scope: OwnerScope, id: string): Promise<boolean> {
      const removed = await db
        .delete(table)
        .where(ownedRecord(table, scope, id))
        .returning({ id: table.id });
      return removed.length > 0;
    },

    /** Every record of the owner, oldest first (the export). */
    exportAll(scope: OwnerScope): PromiseLike<Row[]> {
      return rows().where(ownedBy(table, scope)).orderBy(asc(table.createdAt), asc(table.id));
    },
  };
}
export type RecordsRepository<Row extends StoredRecord, Values> = ReturnType<
  typeof createRecordsRepository<Row, Values>
>;
