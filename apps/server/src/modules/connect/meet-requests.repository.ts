import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { tripMeetRequests, trips } from '../../db/schema/connect';
import { profiles } from '../../db/schema/profiles';
import { visibleTo, withinKm, type Viewer } from './people-sql';
import { tripVisible } from './trips.repository';

export type MeetRequestRow = typeof tripMeetRequests.$inferSelect;

/**
 * Asks to meet on a trip: its owner asking someone the trip meets. Every query is scoped to the
 * requester's tenant; the owner's side is checked by the caller (a trip of theirs).
 */
/** My request to this member on this trip of mine (the viewer is the requester, in their tenant). */
const myRequest = (viewer: Viewer, tripId: string, inviteeId: string) =>
  and(
    eq(tripMeetRequests.tenantId, viewer.tenantId),
    eq(tripMeetRequests.requesterId, viewer.accountId),
    eq(tripMeetRequests.tripId, tripId),
    eq(tripMeetRequests.inviteeId, inviteeId),
  );

export function createMeetRequestsRepository(db: Database) {
  return {
    /**
     * Whether `accountId` is someone the trip meets, by the meet list's own rules: a person the
     * owner may see (visibleTo: tenant, not suspended, no block, profile shown to them) who lives
     * within `km` of the trip's city, or has a trip there on overlapping days the owner may see.
     * Asked of the one account, so it holds beyond the list's first hundred.
     */
    async meets(
      viewer: Viewer,
      trip: { cityId: number; lat: number; lon: number; arrival: string; departure: string },
      accountId: string,
      km: number,
    ): Promise<boolean> {
      const travelling = sql`exists (select 1 from ${trips} where ${trips.ownerId} = ${accounts.id}
        and ${trips.cityId} = ${trip.cityId} and ${trips.departure} >= ${trip.arrival}
        and ${trips.arrival} <= ${trip.departure} and ${tripVisible(viewer)})`;
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .innerJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(and(eq(accounts.id, accountId), visibleTo(viewer), or(withinKm(trip, km), travelling)));
      return row !== undefined;
    },

    /** The request made now, or undefined when it had been made before (asking again). */
    async ask(viewer: Viewer, tripId: string, inviteeId: string): Promise<MeetRequestRow | undefined> {
      const [row] = await db
        .insert(tripMeetRequests)
        .values({ tenantId: viewer.tenantId, tripId, requesterId: viewer.accountId, inviteeId })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async find(viewer: Viewer, tripId: string, inviteeId: string): Promise<MeetRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(tripMeetRequests)
        .where(myRequest(viewer, tripId, inviteeId));
      return row;
    },

    /** Withdraws my request; whether there was one. */
    async withdraw(viewer: Viewer, tripId: string, inviteeId: string): Promise<boolean> {
      const rows = await db
        .delete(tripMeetRequests)
        .where(myRequest(viewer, tripId, inviteeId))
        .returning({ tripId: tripMeetRequests.tripId });
      return rows.length > 0;
    },

    /** Whom I asked on this trip of mine. */
    async askedOn(viewer: Viewer, tripId: string): Promise<Set<string>> {
      const rows = await db
        .select({ inviteeId: tripMeetRequests.inviteeId })
        .from(tripMeetRequests)
        .where(
          and(
            eq(tripMeetRequests.tenantId, viewer.tenantId),
            eq(tripMeetRequests.requesterId, viewer.accountId),
            eq(tripMeetRequests.tripId, tripId),
          ),
        );
      return new Set(rows.map((row) => row.inviteeId));
    },

    /** Which of these trips (others') their owners asked me to meet on. */
    async askedMeOn(viewer: Viewer, tripIds: readonly string[]): Promise<Set<string>> {
      if (!tripIds.length) return new Set();
      const rows = await db
        .select({ tripId: tripMeetRequests.tripId })
        .from(tripMeetRequests)
        .where(
          and(
            eq(tripMeetRequests.tenantId, viewer.tenantId),
            eq(tripMeetRequests.inviteeId, viewer.accountId),
            inArray(tripMeetRequests.tripId, [...tripIds]),
          ),
        );
      return new Set(rows.map((row) => row.tripId));
    },
  };
}

export type MeetRequestsRepository = ReturnType<typeof createMeetRequestsRepository>;
