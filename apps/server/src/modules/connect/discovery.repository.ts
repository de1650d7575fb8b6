import { and, eq, inArray, not, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { escapeLike } from '../../db/like';
import { accounts } from '../../db/schema/accounts';
import { trips } from '../../db/schema/connect';
import { profiles } from '../../db/schema/profiles';
import {
  jsonArray,
  personColumns,
  textArray,
  visibleTo,
  withinKm,
  type PersonRow,
  type Viewer,
  type ViewerProfile,
} from './people-sql';

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

/**
 * Discovery's SQL: one page of people ranked for the viewer, in their tenant and as visibility
 * and blocks allow (people-sql.ts).
 */
export function createDiscoveryRepository(
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
          learning: profiles.learningCodes,
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
      const pageColumns = {
        ...personColumns(viewer, me.home),
        teachesMe: sql<boolean>`${teachesMe}`,
        learnsMine: sql<boolean>`${learnsMine}`,
      };
      const ids: string[] = [];
      const read = new Map<string, PersonRow & { teachesMe?: boolean; learnsMine?: boolean }>();
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
        // A group's people come whole: the page is made of them, no second read.
        const groupRows = (from: number) =>
          db
            .select(pageColumns)
            .from(accounts)
            .innerJoin(profiles, eq(profiles.accountId, accounts.id))
            .where(and(filtered(group), tierFor(group, tier), inGroup(group)))
            .orderBy(...rankWithin(group))
            .limit(wanted)
            .offset(from);
        let found: (string | PersonRow)[] | null = null;
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
        found.forEach((item) => {
          if (typeof item === 'string') ids.push(item);
          else {
            ids.push(item.id);
            read.set(item.id, item);
          }
        });
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
      // The people a whole tier found by id only, in full; then all in the order found.
      const unread = ids.filter((id) => !read.has(id));
      if (unread.length) {
        const people = await db
          .select(pageColumns)
          .from(accounts)
          .innerJoin(profiles, eq(profiles.accountId, accounts.id))
          .where(inArray(accounts.id, unread));
        for (const person of people) read.set(person.id, person);
      }
      return { rows: ids.flatMap((id) => read.get(id) ?? []), next };
    },
  };
}
