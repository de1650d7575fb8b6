import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { NOTIFICATION_TOPICS } from '@tolk/shared/schemas/notifications';
import { personName } from '@tolk/shared/names';
import { queryRows, type Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { notificationDigests, notifications, notificationSettings } from '../../db/schema/notifications';
import { actor, wordableColumns } from './notifications.repository';
import { topicDefault } from './topic-default';

type Executor = Pick<Database, 'execute'>;

/** Whether `account`'s choice for `topic` (or the default) sends it by mail, as SQL. */
const emailOn = (account: unknown, topic: unknown) => sql`coalesce(
  (select ns.email from ${notificationSettings} ns where ns.account_id = ${account} and ns.topic = ${topic}),
  case ${topic} ${sql.join(
    NOTIFICATION_TOPICS.map((name) => sql`when ${name} then ${topicDefault(name, 'email')}::boolean`),
    sql` `,
  )} else false end)`;

/** What a digest mail needs and records: who gets it, what it tells of, when it was last sent. */
export function createDigestRepository(db: Database) {
  return {
    /** Of these new notifications' recipients, those a digest may go to: a verified address, mail on for the topic. */
    async mailable(exec: Executor, items: { recipientId: string; topic: string }[]): Promise<string[]> {
      if (!items.length) return [];
      const values = sql.join(
        items.map((item) => sql`(${item.recipientId}::uuid, ${item.topic})`),
        sql`, `,
      );
      const rows = await queryRows<{ id: string }>(
        exec,
        sql`
        select distinct a.id from (values ${values}) as v(recipient_id, topic)
        join ${accounts} a on a.id = v.recipient_id
        where a.email_verified_at is not null and a.suspended_at is null and ${emailOn(sql`v.recipient_id`, sql`v.topic`)}`,
      );
      return rows.map((row) => row.id);
    },

    /** The member a digest is for, with when the last one went; null without a verified address. */
    async recipient(accountId: string) {
      const [row] = await db
        .select({
          email: accounts.email,
          language: accounts.language,
          username: accounts.username,
          displayName: accounts.displayName,
          lastSentAt: notificationDigests.sentAt,
        })
        .from(accounts)
        .leftJoin(notificationDigests, eq(notificationDigests.accountId, accounts.id))
        .where(and(eq(accounts.id, accountId), isNotNull(accounts.emailVerifiedAt), isNull(accounts.suspendedAt)));
      if (!row?.email) return null;
      return { ...row, email: row.email, name: personName(row) };
    },

    /** Unread notifications not yet mailed, made by `before`, of topics the member takes by mail; newest first. */
    async unmailed(accountId: string, before: Date) {
      return db
        .select({
          id: notifications.id,
          ...wordableColumns,
        })
        .from(notifications)
        .leftJoin(actor, eq(actor.id, notifications.actorId))
        .where(
          and(
            eq(notifications.recipientId, accountId),
            isNull(notifications.readAt),
            isNull(notifications.mailedAt),
            lte(notifications.createdAt, before),
            emailOn(notifications.recipientId, notifications.topic),
          ),
        )
        .orderBy(sql`${notifications.updatedAt} desc`);
    },

    /** Records a digest: its notifications mailed, the member's last digest now (in the mail's transaction). */
    async record(tx: Pick<Database, 'update' | 'insert'>, accountId: string, ids: string[], sentAt: Date) {
      await tx.update(notifications).set({ mailedAt: sentAt }).where(inArray(notifications.id, ids));
      await tx
        .insert(notificationDigests)
        .values({ accountId, sentAt })
        .onConflictDoUpdate({ target: notificationDigests.accountId, set: { sentAt } });
    },
  };
}

export type DigestRepository = ReturnType<typeof createDigestRepository>;
