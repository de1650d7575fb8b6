import type { PaymentProviderId } from '@tolk/shared/payments';
import type { SystemLedgerAccount } from '@tolk/shared/schemas/ledger';
import type { PaymentFailure } from '@tolk/shared/schemas/payments';
import { AppError } from '../../errors';
import type { LedgerParty, LedgerService } from '../ledger';
import type { OrdersService, PayableOrder } from '../orders';
import type { PaymentRow, PaymentsRepository } from './payments.repository';
import type { ConfiguredProviders } from './providers/configured';

/** Where a provider's money enters the ledger: its clearing account (the sandbox's test money from its funding). */
export const MONEY_FROM: Record<PaymentProviderId, SystemLedgerAccount> = {
  sandbox: 'funding_sandbox',
  stripe: 'clearing_stripe',
  paypal: 'clearing_paypal',
};
export const PROVIDER_NAMES: Record<PaymentProviderId, string> = {
  sandbox: 'the sandbox',
  stripe: 'Stripe',
  paypal: 'PayPal',
};

/** The order states a settled payment has brought about (the order is its). */
const SETTLED_ORDER_STATES = new Set(['paid', 'fulfilled', 'refunded']);

/** What the provider says was taken. */
export interface Charge {
  chargeRef: string;
  amountMinor: number;
  currency: string;
}

export const providerUnavailable = (provider: PaymentProviderId) =>
  new AppError(
    'unavailable',
    `${PROVIDER_NAMES[provider]} is not answering right now. Nothing was charged or changed: try again in a moment.`,
  );

/** The order an order's payment pays (subscriptions' payments settle in subscription-charges.ts). */
function orderIdOf(payment: PaymentRow): string {
  if (!payment.orderId) throw new Error(`payment ${payment.id} pays no order`);
  return payment.orderId;
}

/** One transfer of a settlement, named by its place in it (its idempotency key ends with the name). */
interface Leg {
  leg: 'in' | 'seller' | 'fee';
  from: LedgerParty;
  to: LedgerParty;
  amount: number;
  kind: 'payment' | 'fee';
  memo: string;
}

export interface SettlementDeps {
  repo: PaymentsRepository;
  ledger: Pick<LedgerService, 'transfer' | 'reverse' | 'transferByKey' | 'balance'>;
  orders: Pick<OrdersService, 'payable' | 'paymentStep'>;
  providers: ConfiguredProviders;
}

/**
 * Settling a payment the provider took, the one path for the sandbox form, the payer's return
 * and the webhooks, each step idempotent by a key made from the payment's id, so any of them may
 * run again or at the same time as another:
 *   a) the ledger: the provider's money to the buyer, the buyer's payment to the seller, the
 *      seller's fee to the platform (in this order no member's balance dips below zero);
 *   b) the payment succeeded (one per order), then the order accepted -> paid (its timeline entry,
 *      actor null), which tells both sides;
 * and when the order can no longer be paid by it (cancelled meanwhile, paid by another payment),
 * the money is given back: the transfers reversed, the provider refunded, the payment failed with
 * why. Refunding a paid order reverses the same transfers, keyed by the order.
 */
export function createSettlement(deps: SettlementDeps) {
  const { repo, ledger, orders, providers } = deps;

  /** The three transfers of a payment, in the order they are posted; a leg of zero (no fee) is left out. */
  function legsOf(payment: PaymentRow, sellerId: string): Leg[] {
    const buyer: LedgerParty = { memberId: payment.buyerId };
    const seller: LedgerParty = { memberId: sellerId };
    const legs: Leg[] = [
      {
        leg: 'in',
        from: { system: MONEY_FROM[payment.provider] },
        to: buyer,
        amount: payment.amountMinor,
        kind: 'payment',
        memo: `Paid with ${PROVIDER_NAMES[payment.provider]}${payment.chargeRef ? ` (${payment.chargeRef})` : ''}`,
      },
      { leg: 'seller', from: buyer, to: seller, amount: payment.amountMinor, kind: 'payment', memo: 'Order payment' },
      {
        leg: 'fee',
        from: seller,
        to: { system: 'platform_fees' },
        amount: payment.feeMinor,
        kind: 'fee',
        memo: 'Platform fee',
      },
    ];
    return legs.filter((leg) => leg.amount > 0);
  }

  const legKey = (payment: PaymentRow, leg: string) => `payment:${payment.id}:${leg}`;

  async function moveMoney(payment: PaymentRow, order: PayableOrder): Promise<void> {
    for (const leg of legsOf(payment, order.order.sellerId)) {
      await ledger.transfer({
        ...leg,
        currency: payment.currency,
        reference: { type: 'order', id: orderIdOf(payment) },
        idempotencyKey: legKey(payment, leg.leg),
      });
    }
  }

  /** Reverses the payment's transfers, last first (so no member's balance dips below zero), each once under `keyOf`. */
  async function reverseMoney(payment: PaymentRow, order: PayableOrder, keyOf: (leg: string) => string, memo: string) {
    for (const leg of legsOf(payment, order.order.sellerId).reverse()) {
      const original = await ledger.transferByKey(legKey(payment, leg.leg));
      if (!original) continue;
      await ledger.reverse({ transferId: original.id, idempotencyKey: keyOf(leg.leg), memo });
    }
  }

  /** The provider's refund of what it took, once per key; null for the sandbox (no money moved outside). */
  async function providerRefund(
    payment: PaymentRow,
    charge: Charge | null,
    idempotencyKey: string,
  ): Promise<string | null> {
    if (payment.provider === 'sandbox') return null;
    const provider = providers.redirect(payment.provider);
    const chargeRef = charge?.chargeRef ?? payment.chargeRef;
    if (!provider || !chargeRef) {
      throw new AppError(
        'unavailable',
        `${PROVIDER_NAMES[payment.provider]} is not configured: the refund cannot be made.`,
      );
    }
    try {
      const { refundRef } = await provider.refund(
        chargeRef,
        charge?.amountMinor ?? payment.amountMinor,
        charge?.currency ?? payment.currency,
        idempotencyKey,
      );
      return refundRef;
    } catch {
      throw new AppError(
        'unavailable',
        `${PROVIDER_NAMES[payment.provider]} is not answering right now: the refund will be made when this is tried again.`,
      );
    }
  }

  /**
   * Gives back money taken for an order it cannot pay: every transfer posted (so one still under
   * way elsewhere finds its key taken), then all reversed, then the provider's refund.
   */
  async function giveBack(payment: PaymentRow, order: PayableOrder, failure: PaymentFailure): Promise<PaymentRow> {
    await moveMoney(payment, order);
    await reverseMoney(
      payment,
      order,
      (leg) => `payment:${payment.id}:${leg}:back`,
      'Given back: the order could not be paid by it',
    );
    const refundRef = await providerRefund(payment, null, `refund-payment-${payment.id}`);
    return (await repo.givenBack(payment.id, failure, refundRef))!;
  }

  async function orderOf(payment: PaymentRow): Promise<PayableOrder> {
    const order = await orders.payable(null, orderIdOf(payment));
    if (!order) throw new Error(`payment ${payment.id} names no order`);
    return order;
  }

  return {
    async settle(paymentId: string, charge: Charge): Promise<PaymentRow> {
      const found = await repo.byId(paymentId);
      if (!found) throw new Error(`no payment ${paymentId}`);
      // Given back or refunded already: nothing happens twice.
      if (found.failure || found.state === 'refunded') return found;
      const mismatch = charge.amountMinor !== found.amountMinor || charge.currency !== found.currency;
      if (mismatch && found.state !== 'succeeded') {
        // Not what the order costs: never credited, all of it given back.
        const refundRef = await providerRefund(found, charge, `refund-payment-${found.id}`);
        return (await repo.givenBack(found.id, 'amount_mismatch', refundRef))!;
      }
      const payment = { ...found, chargeRef: found.chargeRef ?? charge.chargeRef };
      const order = await orderOf(payment);
      await moveMoney(payment, order);
      const claimed = await repo.succeeded(payment.id, payment.chargeRef);
      if (claimed === 'taken') return giveBack(payment, order, 'already_paid');
      const now = claimed ?? (await repo.byId(payment.id))!;
      if (now.state !== 'succeeded') return now;
      if (await orders.paymentStep(orderIdOf(payment), 'paid', null)) return now;
      // Not accepted any more: paid already by this payment (another path settled it), or cancelled.
      const current = await orderOf(payment);
      if (SETTLED_ORDER_STATES.has(current.order.state)) return now;
      return giveBack(now, current, 'order_not_payable');
    },

    /**
     * A paid (or fulfilled) order's money back to the buyer: the transfers reversed under keys of
     * the order, the provider's refund under the order's key, the payment and the order refunded.
     */
    async refund(payment: PaymentRow, order: PayableOrder, actorId: string): Promise<PaymentRow> {
      const sellerLeg = await ledger.transferByKey(legKey(payment, 'seller'));
      const alreadyBack = await ledger.transferByKey(`refund:${payment.orderId}:seller`);
      if (sellerLeg && !alreadyBack) {
        const balance = await ledger.balance({ memberId: order.order.sellerId }, payment.currency);
        if (balance + payment.feeMinor < payment.amountMinor) {
          throw new AppError('insufficient_funds', 'The seller’s balance no longer covers this refund.');
        }
      }
      await reverseMoney(payment, order, (leg) => `refund:${payment.orderId}:${leg}`, 'Refund');
      const refundRef = await providerRefund(payment, null, `refund-order-${payment.orderId}`);
      const refunded = (await repo.refunded(payment.id, refundRef)) ?? (await repo.byId(payment.id))!;
      await orders.paymentStep(orderIdOf(payment), 'refunded', actorId);
      return refunded;
    },
  };
}
export type Settlement = ReturnType<typeof createSettlement>;
