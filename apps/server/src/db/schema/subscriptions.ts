// Tables of module subscriptions: only its files write them; others ask its service (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PaymentProviderId } from '@tolk/shared/payments';
import type { PlanInterval, PlanPrice, SubscriptionState } from '@tolk/shared/schemas/subscriptions';
import { accounts } from './accounts';
import { tenantRowColumns } from './tenants';
import { timestamps, timestamptz } from './times';

/** What members subscribe to: defined by superadmins for the whole site, withdrawn rather than deleted. */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    interval: text('interval').$type<PlanInterval>().notNull(),
    /** One price per currency, in minor units. */
    prices: jsonb('prices').$type<PlanPrice[]>().notNull(),
    features: jsonb('features')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('plans_created_idx').on(t.createdAt, t.id),
    check('plans_interval', sql`${t.interval} in ('month', 'year')`),
  ],
);

/**
 * A member's subscription to a plan at the price of the day. Paid periods move current_period_end
 * on (never back: each charge's period is applied with greatest()); the member's
 * accounts.subscribed_until follows in the same transaction, which is what activeSubscriber reads.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    ...tenantRowColumns(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    interval: text('interval').$type<PlanInterval>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    state: text('state').$type<SubscriptionState>().notNull().default('incomplete'),
    /** Who takes the renewals: the provider of the paid first period. */
    provider: text('provider').$type<PaymentProviderId>(),
    /** The provider's subscription (Stripe sub_…, PayPal I-…), once there is one. */
    providerSubscriptionRef: text('provider_subscription_ref'),
    currentPeriodStart: timestamptz('current_period_start'),
    currentPeriodEnd: timestamptz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Since when the provider has been failing to take a renewal (Stripe past_due, PayPal failed payments); null once one is paid. */
    renewalFailingSince: timestamptz('renewal_failing_since'),
    endedAt: timestamptz('ended_at'),
    ...timestamps(),
  },
  (t) => [
    index('subscriptions_account_idx').on(t.accountId, t.createdAt),
    // One running subscription per member: a second one paid is given back.
    uniqueIndex('subscriptions_active_key')
      .on(t.accountId)
      .where(sql`${t.state} = 'active'`),
    // Choosing the same plan and currency again finds the unpaid one.
    uniqueIndex('subscriptions_incomplete_key')
      .on(t.accountId, t.planId, t.currency)
      .where(sql`${t.state} = 'incomplete'`),
    uniqueIndex('subscriptions_provider_ref_key')
      .on(t.provider, t.providerSubscriptionRef)
      .where(sql`${t.providerSubscriptionRef} is not null`),
    // The renewals due, for the sandbox's renewer.
    index('subscriptions_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.state} = 'active'`),
    check('subscriptions_amount', sql`${t.amountMinor} > 0`),
    check('subscriptions_state', sql`${t.state} in ('incomplete', 'active', 'ended')`),
  ],
);
