// Tables of module payments: only its files write them; others ask its service (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PaymentOutcome, PaymentProviderId } from '@tolk/shared/payments';
import type { PaymentFailure, PaymentState } from '@tolk/shared/schemas/payments';
import { accounts } from './accounts';
import { timestamps } from './columns';
import { orders } from './orders';
import { subscriptions } from './subscriptions';
import { tenants } from './tenants';

/**
 * One attempt to pay an order (or a subscription's first period) through a provider. Its id keys every call made for it (the
 * provider's checkout, the ledger transfers of its settlement), so a retry never charges or
 * credits twice. Kept for good: it is the record of money taken and given back.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** What it pays: an order, or a subscription's first period (exactly one of the two). */
    orderId: uuid('order_id').references(() => orders.id),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => accounts.id),
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** The platform's fee, fixed when the payment is made: a settlement retried later credits the same. */
    feeMinor: integer('fee_minor').notNull(),
    currency: text('currency').notNull(),
    state: text('state').$type<PaymentState>().notNull().default('created'),
    outcome: text('outcome').$type<PaymentOutcome>(),
    /** Why the money taken was given back rather than paying the order. */
    failure: text('failure').$type<PaymentFailure>(),
    /** The provider's checkout (Stripe session, PayPal order); null for the sandbox. */
    providerRef: text('provider_ref'),
    /** Where the payer approves it at the provider. */
    redirectUrl: text('redirect_url'),
    /** The provider's money taken (payment intent, capture), which a refund names. */
    chargeRef: text('charge_ref'),
    /** The provider's refund, when the money went back. */
    refundRef: text('refund_ref'),
    ...timestamps(),
  },
  (t) => [
    unique('payments_provider_ref_key').on(t.provider, t.providerRef),
    // Asking again for a way to pay finds the open one.
    uniqueIndex('payments_open_key')
      .on(t.orderId, t.provider)
      .where(sql`${t.state} in ('created', 'pending')`),
    // An order is paid by one payment; a second one coming through is given back.
    uniqueIndex('payments_paid_key')
      .on(t.orderId)
      .where(sql`${t.state} in ('succeeded', 'refunded')`),
    index('payments_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('payments_subscription_open_key')
      .on(t.subscriptionId, t.provider)
      .where(sql`${t.state} in ('created', 'pending')`),
    uniqueIndex('payments_subscription_paid_key')
      .on(t.subscriptionId)
      .where(sql`${t.state} in ('succeeded', 'refunded')`),
    check('payments_pays_one', sql`(${t.orderId} is null) <> (${t.subscriptionId} is null)`),
    check('payments_amount', sql`${t.amountMinor} > 0 and ${t.feeMinor} >= 0 and ${t.feeMinor} <= ${t.amountMinor}`),
    check('payments_provider', sql`${t.provider} in ('sandbox', 'stripe', 'paypal')`),
    check('payments_state', sql`${t.state} in ('created', 'pending', 'succeeded', 'failed', 'expired', 'refunded')`),
  ],
);

/**
 * Every verified webhook, stored before anything is done with it: a provider's event id is taken
 * once (a redelivery finds it); processed_at says it was acted on, error why the last try failed.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    /** The payment it concerns, once known. */
    paymentId: uuid('payment_id').references(() => payments.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [unique('payment_events_provider_event_key').on(t.provider, t.eventId)],
);
