import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ORDERS_AWAITING, type OrderState } from '@tolk/shared/schemas/orders';
import type { Database } from '../../db/client';
import { keyset } from '../../db/keyset';
import { accounts } from '../../db/schema/accounts';
import { orderEvents, orders } from '../../db/schema/orders';
import { isUniqueViolation } from '../../errors';
import { isUuid } from '../../db/uuid';

/** Who reads or acts: a member of a tenant (their own orders, as buyer or seller) or a superadmin. */
export interface OrderScope {
  tenantId: string;
  accountId: string;
  superAdmin: boolean;
}

export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'state' | 'version' | 'createdAt' | 'updatedAt'>;
export type OrderChanges = Partial<
  Pick<typeof orders.$inferInsert, 'quantity' | 'totalMinor' | 'serviceAt' | 'note' | 'noteLanguage'>
>;

const buyer = alias(accounts, 'buyer');
const seller = alias(accounts, 'seller');

const columns = {
  order: orders,
  buyer: { id: buyer.id, username: buyer.username, displayName: buyer.displayName },
  seller: { id: seller.id, username: seller.username, displayName: seller.displayName },
};
export type OrderRow = { order: typeof orders.$inferSelect } & Record<
  'buyer' | 'seller',
  { id: string; username: string; displayName: string }
>;

/** Mine: an order I bought or sell, in my tenant; any order for a superadmin. */
const readableBy = (scope: OrderScope): SQL | undefined =>
  scope.superAdmin
    ? undefined
    : and(
        eq(orders.tenantId, scope.tenantId),
        or(eq(orders.buyerId, scope.accountId), eq(orders.sellerId, scope.accountId)),
      );

/** The orders that wait for one side to act (ORDERS_AWAITING), as SQL. */
const awaiting = (role: 'buyer' | 'seller'): SQL =>
  or(
    ...ORDERS_AWAITING[role].map((rule) =>
      and(
        eq(orders.state, rule.state),
        rule.free === undefined ? undefined : rule.free ? eq(orders.totalMinor, 0) : sql`${orders.totalMinor} > 0`,
      ),
    ),
  )!;

/** The text of a uuid: other ids never name an order (and would fail the cast). */

export function createOrdersRepository(db: Database) {
  const select = () =>
    db
      .select(columns)
      .from(orders)
      .innerJoin(buyer, eq(buyer.id, orders.buyerId))
      .innerJoin(seller, eq(seller.id, orders.sellerId));

  async function find(scope: OrderScope, id: string): Promise<OrderRow | undefined> {
    const [row] = await select()
      .where(and(eq(orders.id, id), readableBy(scope)))
      .limit(1);
    return row;
  }

  return {
    find,

    /**
     * A new order and the first step of its timeline, in one transaction. A client key already
     * used by this buyer finds the order it made, not a second one.
     */
    async create(values: NewOrder): Promise<{ id: string; replayed: boolean }> {
      try {
        const id = await db.transaction(async (tx) => {
          const [created] = await tx.insert(orders).values(values).returning({ id: orders.id });
          await tx.insert(orderEvents).values({ orderId: created!.id, state: 'pending', actorId: values.buyerId });
          return created!.id;
        });
        return { id, replayed: false };
      } catch (error) {
        if (!values.clientKey || !isUniqueViolation(error)) throw error;
        const [first] = await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.buyerId, values.buyerId), eq(orders.clientKey, values.clientKey)));
        if (!first) throw error;
        return { id: first.id, replayed: true };
      }
    },

    /** My orders on one side, newest first, a page at a time. */
    async list(
      scope: OrderScope,
      query: { role: 'buyer' | 'seller'; state?: OrderState | undefined; cursor?: string | undefined; limit: number },
    ) {
      const page = keyset({
        tag: `orders-${query.role}`,
        key: sql`${orders.createdAt}`,
        keyType: 'timestamp',
        id: orders.id,
        idType: 'uuid',
        ascending: false,
        cursor: query.cursor,
        limit: query.limit,
      });
      const side = query.role === 'buyer' ? orders.buyerId : orders.sellerId;
      const rows = await db
        .select({ ...columns, cursorKey: page.keyColumn })
        .from(orders)
        .innerJoin(buyer, eq(buyer.id, orders.buyerId))
        .innerJoin(seller, eq(seller.id, orders.sellerId))
        .where(
          and(
            eq(orders.tenantId, scope.tenantId),
            eq(side, scope.accountId),
            query.state ? eq(orders.state, query.state) : undefined,
            page.after,
          ),
        )
        .orderBy(...page.orderBy)
        .limit(page.take);
      return page.page(rows.map((row) => ({ ...row, id: row.order.id })));
    },

    /** Per side, the member's orders in their tenant that wait for them to act, and all of them. */
    async waiting(scope: Pick<OrderScope, 'tenantId' | 'accountId'>) {
      const count = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
      const buyer = eq(orders.buyerId, scope.accountId);
      const seller = eq(orders.sellerId, scope.accountId);
      const [row] = await db
        .select({
          buyerWaiting: count(and(buyer, awaiting('buyer'))),
          buyerTotal: count(buyer),
          sellerWaiting: count(and(seller, awaiting('seller'))),
          sellerTotal: count(seller),
        })
        .from(orders)
        .where(and(eq(orders.tenantId, scope.tenantId), or(buyer, seller)));
      return {
        buyer: { waiting: row?.buyerWaiting ?? 0, total: row?.buyerTotal ?? 0 },
        seller: { waiting: row?.sellerWaiting ?? 0, total: row?.sellerTotal ?? 0 },
      };
    },

    /** The names of the ordered things, by order id, of the orders among `ids` the reader may see. */
    async names(scope: OrderScope, ids: readonly string[]): Promise<Map<string, string>> {
      const wanted = [...new Set(ids)].filter((id) => isUuid(id));
      if (!wanted.length) return new Map();
      const rows = await db
        .select({ id: orders.id, name: orders.thingName })
        .from(orders)
        .where(and(inArray(orders.id, wanted), readableBy(scope)));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async events(orderId: string) {
      return db
        .select({
          at: orderEvents.at,
          state: orderEvents.state,
          actor: { id: accounts.id, username: accounts.username, displayName: accounts.displayName },
        })
        .from(orderEvents)
        .leftJoin(accounts, eq(accounts.id, orderEvents.actorId))
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.id));
    },

    /** The buyer's change to a pending order made from the current version; false when not. */
    async update(id: string, buyerId: string, version: number, changes: OrderChanges): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ ...changes, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
        .where(
          and(eq(orders.id, id), eq(orders.buyerId, buyerId), eq(orders.state, 'pending'), eq(orders.version, version)),
        )
        .returning({ id: orders.id });
      return rows.length > 0;
    },

    /**
     * One step of the state machine, in one transaction with its timeline entry: only from one of
     * `from`, only at `version` when given (the version the actor read). False when the order had
     * moved on: nothing changes then.
     */
    async transition(
      id: string,
      step: { from: readonly OrderState[]; to: OrderState; version?: number; actorId: string | null },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(orders)
          .set({ state: step.to, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
          .where(
            and(
              eq(orders.id, id),
              inArray(orders.state, [...step.from]),
              step.version === undefined ? undefined : eq(orders.version, step.version),
            ),
          )
          .returning({ id: orders.id });
        if (!rows.length) return false;
        await tx.insert(orderEvents).values({ orderId: id, state: step.to, actorId: step.actorId });
        return true;
      });
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
