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
  unique,
  uniqueIndex,
  uuid,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import type { PaymentOutcome, PaymentProviderId } from '@tolk/shared/payments';
import type { PaymentFailure, PaymentState } from '@tolk/shared/schemas/payments';
import { accounts } from './accounts';
import { orders } from './orders';
import { subscriptions } from './subscriptions';
import { tenantRowColumns } from './tenants';
import { timestamps, timestamptz } from './times';

/**
 * What a payment pays (an order, a subscription) has one open payment per provider, so asking
 * again for a way to pay finds it, and is paid by one payment: a second one coming through is
 * given back.
 */
const openAndPaidKeys = (prefix: string, paid: PgColumn, t: { provider: PgColumn; state: PgColumn }) => [
  uniqueIndex(`${prefix}_open_key`)
    .on(paid, t.provider)
    .where(sql`${t.state} in ('created', 'pending')`),
  uniqueIndex(`${prefix}_paid_key`)
    .on(paid)
    .where(sql`${t.state} in ('succeeded', 'refunded')`),
];

/**
 * One attempt to pay an order (or a subscription's first period) through a provider. Its id keys every call made for it (the
 * provider's checkout, the ledger transfers of its settlement), so a retry never charges or
 * credits twice. Kept for good: it is the record of money taken and given back.
 */
export const payments = pgTable(
  'payments',
  {
    ...tenantRowColumns(),
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
    ...openAndPaidKeys('payments', t.orderId, t),
    index('payments_order_idx').on(t.orderId, t.createdAt),
    ...openAndPaidKeys('payments_subscription', t.subscriptionId, t),
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
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    processedAt: timestamptz('processed_at'),
    error: text('error'),
  },
  (t) => [unique('payment_events_provider_event_key').on(t.provider, t.eventId)],
);
