import {
  isFreeOrder,
  orderActionRule,
  orderActions,
  type OrderState,
  type Order,
  type OrderAction,
  type orderInputSchema,
  type OrdersPage,
  type OrdersWaiting,
  type ordersQuerySchema,
  type OrderUpdate,
} from '@tolk/shared/schemas/orders';
import type { ReaderText } from '@tolk/shared/schemas/reader-text';
import type { OfferedThing } from '@tolk/shared/schemas/things';
import type { OrderChangedEvent } from '@tolk/shared/realtime';
import type { z } from 'zod';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { AppError, fieldError, forbidden, notFound } from '../../errors';
import type { OrderRow, OrderScope, OrdersRepository } from './orders.repository';

/** A member acting on orders: where they are, who they are, the language they read. */
export interface OrderActor extends OrderScope {
  language: string;
}

/** The largest total an order may come to, in minor units (a 32-bit column). */
const TOTAL_MAX = 2_147_483_647;

export interface OrdersDeps {
  repo: OrdersRepository;
  /** An offered thing as the actor's tenant sees it. */
  offered: (reader: OrderActor, thingId: string) => Promise<OfferedThing | undefined>;
  /** Connect's rule: whether the actor may reach the other member (no block either way, profile visible). */
  mayReach: (actor: OrderActor, otherId: string) => Promise<boolean>;
  /** Whether a block stands between the two, either way. */
  blocked: (actor: OrderActor, otherId: string) => Promise<boolean>;
  readerTexts: (
    texts: readonly ({ text: string; language: string } | null)[],
    reader: string,
  ) => Promise<(ReaderText | null)[]>;
  detect: (text: string, fallback: string) => string;
  /** Tells the buyer and the seller that an order changed. */
  notify: (accountIds: string[], event: OrderChangedEvent) => void;
  /** An order moved to a new state (made, accepted, paid...), and who moved it (null: the payments). */
  stepped?: (step: OrderStep) => void;
  /** The platform's fee on a total (the server's setting, as the payments take it). */
  feeOf: (totalMinor: number) => number;
  now?: () => Date;
}

/** The steps only the payments make: paid when the money is taken, refunded when it goes back. */
const PAYMENT_STEPS = {
  paid: { from: ['accepted'] },
  refunded: { from: ['paid', 'fulfilled'] },
} as const satisfies Record<'paid' | 'refunded', { from: readonly OrderState[] }>;

export type { OrderScope };

export interface OrderStep {
  orderId: string;
  state: OrderState;
  buyerId: string;
  sellerId: string;
  thingName: string;
  actorId: string | null;
}

/** An order with its buyer and seller, as the payments read it. */
export type PayableOrder = OrderRow;

/** Reads any order: the payments settle orders for a provider's webhook, with no member calling. */
const ANY_ORDER: OrderScope = { tenantId: '', accountId: '', superAdmin: true };

const stale = (state: string) => new AppError('conflict', `This order is now ${state}: reload it to see what changed.`);

/**
 * Orders of offered things: made by a buyer from what the seller offers now (its price kept with
 * the order), decided by the seller, cancelled by either before payment, fulfilled by the seller
 * once paid (once accepted when it is free: nothing to pay). Every step checks the state and the version the actor read in the same statement
 * that makes it, and tells both sides.
 */
export function createOrdersService(deps: OrdersDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  const roleOf = (row: OrderRow, actor: OrderScope): Order['role'] =>
    row.order.buyerId === actor.accountId ? 'buyer' : row.order.sellerId === actor.accountId ? 'seller' : 'admin';

  async function view(rows: OrderRow[], actor: OrderActor): Promise<Omit<Order, 'events'>[]> {
    const notes = await deps.readerTexts(
      rows.map((row) => (row.order.note ? { text: row.order.note, language: row.order.noteLanguage } : null)),
      actor.language,
    );
    return rows.map((row, index) => {
      const { order } = row;
      const role = roleOf(row, actor);
      return {
        id: order.id,
        state: order.state,
        version: order.version,
        role,
        thing: { id: order.thingId, name: order.thingName, unit: order.unit, photo: order.photo ?? null },
        buyer: row.buyer,
        seller: row.seller,
        quantity: order.quantity,
        unitPriceMinor: order.unitPriceMinor,
        totalMinor: order.totalMinor,
        feeMinor: deps.feeOf(order.totalMinor),
        currency: order.currency,
        serviceAt: order.serviceAt?.toISOString() ?? null,
        note: notes[index] ?? null,
        createdAt: order.createdAt.toISOString(),
        updatedAt: order.updatedAt.toISOString(),
        actions: role === 'admin' ? [] : orderActions(order.state, role, isFreeOrder(order)),
      };
    });
  }

  async function get(actor: OrderActor, id: string): Promise<Order> {
    const row = await repo.find(actor, id);
    if (!row) throw notFound('Order');
    const [[order], events] = await Promise.all([view([row], actor), repo.events(id)]);
    return {
      ...order!,
      events: events.map((event) => ({
        at: event.at.toISOString(),
        state: event.state,
        actor: event.actor?.id
          ? { id: event.actor.id, username: event.actor.username, displayName: event.actor.displayName }
          : null,
      })),
    };
  }

  function checkService(unit: OfferedThing['unit'], serviceAt: string | null | undefined) {
    if (serviceAt === undefined) return;
    if (serviceAt === null) {
      if (unit !== 'item') throw fieldError('serviceAt', 'Choose a date and time for this service.');
      return;
    }
    if (new Date(serviceAt).getTime() <= now().getTime()) throw fieldError('serviceAt', 'Choose a time in the future.');
  }

  const totalOf = (quantity: number, unitPriceMinor: number) => {
    const total = quantity * unitPriceMinor;
    if (total > TOTAL_MAX) throw fieldError('quantity', 'That comes to too large a total.');
    return total;
  };

  const stepOf = (row: { id: string; buyerId: string; sellerId: string; state: OrderState; thingName: string }) => ({
    orderId: row.id,
    state: row.state,
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    thingName: row.thingName,
  });
  const stepOfView = (order: Order) =>
    stepOf({
      id: order.id,
      state: order.state,
      buyerId: order.buyer.id,
      sellerId: order.seller.id,
      thingName: order.thing.name,
    });

  const tell = (row: { buyerId: string; sellerId: string; id: string; state: string; version: number }) => {
    deps.notify([row.buyerId, row.sellerId], { orderId: row.id, state: row.state, version: row.version });
  };

  return {
    get,

    /** An order the reader may see (buyer, seller, superadmin), or with no reader, any order: for its payments. */
    async payable(reader: OrderScope | null, id: string): Promise<PayableOrder | undefined> {
      return repo.find(reader ?? ANY_ORDER, id);
    },

    /**
     * The payments' step: accepted -> paid once the money is taken (actor null: the provider's
     * word), paid or fulfilled -> refunded. False when the order was not in a state to take it;
     * both sides are told when it moves.
     */
    async paymentStep(id: string, to: keyof typeof PAYMENT_STEPS, actorId: string | null): Promise<boolean> {
      const moved = await repo.transition(id, { from: PAYMENT_STEPS[to].from, to, actorId });
      if (moved) {
        const row = await repo.find(ANY_ORDER, id);
        if (row) {
          tell(row.order);
          deps.stepped?.({ ...stepOf(row.order), actorId });
        }
      }
      return moved;
    },

    async create(actor: OrderActor, input: z.output<typeof orderInputSchema>): Promise<Order> {
      const thing = await deps.offered(actor, input.thingId);
      if (!thing || !(await deps.mayReach(actor, thing.owner.id)))
        throw fieldError('thingId', 'This item is not offered.', 'not_found');
      if (thing.owner.id === actor.accountId) throw fieldError('thingId', 'This is your own item.');
      if (thing.availability === 'unavailable') throw fieldError('thingId', 'This item is not available now.');
      checkService(thing.unit, input.serviceAt);
      const { id, replayed } = await repo.create({
        tenantId: actor.tenantId,
        buyerId: actor.accountId,
        sellerId: thing.owner.id,
        thingId: thing.id,
        thingName: thing.name,
        unit: thing.unit,
        photo: thing.photos[0] ?? null,
        quantity: input.quantity,
        unitPriceMinor: thing.priceMinor,
        totalMinor: totalOf(input.quantity, thing.priceMinor),
        currency: thing.currency,
        serviceAt: input.serviceAt ? new Date(input.serviceAt) : null,
        note: input.note,
        noteLanguage: input.note ? deps.detect(input.note, actor.language) : actor.language,
        clientKey: input.clientKey ?? null,
      });
      const order = await get(actor, id);
      if (!replayed) {
        tell({ id, buyerId: order.buyer.id, sellerId: order.seller.id, state: order.state, version: order.version });
        deps.stepped?.({ ...stepOfView(order), actorId: actor.accountId });
      }
      return order;
    },

    /** Per side, how many of my orders wait for me to act (ORDERS_AWAITING), and how many I have. */
    async waiting(actor: OrderScope): Promise<OrdersWaiting> {
      return repo.waiting(actor);
    },

    /**
     * What the orders among `ids` are of, by id, for those the reader may see (buyer, seller,
     * superadmin): the ledger names an order's lines by it.
     */
    async names(reader: OrderScope, ids: readonly string[]): Promise<Map<string, string>> {
      return repo.names(reader, ids);
    },

    async list(actor: OrderActor, query: z.output<typeof ordersQuerySchema>): Promise<OrdersPage> {
      const page = await repo.list(actor, query);
      return { items: await view(page.rows, actor), nextCursor: page.nextCursor };
    },

    /** The buyer changes a pending order: how many, when, the note (the price stays as ordered). */
    async update(actor: OrderActor, id: string, input: OrderUpdate): Promise<Order> {
      const row = await repo.find(actor, id);
      if (!row) throw notFound('Order');
      if (row.order.buyerId !== actor.accountId) throw forbidden('Only the buyer changes an order.');
      if (row.order.state !== 'pending') throw stale(row.order.state);
      if (await deps.blocked(actor, row.order.sellerId)) throw forbidden(SERVER_MESSAGES.unreachable);
      checkService(row.order.unit, input.serviceAt);
      const quantity = input.quantity ?? row.order.quantity;
      const changed = await repo.update(id, actor.accountId, input.version, {
        quantity,
        totalMinor: totalOf(quantity, row.order.unitPriceMinor),
        ...(input.serviceAt === undefined ? {} : { serviceAt: input.serviceAt ? new Date(input.serviceAt) : null }),
        ...(input.note === undefined
          ? {}
          : {
              note: input.note.trim(),
              noteLanguage: input.note.trim() ? deps.detect(input.note, actor.language) : actor.language,
            }),
      });
      const order = await get(actor, id);
      if (!changed) throw stale(order.state);
      tell({ id, buyerId: order.buyer.id, sellerId: order.seller.id, state: order.state, version: order.version });
      return order;
    },

    /** Accept, decline, cancel or fulfil, as the actor's side may, from the version they read. */
    async act(actor: OrderActor, id: string, action: OrderAction, version: number): Promise<Order> {
      const row = await repo.find(actor, id);
      if (!row) throw notFound('Order');
      const rule = orderActionRule(action, isFreeOrder(row.order));
      const role = roleOf(row, actor);
      if (role === 'admin' || (rule.by !== 'either' && rule.by !== role)) {
        throw forbidden(rule.by === 'seller' ? 'Only the seller can do this.' : 'Only the buyer can do this.');
      }
      // Across a block an order can only end: declined or cancelled, never taken further.
      const other = role === 'buyer' ? row.order.sellerId : row.order.buyerId;
      if (action === 'accept' && (await deps.blocked(actor, other))) throw forbidden(SERVER_MESSAGES.unreachable);
      const moved = await repo.transition(id, { from: rule.from, to: rule.to, version, actorId: actor.accountId });
      const order = await get(actor, id);
      if (!moved) throw stale(order.state);
      tell({ id, buyerId: order.buyer.id, sellerId: order.seller.id, state: order.state, version: order.version });
      deps.stepped?.({ ...stepOfView(order), actorId: actor.accountId });
      return order;
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
