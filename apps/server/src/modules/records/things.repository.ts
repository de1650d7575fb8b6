import { and, asc, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { RecordsListQuery } from '@tolk/shared/schemas/records';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { things } from '../../db/schema/things';
import { seenBy, type Reacher } from '../reach';
import { ownedBy, ownedRecord, recordList, type OwnerScope } from './keyset';

export type ThingValues = Omit<
  typeof things.$inferInsert,
  'id' | 'tenantId' | 'ownerId' | 'version' | 'createdAt' | 'updatedAt'
>;
export type ThingRow = typeof things.$inferSelect;

/** The most offered things one profile shows. */
export const OFFERED_MAX = 100;

/**
 * Things a member offers, always filtered by tenant and owner in the query. Offered things are
 * the one part another member reads: only in the viewer's tenant, only while the owner is not
 * suspended, and accounts are joined only for the owner's names.
 */
export function createThingsRepository(db: Database) {
  const columns = getTableColumns(things);

  /** Offered things the reader may see: the reach rule (reach/reach.ts) on their owners. */
  function offeredOf(reader: Reacher, owner: SQL) {
    return db
      .select({
        ...columns,
        ownerUsername: accounts.username,
        ownerDisplayName: accounts.displayName,
      })
      .from(things)
      .innerJoin(accounts, and(eq(accounts.id, things.ownerId), eq(accounts.tenantId, things.tenantId)))
      .where(
        and(
          eq(things.tenantId, reader.tenantId),
          eq(things.visibility, 'offered'),
          isNull(accounts.suspendedAt),
          owner,
          seenBy(reader, things.ownerId),
        ),
      )
      .orderBy(desc(things.createdAt), desc(things.id))
      .limit(OFFERED_MAX);
  }

  return {
    async list(scope: OwnerScope, query: RecordsListQuery) {
      const list = recordList(things, scope, query);
      const rows = await db
        .select({ ...columns, cursorKey: list.keyColumn })
        .from(things)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.take);
      return list.page(rows);
    },

    async find(scope: OwnerScope, id: string): Promise<ThingRow | undefined> {
      const [row] = await db
        .select()
        .from(things)
        .where(ownedRecord(things, scope, id));
      return row;
    },

    async create(scope: OwnerScope, values: ThingValues): Promise<ThingRow> {
      const [row] = await db
        .insert(things)
        .values({ ...values, tenantId: scope.tenantId, ownerId: scope.ownerId })
        .returning();
      if (!row) throw new Error('thing insert returned nothing');
      return row;
    },

    /**
     * Changes the thing only from the version the edit was made on, and moves it on in the same
     * statement; undefined when it is not that version (or not the owner's, or gone).
     */
    async update(scope: OwnerScope, id: string, version: number, values: ThingValues): Promise<ThingRow | undefined> {
      const [row] = await db
        .update(things)
        .set({ ...values, version: sql`${things.version} + 1`, updatedAt: sql`now()` })
        .where(and(ownedRecord(things, scope, id), eq(things.version, version)))
        .returning();
      return row;
    },

    async remove(scope: OwnerScope, id: string): Promise<boolean> {
      const rows = await db
        .delete(things)
        .where(ownedRecord(things, scope, id))
        .returning({ id: things.id });
      return rows.length > 0;
    },

    /** Every thing of the owner, oldest first (the export). */
    exportAll(scope: OwnerScope): Promise<ThingRow[]> {
      return db.select().from(things).where(ownedBy(things, scope)).orderBy(asc(things.createdAt), asc(things.id));
    },

    /** A member's offered things as `reader` sees them, newest first. */
    async offered(reader: Reacher, ownerId: string) {
      return await offeredOf(reader, eq(things.ownerId, ownerId));
    },

    /** Whether a photo shows an offered thing the reader may see (then they may open it). */
    async photoOffered(reader: Reacher, photoId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: things.id })
        .from(things)
        .where(
          and(
            eq(things.tenantId, reader.tenantId),
            eq(things.visibility, 'offered'),
            sql`${photoId}::uuid = any(${things.photoIds})`,
            seenBy(reader, things.ownerId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The same, the owner named by their username (any case, as sign-in reads it). */
    /** One offered thing as a member of `viewerTenantId` reads it (to order it), or undefined. */
    async offeredThing(reader: Reacher, id: string) {
      const [row] = await offeredOf(reader, eq(things.id, id));
      return row;
    },

    async offeredByUsername(reader: Reacher, username: string) {
      return await offeredOf(reader, sql`lower(${accounts.username}) = lower(${username})`);
    },
  };
}
export type ThingsRepository = ReturnType<typeof createThingsRepository>;
export type OfferedThingRow = Awaited<ReturnType<ThingsRepository['offered']>>[number];
