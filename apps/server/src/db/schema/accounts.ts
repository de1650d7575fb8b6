import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name').notNull().default(''),
    language: text('language').notNull().default('en'),
    /** Free text as the spec has it; superadmin when it contains "superadmin". */
    roles: text('roles').notNull().default('user'),
    activeSubscriber: boolean('active_subscriber').notNull().default(false),
    /** Set by a superadmin (a report upheld): no sign-in, no sessions, hidden everywhere. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Sign-in carries no tenant, so usernames are unique across the site, whatever their case.
    uniqueIndex('accounts_username_lower_key').on(sql`lower(${t.username})`),
    index('accounts_tenant_idx').on(t.tenantId),
  ],
);
