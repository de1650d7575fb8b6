import { and, eq, inArray, isNull, not, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { escapeLike } from '../../db/like';
import { accounts } from '../../db/schema/accounts';
import { blocks, connections, trips } from '../../db/schema/connect';
import { profiles, type SpokenLanguage } from '../../db/schema/profiles';
import { jsonArray, pairIs, personColumns, textArray, unblocked, visibleTo, withinKm, type Viewer } from './people-sql';

export type { Viewer } from './people-sql';

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

/**
 * Where a page of discovery starts: a ranking tier (0 = complementary both ways), the group in it
 * (by the most interests its people share with the viewer), and a position among them.
 */
export interface DiscoveryPosition {
  tier: number;
  shared: number;
  /** The tier was small enough to rank in one query: `offset` counts from its start. */
  whole: boolean;
  offset: number;
}

/**
 * The people of one tier sharing from `bottom` to `top` of the viewer's interests. Groups from a
 * count above none are found through the index (everyone holding some `bottom` of the viewer's
 * interests); a group reaching down to none is ranked by one scan.
 */
interface SharedGroup {
  top: number;
  bottom: number;
}

/** Beyond this many combinations of the viewer's interests, a group is ranked by one scan. */
const MAX_COMBINATIONS = 35;

function combinations(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...others] = items;
  return [...subsets(others, k - 1).map((subset) => [first!, ...subset]), ...subsets(others, k)];
}

/**
 * The groups of a tier in rank order: all the viewer's interests shared or all but one (those
 * who share all are rarely a page), then each count below on its own, until a count has too many
 * combinations to look up, where the rest of the tier is one group.
 */
export function sharedGroups(interests: number): SharedGroup[] {
  const groups: SharedGroup[] = [];
  for (let top = interests; top >= 0;) {
    const bottom = top === interests && interests >= 2 ? interests - 1 : top;
    if (bottom > 0 && combinations(interests, bottom) > MAX_COMBINATIONS) {
      groups.push({ top, bottom: 0 });
      break;
    }
    groups.push({ top, bottom });
    top = bottom - 1;
  }
  return groups;
}

export interface DiscoveryFilters {
  speaks?: string | undefined;
  learns?: string | undefined;
  interest?: string | undefined;
  cityId?: number | undefined;
  /** A circle around a point (a city's, or the viewer's home). */
  within?: { lat: number; lon: number; km: number } | undefined;
  travellingTo?: { cityId: number; from: string; until: string } | undefined;
  bornFrom?: number | undefined;
  bornUntil?: number | undefined;
  q?: string | undefined;
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

/**
 * Connect's SQL: discovery, one person, connections, blocks and trips. Every query names the
 * viewer's tenant, leaves out suspended accounts and anyone blocked either way, and shows a
 * profile only as its visibility allows (connections-only profiles to connections).
 */
export function createConnectRepository(
  db: Database,
  /** A tier with this many people or fewer is ranked in one query, not group by group. */
  { wholeTierAtMost = 400 }: { wholeTierAtMost?: number } = {},
) {
  /**
   * The language code columns as the indexes see them, or (`byRow`) as an expression no index
   * matches: where another index finds a few hundred people, intersecting them with posting
   * lists this long (most members speak English) costs more than checking those few rows.
   */
  const codeColumns = (byRow: boolean) =>
    byRow
      ? {
          spoken: sql`(${profiles.spokenCodes} || '{}'::text[])`,
          learning: sql`(${profiles.learningCodes} || '{}'::text[])`,
        }
      : { spoken: profiles.spokenCodes, learning: profiles.learningCodes };

  function filtersOf(filters: DiscoveryFilters, viewer: Viewer, byRow = false): (SQL | undefined)[] {
    const today = new Date().toISOString().slice(0, 10);
    const codes = codeColumns(byRow);
    return [
      filters.speaks ? sql`${codes.spoken} @> ${textArray([filters.speaks])}` : undefined,
      filters.learns ? sql`${codes.learning} @> ${textArray([filters.learns])}` : undefined,
      filters.interest ? sql`${profiles.interests} @> ${jsonArray([filters.interest])}::jsonb` : undefined,
      filters.cityId !== undefined ? eq(profiles.homeCityId, filters.cityId) : undefined,
      filters.within ? withinKm(filters.within, filters.within.km) : undefined,
      filters.travellingTo
        ? sql`exists (select 1 from ${trips} where ${trips.ownerId} = ${accounts.id} and ${trips.tenantId} = ${viewer.tenantId}
            and ${trips.cityId} = ${filters.travellingTo.cityId} and ${trips.visibility} = 'everyone'
            and ${trips.departure} >= ${filters.travellingTo.from} and ${trips.arrival} <= ${filters.travellingTo.until}
            and ${trips.departure} >= ${today})`
        : undefined,
      filters.bornFrom !== undefined ? sql`${profiles.birthYear} >= ${filters.bornFrom}` : undefined,
      filters.bornUntil !== undefined ? sql`${profiles.birthYear} <= ${filters.bornUntil}` : undefined,
      filters.q
        ? sql`(${accounts.displayName} ilike ${`%${escapeLike(filters.q)}%`} or ${accounts.username} ilike ${`%${escapeLike(filters.q)}%`})`
        : undefined,
    ];
  }

  return {
    /**
     * One page of discovery, ranked: complementary first (they speak what the viewer learns, and
     * learn what the viewer speaks), then shared interests, then distance, then recent activity.
     */
    async discover(
      viewer: Viewer,
      me: ViewerProfile,
      filters: DiscoveryFilters,
      page: DiscoveryPosition & { limit: number },
    ) {
      // Teaches me: they speak a language I learn; learns mine: they learn one I speak (array
      // overlaps the GIN indexes on the code columns can answer).
      const overlap = (column: SQLWrapper, codes: string[]) =>
        codes.length ? sql`${column} && ${textArray(codes)}` : sql`false`;
      const teachesMe = overlap(profiles.spokenCodes, me.learning);
      const learnsMine = overlap(profiles.learningCodes, me.spoken);
      // Complementary both ways, one way, neither: ranked apart.
      const tiersOf = (byRow: boolean) => {
        const codes = codeColumns(byRow);
        const teaches = byRow ? overlap(codes.spoken, me.learning) : teachesMe;
        const learns = byRow ? overlap(codes.learning, me.spoken) : learnsMine;
        return [
          and(teaches, learns),
          or(and(teaches, not(learns)), and(not(teaches), learns)),
          and(not(teaches), not(learns)),
        ];
      };
      const tiers = tiersOf(false);
      // Within a tier, by interests shared: each count is its own group, found through the GIN
      // index on interests (everyone holding one combination of that many of mine), so the first
      // page reads the few people who share the most instead of ranking the whole tier.
      const mine = me.interests;
      const shared = mine.length
        ? sql.join(
            mine.map((tag) => sql`(${profiles.interests} ? ${tag})::int`),
            sql` + `,
          )
        : sql`(0)::int`;
      const holdsAll = (tags: readonly string[]) => sql`${profiles.interests} ?& ${textArray(tags)}`;
      const inGroup = ({ top, bottom }: SharedGroup): SQL | undefined => {
        if (!mine.length) return undefined;
        if (top === 0) return sql`not (${profiles.interests} ?| ${textArray(mine)})`;
        if (bottom === 0) return sql`${shared} <= ${top}`;
        if (bottom === mine.length) return holdsAll(mine);
        return and(
          or(...subsets(mine, bottom).map(holdsAll)),
          top === mine.length ? sql`${shared} >= ${bottom}` : sql`${shared} between ${bottom} and ${top}`,
        );
      };
      // Then distance (flat-earth for the order; the shown distance is the great circle, for the
      // page's rows only), then recent activity.
      const nearness = me.home
        ? sql`power(${profiles.homeLat} - ${me.home.lat}, 2) + power((${profiles.homeLon} - ${me.home.lon}) * ${Math.cos((me.home.lat * Math.PI) / 180)}, 2)`
        : sql`null::float8`;
      // Where a group's interests find the few (a count of shared interests above none, short of
      // the one-scan rest), languages are checked row by row; elsewhere through their indexes.
      const byIndex = and(visibleTo(viewer), ...filtersOf(filters, viewer));
      const byRow = and(visibleTo(viewer), ...filtersOf(filters, viewer, true));
      const tiersByRow = tiersOf(true);
      const filtered = (group: SharedGroup) => (group.bottom === 0 ? byIndex : byRow);
      const tierFor = (group: SharedGroup, tier: number) => (group.bottom === 0 ? tiers : tiersByRow)[tier];
      // A place, a trip or a name leaves few people; languages, interests and ages leave many.
      const narrowed =
        filters.cityId !== undefined ||
        filters.within !== undefined ||
        filters.travellingTo !== undefined ||
        !!filters.q;
      const groups = sharedGroups(mine.length);
      const rankWithin = (group: SharedGroup) => [
        ...(group.top > group.bottom ? [sql`${shared} desc`] : []),
        sql`${nearness} asc nulls last`,
        sql`${profiles.lastActiveAt} desc nulls last`,
        accounts.id,
      ];
      /**
       * A tier of at most `wholeTierAtMost` people (narrow filters) ranked in one query; null
       * when it has more, and its groups are read one by one instead.
       */
      async function wholeTier(tier: number, offset: number, wanted: number): Promise<string[] | null> {
        const candidates = db
          .select({
            id: accounts.id,
            shared: sql<number>`${shared}`.as('shared'),
            nearness: sql<number | null>`${nearness}`.as('nearness'),
            active: sql<Date | null>`${profiles.lastActiveAt}`.as('active'),
          })
          .from(accounts)
          .innerJoin(profiles, eq(profiles.accountId, accounts.id))
          .where(and(byIndex, tiers[tier]))
          .limit(wholeTierAtMost + 1)
          .as('candidates');
        const rows = await db
          .select({ id: candidates.id, total: sql<number>`(count(*) over ())::int` })
          .from(candidates)
          .orderBy(
            sql`${candidates.shared} desc`,
            sql`${candidates.nearness} asc nulls last`,
            sql`${candidates.active} desc nulls last`,
            candidates.id,
          )
          .limit(wanted)
          .offset(offset);
        if (rows.length && rows[0]!.total > wholeTierAtMost) return null;
        return rows.map((row) => row.id);
      }
      const ids: string[] = [];
      let tier = page.tier;
      let whole = page.whole;
      // The cursor's group, or the one covering its count should the viewer's interests have changed.
      let index = Math.max(
        0,
        groups.findIndex((group) => group.top <= page.shared),
      );
      if (!whole && groups[index]!.top > page.shared) index = groups.length - 1;
      let offset = whole || groups[index]!.top === page.shared ? page.offset : 0;
      let next: DiscoveryPosition | null = null;
      while (tier < tiers.length) {
        const wanted = page.limit + 1 - ids.length;
        const group = groups[index]!;
        const groupRows = (from: number) =>
          db
            .select({ id: accounts.id })
            .from(accounts)
            .innerJoin(profiles, eq(profiles.accountId, accounts.id))
            .where(and(filtered(group), tierFor(group, tier), inGroup(group)))
            .orderBy(...rankWithin(group))
            .limit(wanted)
            .offset(from)
            .then((rows) => rows.map((row) => row.id));
        let found: string[] | null = null;
        // Narrow filters usually leave a tier small enough for one query; only when it is not
        // are its groups read.
        if (whole || (index === 0 && narrowed)) {
          found = await wholeTier(tier, whole ? offset : 0, wanted);
          whole = found !== null;
        }
        if (found === null) {
          if (page.whole && tier === page.tier) offset = 0; // the tier grew past the bound since the last page
          found = await groupRows(offset);
        }
        ids.push(...found);
        // One row more than the page: the next page starts with it, in this group (or tier).
        if (found.length === wanted) {
          next = { tier, shared: whole ? 0 : group.top, whole, offset: offset + found.length - 1 };
          ids.pop();
          break;
        }
        offset = 0;
        index = whole ? groups.length : index + 1;
        whole = false;
        if (index === groups.length) {
          index = 0;
          tier += 1;
        }
      }
      if (!ids.length) return { rows: [], next };
      // The page's people in full, in the order found.
      const people = await db
        .select({
          ...personColumns(viewer, me.home),
          teachesMe: sql<boolean>`${teachesMe}`,
          learnsMine: sql<boolean>`${learnsMine}`,
        })
        .from(accounts)
        .innerJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(inArray(accounts.id, ids));
      const byId = new Map(people.map((person) => [person.id, person]));
      return { rows: ids.flatMap((id) => byId.get(id) ?? []), next };
    },

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

    /** What decides whether the viewer may open a direct conversation with another member. */
    async messagingWith(viewer: Viewer, otherId: string) {
      const [row] = await db
        .select({
          messagePolicy: profiles.messagePolicy,
          blocked: sql<boolean>`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewer.accountId} and ${blocks.blockedId} = ${otherId}) or (${blocks.blockerId} = ${otherId} and ${blocks.blockedId} = ${viewer.accountId}))`,
          connected: sql<boolean>`exists (select 1 from ${connections} where ${connections.state} = 'accepted' and ${pairIs(viewer.accountId, otherId)})`,
        })
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.accountId))
        .where(and(eq(profiles.accountId, otherId), eq(accounts.tenantId, viewer.tenantId)));
      return row;
    },

    /** Marks the viewer active now; at most one write a minute per member. */
    async touch(accountId: string) {
      await db
        .update(profiles)
        .set({ lastActiveAt: new Date() })
        .where(
          and(
            eq(profiles.accountId, accountId),
            or(isNull(profiles.lastActiveAt), sql`${profiles.lastActiveAt} < now() - interval '1 minute'`),
          ),
        );
    },
  };
}

export type ConnectRepository = ReturnType<typeof createConnectRepository>;
export type ConnectionRow = Awaited<ReturnType<ConnectRepository['connectionsOf']>>[number];
