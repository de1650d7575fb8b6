import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { blocks, connections } from '../../db/schema/connect';
import { profiles } from '../../db/schema/profiles';

/**
 * Who may reach whom: the one rule every path that lets one member reach another asks (muses in
 * any conversation, groups, orders and their notes, offers and their photos, avatars, record
 * links, presence, trips, connection requests). A block is two-way and global.
 */

type Operand = SQL | AnyColumn | string;

/** SQL: a block stands between `a` and `b`, whichever of them made it. */
export const blockBetween = (a: Operand, b: Operand) =>
  sql`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`;

/** SQL: no block stands between `a` and `b`. */
export const noBlockBetween = (a: Operand, b: Operand) => sql`not ${blockBetween(a, b)}`;

/**
 * SQL: `viewer` may see the member `account` names (the rule `decide` gives for 'see', for a
 * query that lists others' things): themselves, or a member of their tenant, not suspended, with
 * no block between them, whose profile is for everyone or for connections they are one of.
 */
export const seenBy = (viewer: Reacher, account: Operand) => sql`(${account} = ${viewer.accountId} or (
  exists (
    select 1 from ${accounts} sa left join ${profiles} sp on sp.account_id = sa.id
    where sa.id = ${account} and sa.tenant_id = ${viewer.tenantId} and sa.suspended_at is null
      and (sp.visibility is null or sp.visibility = 'everyone' or (sp.visibility = 'connections' and exists (
        select 1 from ${connections} sc where sc.state = 'accepted'
          and ((sc.requester_id = sa.id and sc.addressee_id = ${viewer.accountId})
            or (sc.addressee_id = sa.id and sc.requester_id = ${viewer.accountId})))))
  ) and ${noBlockBetween(account, viewer.accountId)}))`;

/**
 * What one member wants of another:
 * - `see`: their profile, what they offer and its photos, their trips, their avatar, a link to
 *   them from a person record, ordering from them, asking to connect;
 * - `message`: a conversation with them (a direct one, or adding them to a group).
 */
export type ReachPurpose = 'see' | 'message';

/**
 * The answer. Callers that must not tell a block from an unknown member (most) treat everything
 * but `yes` and `connections-only` as "not found".
 */
export type Reach = 'yes' | 'unknown' | 'blocked' | 'hidden' | 'connections-only';

export interface Reacher {
  tenantId: string;
  accountId: string;
}

interface Facts {
  suspended: boolean;
  blocked: boolean;
  connected: boolean;
  visibility: 'everyone' | 'connections' | 'hidden' | null;
  messagePolicy: 'everyone' | 'connections' | null;
}

/** The rule itself, on the facts about a pair. */
export function decide(facts: Facts | undefined, purpose: ReachPurpose): Reach {
  if (!facts || facts.suspended) return 'unknown';
  if (facts.blocked) return 'blocked';
  if (purpose === 'see') {
    if (facts.visibility === 'hidden') return 'hidden';
    if (facts.visibility === 'connections' && !facts.connected) return 'hidden';
    return 'yes';
  }
  return facts.messagePolicy === 'connections' && !facts.connected ? 'connections-only' : 'yes';
}

export function createReach(db: Database) {
  async function factsOf(viewer: Reacher, ids: readonly string[]): Promise<Map<string, Facts>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({
        id: accounts.id,
        suspended: sql<boolean>`${accounts.suspendedAt} is not null`,
        blocked: blockBetween(viewer.accountId, accounts.id).mapWith(Boolean),
        connected:
          sql<boolean>`exists (select 1 from ${connections} where ${connections.state} = 'accepted' and ((${connections.requesterId} = ${viewer.accountId} and ${connections.addresseeId} = ${accounts.id}) or (${connections.requesterId} = ${accounts.id} and ${connections.addresseeId} = ${viewer.accountId})))`.mapWith(
            Boolean,
          ),
        visibility: profiles.visibility,
        messagePolicy: profiles.messagePolicy,
      })
      .from(accounts)
      .leftJoin(profiles, eq(profiles.accountId, accounts.id))
      .where(and(inArray(accounts.id, [...ids]), eq(accounts.tenantId, viewer.tenantId)));
    return new Map(rows.map(({ id, ...facts }) => [id, facts]));
  }

  return {
    /** May `viewer` reach `otherId` for `purpose`? A member always reaches themselves. */
    async may(viewer: Reacher, otherId: string, purpose: ReachPurpose): Promise<Reach> {
      if (otherId === viewer.accountId) return 'yes';
      return decide((await factsOf(viewer, [otherId])).get(otherId), purpose);
    },

    /** The same for many members at once, one query. */
    async mayAll(viewer: Reacher, otherIds: readonly string[], purpose: ReachPurpose): Promise<Map<string, Reach>> {
      const others = [...new Set(otherIds)].filter((id) => id !== viewer.accountId);
      const facts = await factsOf(viewer, others);
      const answers = new Map<string, Reach>(others.map((id) => [id, decide(facts.get(id), purpose)]));
      if (otherIds.includes(viewer.accountId)) answers.set(viewer.accountId, 'yes');
      return answers;
    },

    /** Whether a block stands between two members, either way (reporting ignores it; nothing else does). */
    async blocked(a: string, b: string): Promise<boolean> {
      if (a === b) return false;
      const [row] = await db.select({ yes: blockBetween(a, b).mapWith(Boolean) }).from(sql`(select 1) as one`);
      return row?.yes === true;
    },
  };
}

export type ReachRule = ReturnType<typeof createReach>;
