import { sql, type SQL } from 'drizzle-orm';
import { REFERENCE_CONNECTED_DAYS, REFERENCE_WINDOW_DAYS } from '@tolk/shared/limits';
import { connections, tripMeetRequests, trips } from '../../db/schema/connect';
import { orderEvents, orders } from '../../db/schema/orders';

/**
 * SQL: the things two members did together that a reference may be about, with when each became
 * writable (null: not yet), as rows (about, kind, a_id, b_id, buyer_id, title, thing_id, city_id,
 * writable_from). The one rule for who may write about whom:
 * - an order that reached `fulfilled` (writable then; its buyer rates the thing);
 * - a trip on which one asked the other to meet (writable the day after it ends);
 * - their connection (writable once connected for REFERENCE_CONNECTED_DAYS).
 * `member` narrows it to the things of one member of one tenant.
 */
export function occasionPairs(member?: { accountId: string; tenantId: string }): SQL {
  const mine = (a: SQL, b: SQL, tenant: SQL) =>
    member
      ? sql`and ${tenant} = ${member.tenantId} and (${a} = ${member.accountId} or ${b} = ${member.accountId})`
      : sql``;
  return sql`(
    select 'order:' || o.id::text as about, 'order' as kind, o.buyer_id as a_id, o.seller_id as b_id,
      o.buyer_id, o.thing_name as title, o.thing_id, null::int as city_id,
      (select min(e.at) from ${orderEvents} e where e.order_id = o.id and e.state = 'fulfilled') as writable_from
    from ${orders} o
    where o.state in ('fulfilled', 'refunded') ${mine(sql`o.buyer_id`, sql`o.seller_id`, sql`o.tenant_id`)}
    union all
    select 'trip:' || r.trip_id::text, 'meeting', r.requester_id, r.invitee_id,
      null::uuid, '', null::uuid, t.city_id, ((t.departure + 1)::timestamp at time zone 'UTC')
    from ${tripMeetRequests} r join ${trips} t on t.id = r.trip_id
    where true ${mine(sql`r.requester_id`, sql`r.invitee_id`, sql`r.tenant_id`)}
    union all
    select 'connection:' || c.id::text, 'meeting', c.requester_id, c.addressee_id,
      null::uuid, '', null::uuid, null::int, c.responded_at + ${REFERENCE_CONNECTED_DAYS} * interval '1 day'
    from ${connections} c
    where c.state = 'accepted' ${mine(sql`c.requester_id`, sql`c.addressee_id`, sql`c.tenant_id`)}
  )`;
}

/** SQL: when an occasion's window closes. */
export const windowCloses = (writableFrom: SQL) => sql`(${writableFrom} + ${REFERENCE_WINDOW_DAYS} * interval '1 day')`;

/** SQL: a moment of the caller's clock (a Date bound as text would be JavaScript's wording of it). */
export const moment = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** SQL: an occasion's window is open at `now`. */
export const windowOpen = (writableFrom: SQL, now: Date) =>
  sql`(${writableFrom} is not null and ${writableFrom} <= ${moment(now)} and ${moment(now)} < ${windowCloses(writableFrom)})`;
