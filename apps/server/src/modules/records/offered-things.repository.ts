import { and, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { things } from '../../db/schema/things';
import { seenBy, type Reacher } from '../reach';

/** The most offered things one profile shows. */
export const OFFERED_MAX = 100;

/**
 * Offered things, the one part of a member's records another member reads: only in the viewer's
 * tenant, only while the owner is not suspended, only as connect's rule (connect/reach.ts) lets
 * the reader see the owner; accounts are joined only for the owner's names.
 */
export function createOfferedThingsRepository(db: Database) {
  function offeredOf(reader: Reacher, owner: SQL) {
    return db
      .select({
        ...getTableColumns(things),
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
    /** A member's offered things as `reader` sees them, newest first. */
    async offered(reader: Reacher, ownerId: string) {
      return await offeredOf(reader, eq(things.ownerId, ownerId));
    },

    /** The same, the owner named by their username (any case, as sign-in reads it). */
    async offeredByUsername(reader: Reacher, username: string) {
      return await offeredOf(reader, sql`lower(${accounts.username}) = lower(${username})`);
    },

    /** One offered thing as a member of the reader's tenant reads it (to order it), or undefined. */
    async offeredThing(reader: Reacher, id: string) {
      const [row] = await offeredOf(reader, eq(things.id, id));
      return row;
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
  };
}
export type OfferedThingsRepository = ReturnType<typeof createOfferedThingsRepository>;
export type OfferedThingRow = Awaited<ReturnType<OfferedThingsRepository['offered']>>[number];
