import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationTopic } from '@tolk/shared/schemas/notifications';
import { queryRows, type Database } from '../../db/client';
import { keyset } from '../../db/keyset';
import { accounts } from '../../db/schema/accounts';
import { notifications, notificationSettings } from '../../db/schema/notifications';
import { noBlockBetween } from '../reach';

/** One notification for one member, as a producing module hands it over. */
export interface NotificationInput {
  recipientId: string;
  topic: NotificationTopic;
  event: string;
  /** What it is about: while unread, a later one of the same topic and subject replaces it. */
  subject: string;
  actorId: string | null;
  data: Record<string, string>;
  /** Muses: how many are unread; 1 otherwise. */
  count?: number;
  link: string;
}

export interface StoredNotification {
  id: string;
  recipientId: string;
  topic: string;
  event: string;
  /** A new notification, not a later event folded into an unread one (pushed and mailed once). */
  inserted: boolean;
}

/** Who made a notification, joined as `actor` (left join: the system's own have none). */
export const actor = alias(accounts, 'actor');

/**
 * What a notification is worded from wherever it is read (the app's list, a push, a digest line;
 * notification-words.ts): what happened, and who did it (`withActorName`).
 */
export const wordableColumns = {
  topic: notifications.topic,
  event: notifications.event,
  data: notifications.data,
  count: notifications.count,
  actorUsername: actor.username,
  actorDisplayName: actor.displayName,
};

/** A transaction of the app's database, for what goes with the notifications it stores. */
export type NotificationsTx = Parameters<Parameters<Database['transaction']>[0]>[0];

export function createNotificationsRepository(db: Database) {
  return {
    /**
     * Stores notifications in one statement (and, in its transaction, what `after` queues for them): each for a member of the actor's tenant who has no
     * block with the actor (a block made since the event was queued holds too), never for the actor.
     */
    async upsert(
      items: NotificationInput[],
      after?: (tx: NotificationsTx, stored: StoredNotification[]) => Promise<void>,
    ): Promise<StoredNotification[]> {
      if (!items.length) return [];
      const values = sql.join(
        items.map(
          (item) =>
            sql`(${item.recipientId}::uuid, ${item.topic}, ${item.event}, ${item.subject}, ${item.actorId}::uuid, ${JSON.stringify(item.data)}::jsonb, ${item.count ?? 1}::int, ${item.link})`,
        ),
        sql`, `,
      );
      const statement = (exec: Pick<Database, 'execute'>) =>
        queryRows<{
          id: string;
          recipient_id: string;
          topic: string;
          event: string;
          inserted: boolean;
        }>(
          exec,
          sql`
        insert into ${notifications} (tenant_id, recipient_id, topic, event, subject, actor_id, data, count, link)
        select a.tenant_id, v.recipient_id, v.topic, v.event, v.subject, v.actor_id, v.data, v.count, v.link
        from (values ${values}) as v(recipient_id, topic, event, subject, actor_id, data, count, link)
        join ${accounts} a on a.id = v.recipient_id
        where v.actor_id is distinct from v.recipient_id
          and (v.actor_id is null or (
            exists (select 1 from ${accounts} actor where actor.id = v.actor_id and actor.tenant_id = a.tenant_id)
            and ${noBlockBetween(sql`v.recipient_id`, sql`v.actor_id`)}))
        on conflict (recipient_id, topic, subject) where read_at is null do update
          set event = excluded.event, actor_id = excluded.actor_id, data = excluded.data,
              count = excluded.count, link = excluded.link, updated_at = now()
        returning id, recipient_id, topic, event, (xmax = 0) as inserted`,
        );
      const stored = (rows: Awaited<ReturnType<typeof statement>>): StoredNotification[] =>
        rows.map((row) => ({
          id: row.id,
          recipientId: row.recipient_id,
          topic: row.topic,
          event: row.event,
          inserted: row.inserted,
        }));
      if (!after) return stored(await statement(db));
      return db.transaction(async (tx) => {
        const rows = stored(await statement(tx));
        await after(tx, rows);
        return rows;
      });
    },

    /** Unread counts of these members (0 for those with none). */
    async unreadOf(recipientIds: string[]): Promise<Map<string, number>> {
      const counts = new Map(recipientIds.map((id) => [id, 0]));
      if (!recipientIds.length) return counts;
      const rows = await db
        .select({ recipientId: notifications.recipientId, n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(inArray(notifications.recipientId, recipientIds), isNull(notifications.readAt)))
        .groupBy(notifications.recipientId);
      for (const row of rows) counts.set(row.recipientId, row.n);
      return counts;
    },

    /** A member's notifications, last changed first, a keyset page at a time, with their actors. */
    async page(recipientId: string, cursor: string | undefined, limit: number) {
      const set = keyset({
        tag: 'notifications',
        key: sql`${notifications.updatedAt}`,
        keyType: 'timestamp',
        id: notifications.id,
        idType: 'uuid',
        ascending: false,
        cursor,
        limit,
      });
      const rows = await db
        .select({
          id: notifications.id,
          ...wordableColumns,
          link: notifications.link,
          createdAt: notifications.createdAt,
          updatedAt: notifications.updatedAt,
          readAt: notifications.readAt,
          actorId: actor.id,
          cursorKey: set.keyColumn,
        })
        .from(notifications)
        .leftJoin(actor, eq(actor.id, notifications.actorId))
        .where(and(eq(notifications.recipientId, recipientId), set.after))
        .orderBy(...set.orderBy)
        .limit(set.take);
      return set.page(rows);
    },

    /** Marks one notification of this member read; false when it is not theirs. */
    async markRead(recipientId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async markAllRead(recipientId: string): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /**
     * Marks read what a member has now seen elsewhere: the unread notification of this topic and
     * subject, when its `data.seq` (muses: the last one it told of) is at most `seq`. Whether one was.
     */
    async markSubjectRead(recipientId: string, topic: NotificationTopic, subject: string, seq: number) {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(notifications.recipientId, recipientId),
            eq(notifications.topic, topic),
            eq(notifications.subject, subject),
            isNull(notifications.readAt),
            sql`coalesce((${notifications.data}->>'seq')::bigint, 0) <= ${seq}`,
          ),
        )
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    /** A member's own choices (topics left at their defaults have no row). */
    async settings(accountId: string) {
      return db
        .select({
          topic: notificationSettings.topic,
          push: notificationSettings.push,
          email: notificationSettings.email,
        })
        .from(notificationSettings)
        .where(eq(notificationSettings.accountId, accountId));
    },

    async saveSettings(accountId: string, topics: { topic: NotificationTopic; push: boolean; email: boolean }[]) {
      if (!topics.length) return;
      await db
        .insert(notificationSettings)
        .values(topics.map((row) => ({ accountId, ...row })))
        .onConflictDoUpdate({
          target: [notificationSettings.accountId, notificationSettings.topic],
          set: { push: sql`excluded.push`, email: sql`excluded.email` },
        });
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
