// Tables of module notifications: only its files write them; others ask its service (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
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
