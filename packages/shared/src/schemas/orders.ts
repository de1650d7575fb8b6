import { z } from 'zod';
import { INT4_MAX } from '../limits';
import { textSchema } from './text';
import { photoSchema } from './conversations';
import { readerTextSchema } from './reader-text';
import { THING_UNITS } from './things';

/**
 * An order of another member's offered thing. The seller decides (pending -> accepted or
 * declined); the buyer pays an accepted order (-> paid, by the payments alone); the seller
 * fulfils a paid one. Before payment either side may cancel; after it, a refund (by the seller or
 * a superadmin) reverses the money. An order that comes to nothing (a thing offered at price 0)
 * has no payment step: pending -> accepted -> fulfilled, no money moving.
 */
export const ORDER_STATES = ['pending', 'accepted', 'declined', 'cancelled', 'paid', 'fulfilled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** What a member may do to an order, from which states, and who: the one table both sides read. */
export const ORDER_ACTIONS = {
  accept: { from: ['pending'], to: 'accepted', by: 'seller' },
  decline: { from: ['pending'], to: 'declined', by: 'seller' },
  cancel: { from: ['pending', 'accepted'], to: 'cancelled', by: 'either' },
  fulfil: { from: ['paid'], to: 'fulfilled', by: 'seller' },
} as const satisfies Record<string, { from: readonly OrderState[]; to: OrderState; by: 'buyer' | 'seller' | 'either' }>;
export type OrderAction = keyof typeof ORDER_ACTIONS;

/** An order of a thing offered at price 0: nothing to pay, so no payment step and no money moving. */
export const isFreeOrder = (order: { totalMinor: number }) => order.totalMinor === 0;

/**
 * The rule of an action on an order. A free order is never paid, so its seller fulfils it once
 * accepted (the same side that fulfils a paid one, one step earlier).
 */
export function orderActionRule(
  action: OrderAction,
  free: boolean,
): { from: readonly OrderState[]; to: OrderState; by: 'buyer' | 'seller' | 'either' } {
  const rule = ORDER_ACTIONS[action];
  return free && action === 'fulfil' ? { ...rule, from: ['accepted'] } : rule;
}

/** The actions the buyer or the seller may take on an order in this state (a free one: see orderActionRule). */
export function orderActions(state: OrderState, role: 'buyer' | 'seller', free = false): OrderAction[] {
  return (Object.keys(ORDER_ACTIONS) as OrderAction[]).filter((action) => {
    const rule = orderActionRule(action, free);
    return rule.from.includes(state) && (rule.by === 'either' || rule.by === role);
  });
}

/**
 * What waits for a side's action, by state: the seller decides a pending order and fulfils a paid
 * one (a free one once accepted); the buyer pays an accepted one that is not free. Cancelling is
 * never waited for. The server counts with it (GET /api/orders/waiting), the web badges its tabs.
 */
export const ORDERS_AWAITING: Record<'buyer' | 'seller', readonly { state: OrderState; free?: boolean }[]> = {
  seller: [{ state: 'pending' }, { state: 'paid', free: false }, { state: 'accepted', free: true }],
  buyer: [{ state: 'accepted', free: false }],
};

/** Whether an order waits for the reader's side to act on it. */
export const awaitsAction = (order: { state: OrderState; totalMinor: number }, role: 'buyer' | 'seller') =>
  ORDERS_AWAITING[role].some(
    (rule) => rule.state === order.state && (rule.free === undefined || rule.free === isFreeOrder(order)),
  );

export const ORDER_QUANTITY_MAX = 99;
export const ORDER_NOTE_MAX = 1000;
export const ORDERS_PAGE_SIZE = 20;
export const ORDERS_PAGE_MAX = 100;
/** A client's own key for an order it creates: sent again on a retry, it finds the first order. */
export const ORDER_CLIENT_KEY_MAX = 64;

const serviceAtSchema = z.iso.datetime({ offset: true, error: 'A date and time, such as 2026-12-24T10:00:00Z.' });

export const orderInputSchema = z.object({
  thingId: z.uuid('Not an item.'),
  quantity: z
    .number()
    .int('A whole number.')
    .min(1, 'At least 1.')
    .max(ORDER_QUANTITY_MAX, `At most ${ORDER_QUANTITY_MAX}.`)
    .default(1),
  /** When a service (per hour, per person) is to happen; required for those, optional for items. */
  serviceAt: serviceAtSchema.nullable().default(null),
  note: textSchema(ORDER_NOTE_MAX).default(''),
  clientKey: z.string().min(8).max(ORDER_CLIENT_KEY_MAX).optional(),
});
export type OrderInput = z.input<typeof orderInputSchema>;

/** The buyer's change to a pending order, from the version they read. */
export const orderUpdateSchema = z
  .object({
    version: z.number().int().min(1).max(INT4_MAX),
    quantity: orderInputSchema.shape.quantity.unwrap().optional(),
    serviceAt: serviceAtSchema.nullable().optional(),
    note: orderInputSchema.shape.note.unwrap().optional(),
  })
  // A version alone would move the order on and tell both sides of a change that is none.
  .refine(
    (input) => [input.quantity, input.serviceAt, input.note].some((v) => v !== undefined),
    'Nothing to change: send at least one of quantity, serviceAt or note.',
  );
export type OrderUpdate = z.input<typeof orderUpdateSchema>;

/** An action on an order, from the version read: a stale one is refused (409). */
export const orderActionInputSchema = z.object({ version: z.number().int().min(1).max(INT4_MAX) });

const party = z.object({ id: z.uuid(), username: z.string(), displayName: z.string() });

export const orderEventSchema = z.object({
  at: z.string(),
  state: z.enum(ORDER_STATES),
  /** Who did it; null for the payments (a provider's confirmation). */
  actor: party.nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderSchema = z.object({
  id: z.uuid(),
  state: z.enum(ORDER_STATES),
  version: z.number().int(),
  /** Which side the reader is on; superadmins read as `admin`. */
  role: z.enum(['buyer', 'seller', 'admin']),
  /** The thing as it was ordered (its name, unit and price are kept with the order). */
  thing: z.object({
    id: z.uuid().nullable(),
    name: z.string(),
    unit: z.enum(THING_UNITS),
    photo: photoSchema.nullable(),
  }),
  buyer: party,
  seller: party,
  quantity: z.number().int(),
  unitPriceMinor: z.number().int(),
  totalMinor: z.number().int(),
  /** The platform's fee on the total (the payment takes it from the seller's side): the seller receives totalMinor - feeMinor. */
  feeMinor: z.number().int(),
  currency: z.string(),
  serviceAt: z.string().nullable(),
  /** The buyer's note, in the reader's language (the original a tap away). */
  note: readerTextSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the reader may do now. */
  actions: z.array(z.enum(Object.keys(ORDER_ACTIONS) as [OrderAction, ...OrderAction[]])),
  events: z.array(orderEventSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const ordersQuerySchema = z.object({
  role: z.enum(['buyer', 'seller']).default('buyer'),
  state: z.enum(ORDER_STATES).optional(),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(ORDERS_PAGE_MAX).default(ORDERS_PAGE_SIZE),
});
export type OrdersQuery = z.input<typeof ordersQuerySchema>;

export const ordersPageSchema = z.object({
  items: z.array(orderSchema.omit({ events: true })),
  nextCursor: z.string().nullable(),
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/** One side of my orders: how many wait for me to act, and how many there are. */
const ordersSideCountSchema = z.object({ waiting: z.number().int(), total: z.number().int() });
/** GET /api/orders/waiting: per side, what waits for the member's action, and all their orders. */
export const ordersWaitingSchema = z.object({ buyer: ordersSideCountSchema, seller: ordersSideCountSchema });
export type OrdersWaiting = z.infer<typeof ordersWaitingSchema>;
