import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PushSubscriptionInput } from '@tolk/shared/schemas/notifications';
import { queryRows, type Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { notifications, notificationSettings, pushSubscriptions } from '../../db/schema/notifications';
import { sessions } from '../../db/schema/sessions';
import { withActorName } from './notification-words';
import { actor, wordableColumns } from './notifications.repository';
import { topicDefault } from './topic-default';

/** A statement runner: the app's database or a transaction of it. */
type Executor = Pick<Database, 'execute'>;

/** What one push needs: the device's keys, and the notification in its recipient's language. */
export interface PushDelivery {
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
  topic: string;
  event: string;
  subject: string;
  data: Record<string, string>;
  count: number;
  link: string;
  actorName: string | null;
  read: boolean;
}

export function createPushRepository(db: Database) {
  return {
    /** Binds a device to this session (again, or after another member signed in on it). */
    async save(accountId: string, sessionId: string, input: PushSubscriptionInput): Promise<void> {
      await db
        .insert(pushSubscriptions)
        .values({ accountId, sessionId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            accountId,
            sessionId,
            p256dh: input.keys.p256dh,
            auth: input.keys.auth,
            updatedAt: sql`now()`,
          },
        });
    },

    /** Removes a member's device; whether it was theirs. */
    async remove(accountId: string, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.accountId, accountId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    /** Removes the devices of revoked sessions (signed out, a new password). */
    async removeSessions(sessionIds: readonly string[]): Promise<void> {
      if (sessionIds.length)
        await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, [...sessionIds]));
    },

    /** A push service said the device is gone (404/410). */
    async removeById(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    /**
     * The devices to push these new notifications to: each live-session device of its recipient,
     * where the recipient has push on for the notification's topic.
     */
    async targets(
      exec: Executor,
      items: { notificationId: string; recipientId: string; topic: string }[],
    ): Promise<{ notificationId: string; subscriptionId: string }[]> {
      if (!items.length) return [];
      const values = sql.join(
        items.map(
          (item) =>
            sql`(${item.notificationId}::uuid, ${item.recipientId}::uuid, ${item.topic}, ${topicDefault(item.topic, 'push')}::boolean)`,
        ),
        sql`, `,
      );
      const rows = await queryRows<{ notification_id: string; subscription_id: string }>(
        exec,
        sql`
        select v.notification_id, ps.id as subscription_id
        from (values ${values}) as v(notification_id, recipient_id, topic, fallback)
        join ${pushSubscriptions} ps on ps.account_id = v.recipient_id
        join ${sessions} s on s.id = ps.session_id and s.revoked_at is null and s.expires_at > now()
        left join ${notificationSettings} ns on ns.account_id = v.recipient_id and ns.topic = v.topic
        where coalesce(ns.push, v.fallback)`,
      );
      return rows.map((row) => ({ notificationId: row.notification_id, subscriptionId: row.subscription_id }));
    },

    /** One push to make, or null when the device or the notification is gone. */
    async delivery(subscriptionId: string, notificationId: string): Promise<PushDelivery | null> {
      const [row] = await db
        .select({
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
          language: accounts.language,
          ...wordableColumns,
          subject: notifications.subject,
          link: notifications.link,
          read: sql<boolean>`${notifications.readAt} is not null`,
        })
        .from(pushSubscriptions)
        .innerJoin(notifications, eq(notifications.recipientId, pushSubscriptions.accountId))
        .innerJoin(accounts, eq(accounts.id, pushSubscriptions.accountId))
        .leftJoin(actor, eq(actor.id, notifications.actorId))
        .where(and(eq(pushSubscriptions.id, subscriptionId), eq(notifications.id, notificationId)));
      return row ? withActorName(row) : null;
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
