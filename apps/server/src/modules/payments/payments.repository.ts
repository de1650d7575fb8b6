import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PaymentOutcome, PaymentProviderId } from '@tolk/shared/payments';
import type { PaymentFailure, PaymentState } from '@tolk/shared/schemas/payments';
import type { Database } from '../../db/client';
import { paymentEvents, payments } from '../../db/schema/payments';
import { databaseErrorOf } from '../../errors';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Pick<
  typeof payments.$inferInsert,
  'tenantId' | 'orderId' | 'subscriptionId' | 'buyerId' | 'provider' | 'amountMinor' | 'feeMinor' | 'currency'
>;

const OPEN: PaymentState[] = ['created', 'pending'];

export function createPaymentsRepository(db: Database) {
  async function byId(id: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  }

  /** The open payment of an order or a subscription (`payable` names which) through a provider. */
  async function openFor(
    payable: Pick<NewPayment, 'orderId' | 'subscriptionId'>,
    provider: PaymentProviderId,
  ): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(
        and(
          payable.orderId
            ? eq(payments.orderId, payable.orderId)
            : eq(payments.subscriptionId, payable.subscriptionId!),
          eq(payments.provider, provider),
          inArray(payments.state, OPEN),
        ),
      )
      .limit(1);
    return row;
  }

  /** Sets columns of a payment, only while it is in one of `from`; the row as it is now, or undefined when it was not. */
  async function move(
    id: string,
    from: readonly PaymentState[] | null,
    values: Partial<Omit<PaymentRow, 'id' | 'createdAt' | 'updatedAt'>>,
  ): Promise<PaymentRow | undefined> {
    const [row] = await db
      .update(payments)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(payments.id, id), from ? inArray(payments.state, [...from]) : undefined))
      .returning();
    return row;
  }

  return {
    byId,
    openFor,

    /** The open payment of an order (or subscription) through a provider, made now or found (one open per payable and provider). */
    async openOrCreate(values: NewPayment): Promise<PaymentRow> {
      const found = await openFor(values, values.provider);
      if (found) return found;
      try {
        const [row] = await db.insert(payments).values(values).returning();
        return row!;
      } catch (error) {
        const constraint = databaseErrorOf(error)?.constraint;
        if (constraint !== 'payments_open_key' && constraint !== 'payments_subscription_open_key') throw error;
        // Made at the same moment by a retried request: that one is this one.
        const raced = await openFor(values, values.provider);
        if (!raced) throw error;
        return raced;
      }
    },

    /** A payment whose checkout could not be made: gone, so nothing is left half-made. */
    async discard(id: string): Promise<void> {
      await db
        .delete(payments)
        .where(and(eq(payments.id, id), eq(payments.state, 'created'), isNull(payments.providerRef)));
    },

    byProviderRef: async (provider: PaymentProviderId, providerRef: string) => {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
        .limit(1);
      return row;
    },

    /** The payment that paid an order (or was refunded), if one did. */
    async paidFor(orderId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), inArray(payments.state, ['succeeded', 'refunded'])))
        .limit(1);
      return row;
    },

    checkedOut: (id: string, providerRef: string, redirectUrl: string) =>
      move(id, ['created'], { state: 'pending', providerRef, redirectUrl }),

    /** The sandbox's charge of a card, taken once: the first attempt's outcome is the payment's. */
    charging: (id: string, outcome: PaymentOutcome, chargeRef: string) =>
      move(id, ['created'], { state: 'pending', outcome, chargeRef }),

    /**
     * Marks it succeeded, unless its money was given back already; 'taken' when another payment
     * of the order succeeded first (one paid payment per order).
     */
    async succeeded(id: string, chargeRef: string): Promise<PaymentRow | 'taken' | undefined> {
      try {
        const [row] = await db
          .update(payments)
          .set({ state: 'succeeded', outcome: 'succeeded', chargeRef, updatedAt: sql`now()` })
          .where(
            and(eq(payments.id, id), isNull(payments.failure), inArray(payments.state, [...OPEN, 'failed', 'expired'])),
          )
          .returning();
        return row;
      } catch (error) {
        const constraint = databaseErrorOf(error)?.constraint;
        if (constraint === 'payments_paid_key' || constraint === 'payments_subscription_paid_key') return 'taken';
        throw error;
      }
    },

    /** Refused by the provider (a declined card) or ended unpaid, while still open. */
    ended: (id: string, state: 'failed' | 'expired', outcome: PaymentOutcome | null) =>
      move(id, OPEN, { state, outcome }),

    /** Money taken (the charge succeeded) and given back at once: failed, with why. */
    givenBack: (id: string, failure: PaymentFailure, refundRef: string | null) =>
      move(id, null, { state: 'failed', outcome: 'succeeded', failure, refundRef }),

    refunded: (id: string, refundRef: string | null) => move(id, ['succeeded'], { state: 'refunded', refundRef }),

    /**
     * Stores a verified webhook before acting on it. `stored` false when the provider sent this
     * event before; `processed` whether it was acted on then (a failed try is tried again).
     */
    async storeEvent(event: {
      provider: PaymentProviderId;
      eventId: string;
      type: string;
      payload: unknown;
    }): Promise<{ id: number; stored: boolean; processed: boolean }> {
      const [inserted] = await db
        .insert(paymentEvents)
        .values(event)
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning({ id: paymentEvents.id });
      if (inserted) return { id: inserted.id, stored: true, processed: false };
      const [first] = await db
        .select({ id: paymentEvents.id, processedAt: paymentEvents.processedAt })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)));
      if (!first) throw new Error(`payment event ${event.eventId} neither stored nor found`);
      return { id: first.id, stored: false, processed: first.processedAt !== null };
    },

    async eventProcessed(id: number, paymentId: string | null, error: string | null = null): Promise<void> {
      await db
        .update(paymentEvents)
        .set({ paymentId, error, processedAt: error ? null : sql`now()` })
        .where(eq(paymentEvents.id, id));
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
