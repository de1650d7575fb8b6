import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { connections, trips } from '../../db/schema/connect';
import { profiles } from '../../db/schema/profiles';
import { distanceFrom, pairIs, personColumns, visibleTo, withinKm, type Viewer } from './people-sql';

export type TripRow = typeof trips.$inferSelect;
export type TripValues = Pick<
  TripRow,
  'cityId' | 'lat' | 'lon' | 'arrival' | 'departure' | 'note' | 'noteLanguage' | 'visibility'
>;

export const today = () => new Date().toISOString().slice(0, 10);

/** Another member's trip the viewer may see, not over yet (its owner must be visible to them too: visibleTo). */
export const tripVisible = (viewer: Viewer) =>
  and(
    eq(trips.tenantId, viewer.tenantId),
    sql`${trips.departure} >= ${today()}`,
    or(
      eq(trips.visibility, 'everyone'),
      and(
        eq(trips.visibility, 'connections'),
        sql`exists (select 1 from ${connections} where ${connections.state} = 'accepted' and ${pairIs(viewer.accountId, sql`${trips.ownerId}`)})`,
      ),
    ),
  );

/**
 * Trips: a member's own (scoped to owner and tenant), and others' as the viewer may see them:
 * public trips, connections-only trips of their connections, never hidden ones or past ones.
 */
export function createTripsRepository(db: Database) {
  const own = (viewer: Viewer, id?: string) =>
    and(eq(trips.tenantId, viewer.tenantId), eq(trips.ownerId, viewer.accountId), id ? eq(trips.id, id) : undefined);

  /** Trips others may see, with the person each belongs to, soonest first. */
  const withOwners = (viewer: Viewer, home: { lat: number; lon: number } | null, where: SQL | undefined) =>
    db
      .select({ person: personColumns(viewer, home), trip: trips })
      .from(trips)
      .innerJoin(accounts, eq(accounts.id, trips.ownerId))
      .innerJoin(profiles, eq(profiles.accountId, accounts.id))
      .where(and(tripVisible(viewer), visibleTo(viewer), where))
      .orderBy(asc(trips.arrival))
      .limit(100);

  return {
    /** Mine: upcoming first (soonest first), then past ones (latest first). */
    mine(viewer: Viewer) {
      return db
        .select()
        .from(trips)
        .where(own(viewer))
        .orderBy(
          sql`${trips.departure} < ${today()}`,
          sql`case when ${trips.departure} >= ${today()} then ${trips.arrival} end asc`,
          desc(trips.arrival),
        )
        .limit(200);
    },

    async find(viewer: Viewer, id: string) {
      const [row] = await db.select().from(trips).where(own(viewer, id));
      return row;
    },

    async create(viewer: Viewer, values: TripValues) {
      const [row] = await db
        .insert(trips)
        .values({ ...values, tenantId: viewer.tenantId, ownerId: viewer.accountId })
        .returning();
      if (!row) throw new Error('trip insert returned nothing');
      return row;
    },

    async update(viewer: Viewer, id: string, values: TripValues) {
      const [row] = await db
        .update(trips)
        .set({ ...values, updatedAt: new Date() })
        .where(own(viewer, id))
        .returning();
      return row;
    },

    async remove(viewer: Viewer, id: string) {
      const rows = await db.delete(trips).where(own(viewer, id)).returning({ id: trips.id });
      return rows.length > 0;
    },

    /** Another member's trip, when the viewer may see it and its owner. */
    async visible(viewer: Viewer, id: string) {
      const [row] = await db
        .select({
          id: trips.id,
          ownerId: trips.ownerId,
          cityId: trips.cityId,
          arrival: trips.arrival,
          departure: trips.departure,
          note: trips.note,
        })
        .from(trips)
        .innerJoin(accounts, eq(accounts.id, trips.ownerId))
        .innerJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(and(eq(trips.id, id), tripVisible(viewer), visibleTo(viewer)));
      return row;
    },

    /** A person's trips the viewer may see, soonest first. */
    ofPerson(viewer: Viewer, ownerId: string) {
      return db
        .select()
        .from(trips)
        .where(and(tripVisible(viewer), eq(trips.ownerId, ownerId)))
        .orderBy(asc(trips.arrival))
        .limit(20);
    },

    /** Other travellers in a city whose dates overlap these, with the person each belongs to. */
    travellers(
      viewer: Viewer,
      home: { lat: number; lon: number } | null,
      cityId: number,
      arrival: string,
      departure: string,
    ) {
      return withOwners(
        viewer,
        home,
        and(eq(trips.cityId, cityId), sql`${trips.departure} >= ${arrival}`, sql`${trips.arrival} <= ${departure}`),
      );
    },

    /** Locals: people whose home is within `km` of a point, nearest first. */
    locals(viewer: Viewer, home: { lat: number; lon: number } | null, point: { lat: number; lon: number }, km: number) {
      return db
        .select(personColumns(viewer, home))
        .from(accounts)
        .innerJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(and(visibleTo(viewer), withinKm(point, km)))
        .orderBy(sql`${distanceFrom(point)} asc`, sql`${profiles.lastActiveAt} desc nulls last`)
        .limit(100);
    },

    /** Who is coming to a place near the viewer's home, soonest first. */
    visitors(viewer: Viewer, home: { lat: number; lon: number }, km: number) {
      return withOwners(viewer, home, withinKm(home, km, { lat: trips.lat, lon: trips.lon }));
    },
  };
}

export type TripsRepository = ReturnType<typeof createTripsRepository>;
