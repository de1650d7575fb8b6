import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { RecordsListQuery } from '@tolk/shared/schemas/records';
import type { Database } from '../../db/client';
import { places } from '../../db/schema/places';
import { ownedBy, ownedRecord, recordList, type OwnerScope } from './keyset';

export type PlaceValues = Omit<
  typeof places.$inferInsert,
  'id' | 'tenantId' | 'ownerId' | 'version' | 'createdAt' | 'updatedAt'
>;
export type PlaceRow = typeof places.$inferSelect;

/** Places a member keeps, always filtered by tenant and owner in the query. */
export function createPlacesRepository(db: Database) {
  const columns = getTableColumns(places);

  return {
    async list(scope: OwnerScope, query: RecordsListQuery) {
      const list = recordList(places, scope, query);
      const rows = await db
        .select({ ...columns, cursorKey: list.keyColumn })
        .from(places)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.take);
      return list.page(rows);
    },

    async find(scope: OwnerScope, id: string): Promise<PlaceRow | undefined> {
      const [row] = await db
        .select()
        .from(places)
        .where(ownedRecord(places, scope, id));
      return row;
    },

    async create(scope: OwnerScope, values: PlaceValues): Promise<PlaceRow> {
      const [row] = await db
        .insert(places)
        .values({ ...values, tenantId: scope.tenantId, ownerId: scope.ownerId })
        .returning();
      if (!row) throw new Error('place insert returned nothing');
      return row;
    },

    /**
     * Changes the place only from the version the edit was made on, and moves it on in the same
     * statement; undefined when it is not that version (or not the owner's, or gone).
     */
    async update(scope: OwnerScope, id: string, version: number, values: PlaceValues): Promise<PlaceRow | undefined> {
      const [row] = await db
        .update(places)
        .set({ ...values, version: sql`${places.version} + 1`, updatedAt: sql`now()` })
        .where(and(ownedRecord(places, scope, id), eq(places.version, version)))
        .returning();
      return row;
    },

    async remove(scope: OwnerScope, id: string): Promise<boolean> {
      const rows = await db
        .delete(places)
        .where(ownedRecord(places, scope, id))
        .returning({ id: places.id });
      return rows.length > 0;
    },

    /** Every place of the owner, oldest first (the export). */
    exportAll(scope: OwnerScope): Promise<PlaceRow[]> {
      return db.select().from(places).where(ownedBy(places, scope)).orderBy(asc(places.createdAt), asc(places.id));
    },
  };
}
export type PlacesRepository = ReturnType<typeof createPlacesRepository>;
