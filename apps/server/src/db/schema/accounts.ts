// Tables of module accounts: only its files write them; others ask its service (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantRowColumns } from './tenants';
import { timestamps, timestamptz } from './times';

export const accounts = pgTable(
  'accounts',
  {
    ...tenantRowColumns(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name').notNull().default(''),
    language: text('language').notNull().default('en'),
    /** Free text as the spec has it; superadmin when it contains "superadmin". */
    roles: text('roles').notNull().default('user'),
    /** The end of the member's paid subscription period (subscriptions keep it): an active subscriber until then. */
    subscribedUntil: timestamptz('subscribed_until'),
    /** Set by a superadmin (a report upheld): no sign-in, no sessions, hidden everywhere. */
    suspendedAt: timestamptz('suspended_at'),
    passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
    /** Set with a one-time password (an admin made the account or reset it): only a change of password opens the API. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Where mail reaches the member (optional); nothing but its verification is sent before it is verified. */
    email: text('email'),
    /** When the member proved the address theirs by its link; null until then (and after a change). */
    emailVerifiedAt: timestamptz('email_verified_at'),
    /** Moves on with every admin edit: an edit made from an older version is refused (409). */
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    // Sign-in carries no tenant, so usernames are unique across the site, whatever their case.
    uniqueIndex('accounts_username_lower_key').on(sql`lower(${t.username})`),
    index('accounts_tenant_idx').on(t.tenantId),
    // Recovery finds an account by its verified address, whatever its case: one account per address.
    uniqueIndex('accounts_email_lower_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailVerifiedAt} is not null`),
    // The superadmins' list, newest first.
    index('accounts_created_idx').on(t.createdAt, t.id),
  ],
);

/** Whether the member is an active subscriber now: their paid period has not run out. */
export const activeSubscriberNow = sql<boolean>`coalesce(${accounts.subscribedUntil} > now(), false)`.mapWith(Boolean);

/** What an audit row says changed: the fields concerned, never a password hash. */
export type AuditState = Record<string, unknown>;

/**
 * Every change a superadmin makes to an account or a tenant, written in the transaction of the
 * change itself, so a change without its row (or a row without its change) cannot exist.
 */
export const accountAudit = pgTable(
  'account_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => accounts.id),
    /** The account changed; null for a tenant's own rows. */
    accountId: uuid('account_id').references(() => accounts.id),
    /** The tenant changed (tenant rows): kept as an id without a reference, so a removed tenant keeps its history. */
    tenantId: uuid('tenant_id'),
    action: text('action').notNull(),
    before: jsonb('before').$type<AuditState>(),
    after: jsonb('after').$type<AuditState>(),
  },
  (t) => [
    index('account_audit_account_idx').on(t.accountId, t.id),
    index('account_audit_tenant_idx').on(t.tenantId, t.id),
  ],
);
