import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { blocks, connections } from '../../db/schema/connect';
import { profiles } from '../../db/schema/profiles';
import { createDiscoveryRepository } from './discovery.repository';
import { blockedBy, pairIs, personColumns, unblocked, visibleTo, type Viewer, type ViewerProfile } from './people-sql';

export type { PersonRow, Viewer, ViewerProfile } from './people-sql';
export type { DiscoveryFilters, DiscoveryPosition } from './discovery.repository';

/**
 * Connect's SQL: discovery (discovery.repository.ts), one person, connections and blocks. Every query names the
 * viewer's tenant, leaves out suspended accounts and anyone blocked either way, and shows a
 * profile only as its visibility allows (connections-only profiles to connections).
 */
export function createConnectRepository(
  db: Database,
  /** A tier with this many people or fewer is ranked in one query, not group by group. */
  discovery: { wholeTierAtMost?: number } = {},
) {
  return {
    ...createDiscoveryRepository(db, discovery),

    /** One person, when the viewer may see them. */
    async person(viewer: Viewer, home: { lat: number; lon: number } | null, id: string) {
      const [row] = await db
        .select(personColumns(viewer, home))
        .from(accounts)
        .innerJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(and(eq(accounts.id, id), visibleTo(viewer)))
        .limit(1);
      return row;
    },

    /**
     * A person the viewer may report: one they may see, or one they blocked (blocking a harasser
     * and then reporting them is the usual order).
     */
    async reportable(viewer: Viewer, id: string) {
      const [row] = await db
        .select({ displayName: accounts.displayName, bio: profiles.bio })
        .from(accounts)
        .innerJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(and(eq(accounts.id, id), or(visibleTo(viewer), blockedBy(viewer))))
        .limit(1);
      return row;
    },

    /** The viewer's own ranking inputs and home. */
    async viewerProfile(viewer: Viewer): Promise<ViewerProfile> {
      const [row] = await db
        .select({
          username: accounts.username,
          displayName: accounts.displayName,
          avatarId: profiles.avatarId,
          spoken: profiles.languagesSpoken,
          learning: profiles.languagesLearning,
          interests: profiles.interests,
          lat: profiles.homeLat,
          lon: profiles.homeLon,
        })
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.accountId))
        .where(and(eq(profiles.accountId, viewer.accountId), eq(accounts.tenantId, viewer.tenantId)));
      return {
        self: { id: viewer.accountId, username: row?.username ?? '', displayName: row?.displayName ?? '' },
        avatarId: row?.avatarId ?? null,
        spoken: row?.spoken.map((language) => language.code) ?? [],
        learning: row?.learning ?? [],
        interests: row?.interests ?? [],
        home: row?.lat !== null && row?.lat !== undefined && row.lon !== null ? { lat: row.lat, lon: row.lon } : null,
      };
    },

    /** The pair's connection row, whichever asked. */
    async connectionWith(viewer: Viewer, otherId: string) {
      const [row] = await db
        .select()
        .from(connections)
        .where(and(eq(connections.tenantId, viewer.tenantId), pairIs(viewer.accountId, otherId)))
        .limit(1);
      return row;
    },

    /** A new request; undefined when the pair already has a row (a race or a double tap). */
    async request(viewer: Viewer, addresseeId: string, note: { text: string; language: string }) {
      const [row] = await db
        .insert(connections)
        .values({
          tenantId: viewer.tenantId,
          requesterId: viewer.accountId,
          addresseeId,
          note: note.text,
          noteLanguage: note.language,
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** Accepts a request made to the viewer. */
    async accept(viewer: Viewer, connectionId: string) {
      const [row] = await db
        .update(connections)
        .set({ state: 'accepted', respondedAt: new Date() })
        .where(
          and(
            eq(connections.id, connectionId),
            eq(connections.tenantId, viewer.tenantId),
            eq(connections.addresseeId, viewer.accountId),
            eq(connections.state, 'pending'),
          ),
        )
        .returning();
      return row;
    },

    /**
     * Ends a connection or a request the viewer is part of: declining (made to them), withdrawing
     * (made by them) or removing (accepted), as `which` says.
     */
    async end(viewer: Viewer, connectionId: string, which: 'decline' | 'withdraw' | 'remove') {
      const side =
        which === 'decline'
          ? and(eq(connections.addresseeId, viewer.accountId), eq(connections.state, 'pending'))
          : which === 'withdraw'
            ? and(eq(connections.requesterId, viewer.accountId), eq(connections.state, 'pending'))
            : and(
                eq(connections.state, 'accepted'),
                or(eq(connections.requesterId, viewer.accountId), eq(connections.addresseeId, viewer.accountId)),
              );
      const [row] = await db
        .delete(connections)
        .where(and(eq(connections.id, connectionId), eq(connections.tenantId, viewer.tenantId), side))
        .returning();
      return row;
    },

    /** Every connection and request of the viewer with the other person, blocked people left out. */
    async connectionsOf(viewer: Viewer) {
      const other = sql<string>`case when ${connections.requesterId} = ${viewer.accountId} then ${connections.addresseeId} else ${connections.requesterId} end`;
      return db
        .select({
          connection: connections,
          person: {
            id: accounts.id,
            username: accounts.username,
            displayName: accounts.displayName,
            avatarId: profiles.avatarId,
          },
        })
        .from(connections)
        .innerJoin(accounts, sql`${accounts.id} = ${other}`)
        .innerJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(
          and(
            eq(connections.tenantId, viewer.tenantId),
            or(eq(connections.requesterId, viewer.accountId), eq(connections.addresseeId, viewer.accountId)),
            isNull(accounts.suspendedAt),
            unblocked(viewer),
          ),
        )
        .orderBy(sql`${connections.createdAt} desc`)
        .limit(1000);
    },

    /** Blocks someone in the viewer's tenant; any connection or request between them goes. */
    async block(viewer: Viewer, blockedId: string) {
      return db.transaction(async (tx) => {
        const [target] = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.id, blockedId), eq(accounts.tenantId, viewer.tenantId)));
        if (!target || blockedId === viewer.accountId) return false;
        await tx
          .insert(blocks)
          .values({ tenantId: viewer.tenantId, blockerId: viewer.accountId, blockedId })
          .onConflictDoNothing();
        await tx.delete(connections).where(pairIs(viewer.accountId, blockedId));
        return true;
      });
    },

    async unblock(viewer: Viewer, blockedId: string) {
      const rows = await db
        .delete(blocks)
        .where(
          and(
            eq(blocks.tenantId, viewer.tenantId),
            eq(blocks.blockerId, viewer.accountId),
            eq(blocks.blockedId, blockedId),
          ),
        )
        .returning();
      return rows.length > 0;
    },

    /** The people the viewer blocked, most recent first. */
    blockedBy(viewer: Viewer) {
      return db
        .select({
          id: accounts.id,
          username: accounts.username,
          displayName: accounts.displayName,
          avatarId: profiles.avatarId,
        })
        .from(blocks)
        .innerJoin(accounts, eq(accounts.id, blocks.blockedId))
        .innerJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(and(eq(blocks.tenantId, viewer.tenantId), eq(blocks.blockerId, viewer.accountId)))
        .orderBy(sql`${blocks.createdAt} desc`)
        .limit(1000);
    },
  };
}

export type ConnectRepository = ReturnType<typeof createConnectRepository>;
export type ConnectionRow = Awaited<ReturnType<ConnectRepository['connectionsOf']>>[number];
