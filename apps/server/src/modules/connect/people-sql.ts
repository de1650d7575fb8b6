import { and, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { EARTH_KM } from '@tolk/shared/geo';
import { accounts } from '../../db/schema/accounts';
import { blocks, connections } from '../../db/schema/connect';
import { noBlockBetween } from '../reach';
import { profiles, type SpokenLanguage } from '../../db/schema/profiles';

/** Who is looking: every query is scoped to their tenant and leaves them out. */
export interface Viewer {
  tenantId: string;
  accountId: string;
}

/**
 * The SQL every connect query shares about people: who a viewer may see at all, and the columns
 * of a person as others get them (never coordinates: a distance, computed here).
 */
export const jsonArray = (values: readonly string[]) => JSON.stringify(values);
/** A text[] parameter, one bound value per element (PGlite and pg alike). */
export const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]::text[]`;

/** Where a row is: a profile's home unless another pair of columns is given (a trip's city). */
interface Located {
  lat: AnyColumn;
  lon: AnyColumn;
}
const HOME: Located = { lat: profiles.homeLat, lon: profiles.homeLon };

/**
 * Great-circle distance in SQL between a row's place and a point, null when it has none. The case
 * is needed: least() skips nulls, so least(1, null) is 1 and a person without a home would be half
 * the earth (20,015 km) away.
 */
export const distanceFrom = (point: { lat: number; lon: number }, at: Located = HOME) =>
  sql<number | null>`(case when ${at.lat} is null or ${at.lon} is null then null::float8 else
    ${EARTH_KM} * 2 * asin(least(1, sqrt(
      power(sin(radians(${at.lat} - ${point.lat}) / 2), 2) +
      cos(radians(${point.lat})) * cos(radians(${at.lat})) * power(sin(radians(${at.lon} - ${point.lon}) / 2), 2)
    ))) end)`;

/** Within `km` of a point: a band of latitude first (its index reads it), then the circle. */
export const withinKm = (point: { lat: number; lon: number }, km: number, at: Located = HOME) =>
  and(
    sql`${at.lat} between ${point.lat - km / 111} and ${point.lat + km / 111}`,
    sql`${distanceFrom(point, at)} <= ${km}`,
  );

/** The pair's connection row, whichever of the two asked. */
export const pairIs = (a: SQL | string, b: SQL | string) =>
  or(
    and(sql`${connections.requesterId} = ${a}`, sql`${connections.addresseeId} = ${b}`),
    and(sql`${connections.requesterId} = ${b}`, sql`${connections.addresseeId} = ${a}`),
  );

/** Neither has blocked the other. */
export const unblocked = (viewer: Viewer) => noBlockBetween(viewer.accountId, accounts.id);

/** Who the viewer may see: same tenant, not themselves, not suspended, not blocked, visible to them. */
export const visibleTo = (viewer: Viewer) =>
  and(
    eq(accounts.tenantId, viewer.tenantId),
    sql`${accounts.id} <> ${viewer.accountId}`,
    isNull(accounts.suspendedAt),
    unblocked(viewer),
    or(
      eq(profiles.visibility, 'everyone'),
      and(
        eq(profiles.visibility, 'connections'),
        sql`exists (select 1 from ${connections} where ${connections.state} = 'accepted' and ${pairIs(viewer.accountId, sql`${accounts.id}`)})`,
      ),
    ),
  );

/** Someone in the viewer's tenant whom the viewer blocked (hidden from them, still reportable). */
export const blockedBy = (viewer: Viewer) =>
  and(
    eq(accounts.tenantId, viewer.tenantId),
    sql`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewer.accountId} and ${blocks.blockedId} = ${accounts.id})`,
  );

export const personColumns = (viewer: Viewer, home: { lat: number; lon: number } | null) => ({
  id: accounts.id,
  username: accounts.username,
  displayName: accounts.displayName,
  avatarId: profiles.avatarId,
  bio: profiles.bio,
  bioLanguage: profiles.bioLanguage,
  birthYear: profiles.birthYear,
  homeCityId: profiles.homeCityId,
  distanceKm: home ? distanceFrom(home) : sql<number | null>`null::float8`,
  languagesSpoken: profiles.languagesSpoken,
  languagesLearning: profiles.languagesLearning,
  interests: profiles.interests,
  lastActiveAt: profiles.lastActiveAt,
  messagePolicy: profiles.messagePolicy,
  connectionState: sql<
    'pending' | 'accepted' | null
  >`(select ${connections.state} from ${connections} where ${pairIs(viewer.accountId, sql`${accounts.id}`)} limit 1)`,
  requestedByMe: sql<
    boolean | null
  >`(select ${connections.requesterId} = ${viewer.accountId} from ${connections} where ${pairIs(viewer.accountId, sql`${accounts.id}`)} limit 1)`,
});

/** What the viewer brings to the ranking: their languages, interests and home. */
export interface ViewerProfile {
  /** The viewer as others see their name (live events about them). */
  self: { id: string; username: string; displayName: string };
  avatarId: string | null;
  spoken: string[];
  learning: string[];
  interests: string[];
  home: { lat: number; lon: number } | null;
}

export interface PersonRow {
  id: string;
  username: string;
  displayName: string;
  avatarId: string | null;
  bio: string;
  bioLanguage: string;
  birthYear: number | null;
  homeCityId: number | null;
  distanceKm: number | null;
  languagesSpoken: SpokenLanguage[];
  languagesLearning: string[];
  interests: string[];
  lastActiveAt: Date | null;
  connectionState: 'pending' | 'accepted' | null;
  requestedByMe: boolean | null;
  messagePolicy: 'everyone' | 'connections';
}
