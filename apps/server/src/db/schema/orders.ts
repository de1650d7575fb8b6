// Tables of module orders: only its files write them; others ask its service (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Photo } from '@tolk/shared/schemas/conversations';
import type { OrderState } from '@tolk/shared/schemas/orders';
import { accounts } from './accounts';
import { tenantRowColumns } from './tenants';
import { things } from './things';
import { timestamps, timestamptz } from './times';

/**
 * An order of an offered thing. What was ordered (name, unit, price, currency) is kept with it,
 * so a later edit or deletion of the thing changes no order. Accounts are never deleted while
 * they have orders: money records stay.
 */
export const orders = pgTable(
  'orders',
  {
    ...tenantRowColumns(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => accounts.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => accounts.id),
    thingId: uuid('thing_id').references(() => things.id, { onDelete: 'set null' }),
    thingName: text('thing_name').notNull(),
    unit: text('unit').$type<'item' | 'hour' | 'person'>().notNull(),
    /** The thing's first photo when it was ordered. */
    photo: jsonb('photo').$type<Photo>(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    /** quantity x unit price, fixed when ordered or edited: what is paid. */
    totalMinor: integer('total_minor').notNull(),
    currency: text('currency').notNull(),
    serviceAt: timestamptz('service_at'),
    note: text('note').notNull().default(''),
    noteLanguage: text('note_language').notNull(),
    state: text('state').$type<OrderState>().notNull().default('pending'),
    version: integer('version').notNull().default(1),
    /** The buyer's key for a retried create: one order per buyer and key. */
    clientKey: text('client_key'),
    ...timestamps(),
  },
  (t) => [
    index('orders_buyer_idx').on(t.tenantId, t.buyerId, t.createdAt, t.id),
    index('orders_seller_idx').on(t.tenantId, t.sellerId, t.createdAt, t.id),
    uniqueIndex('orders_client_key_idx')
      .on(t.buyerId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
  ],
);

/** Each state an order took, when and by whom: its timeline. Appended, never changed. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state').$type<OrderState>().notNull(),
    /** Null for the payments (a provider's confirmation). */
    actorId: uuid('actor_id').references(() => accounts.id),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);
