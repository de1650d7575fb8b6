// Tables of module notifications: only its files write them; others ask its service (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { sessions } from './sessions';
import { tenantRowColumns } from './tenants';
import { timestamps, timestamptz } from './times';

/**
 * What happened that a member should know of, one row per recipient. `subject` names what it is
 * about; while a notification is unread, another of the same topic and subject updates it (a
 * conversation's muses are one notification until read) instead of adding a row.
 */
export const notifications = pgTable(
  'notifications',
  {
    ...tenantRowColumns(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    event: text('event').notNull(),
    subject: text('subject').notNull(),
    actorId: uuid('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    count: integer('count').notNull().default(1),
    link: text('link').notNull(),
    ...timestamps(),
    readAt: timestamptz('read_at'),
    /** When a digest mail told of it: each notification is mailed at most once. */
    mailedAt: timestamptz('mailed_at'),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.updatedAt, t.id),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_open_subject_idx')
      .on(t.recipientId, t.topic, t.subject)
      .where(sql`${t.readAt} is null`),
  ],
);

/** A member's choice for one topic, where it differs from the defaults (shared NOTIFICATION_DEFAULTS). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.topic] })],
);

/**
 * Where a push service takes pushes for one of a member's devices (a browser's PushSubscription),
 * bound to the session it was made in: signing out (or a new password) revokes the session and
 * removes it, and a push service's 404/410 removes it too.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_account_idx').on(t.accountId),
  ],
);

/** When each member was last mailed a digest: at most one per digest period. */
export const notificationDigests = pgTable('notification_digests', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  sentAt: timestamptz('sent_at').notNull(),
});
