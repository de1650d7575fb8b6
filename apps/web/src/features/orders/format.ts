import type { Order, OrderState, OrdersWaiting } from '@tolk/shared/schemas/orders';
import type { ThingUnit } from '@tolk/shared/schemas/things';
import { formatDateTime } from '../../lib/format';

/** When a service takes place, with its weekday: "Tue, 5 May 2026, 10:00", as the reader writes it. */
const SERVICE_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

function formatMoment(iso: string, language: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language, options).format(date);
  } catch {
    return date.toISOString();
  }
}

export const formatServiceTime = (iso: string, language: string) => formatMoment(iso, language, SERVICE_TIME);
/** When something happened to an order: "5 May 2026, 10:00", as every moment is written. */
export const formatEventTime = (iso: string, language: string) => formatDateTime(iso, language);

/** Services (per hour, per person) happen at a date and time the buyer gives; items need none. */
export const needsServiceTime = (unit: ThingUnit) => unit !== 'item';

/** The other side of an order as the reader sees it (a superadmin reads the seller). */
export const otherParty = (order: Pick<Order, 'role' | 'buyer' | 'seller'>) =>
  order.role === 'seller' ? order.buyer : order.seller;

export const UNIT_KEYS: Record<ThingUnit, string> = {
  item: 'orders.units.item',
  hour: 'orders.units.hour',
  person: 'orders.units.person',
};

/** How many, as the unit counts them: "Quantity", "Hours", "People". */
export const QUANTITY_KEYS: Record<ThingUnit, string> = {
  item: 'orders.quantity',
  hour: 'orders.form.hours',
  person: 'orders.form.people',
};

export const STATE_KEYS: Record<OrderState, string> = {
  pending: 'orders.states.pending',
  accepted: 'orders.states.accepted',
  declined: 'orders.states.declined',
  cancelled: 'orders.states.cancelled',
  paid: 'orders.states.paid',
  fulfilled: 'orders.states.fulfilled',
  refunded: 'orders.states.refunded',
};

/** The two sides of /orders: what I buy, what others order from me. */
export type OrdersTab = 'buying' | 'selling';

/**
 * The side to open on when the address names none: where something waits for the member (an
 * order to decide or fulfil first, then one to pay), else where they have orders at all.
 */
export function openingTab(counts: OrdersWaiting | undefined): OrdersTab {
  if (!counts) return 'buying';
  if (counts.seller.waiting > 0) return 'selling';
  if (counts.buyer.waiting > 0) return 'buying';
  return counts.buyer.total === 0 && counts.seller.total > 0 ? 'selling' : 'buying';
}
