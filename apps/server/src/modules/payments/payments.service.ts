import { platformFee, type PaymentOutcome, type PaymentProviderId, type SandboxCard } from '@tolk/shared/payments';
import { isFreeOrder } from '@tolk/shared/schemas/orders';
import {
  PAYMENT_FAILURES,
  type Payable,
  type Payment,
  type PaymentProviders,
  type PaymentTerms,
  type WebhookReceipt,
} from '@tolk/shared/schemas/payments';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, fieldError, forbidden, notFound } from '../../errors';
import type { OrderScope, OrdersService, PayableOrder } from '../orders';
import type { PaymentRow, PaymentsRepository } from './payments.repository';
import type { ConfiguredProviders, RedirectProviderId } from './providers/configured';
import {
  WebhookSignatureError,
  type Checkout,
  type ProviderPayment,
  type ProviderSubscription,
  type RedirectProvider,
} from './providers/provider';
import { sandboxCharge } from './providers/sandbox';
import { providerUnavailable, type Settlement } from './settlement';
import type { SubscriptionCharges } from './subscription-charges';
import type { SubscriptionRecords, SubscriptionWithPlan } from '../subscriptions';
import { freeOrder, notPayable, orderPayable, subscriptionPayable } from './payables';

/** What a payment pays: an order (with its buyer and seller) or a member's subscription. */
type Target = { order: PayableOrder; sub?: undefined } | { order?: undefined; sub: SubscriptionWithPlan };

export interface PaymentsDeps {
  repo: PaymentsRepository;
  orders: Pick<OrdersService, 'payable'>;
  subscriptions: Pick<SubscriptionRecords, 'byId' | 'mine'>;
  charges: SubscriptionCharges;
  settlement: Settlement;
  providers: ConfiguredProviders;
  platformFeePercent: number;
  log: FastifyBaseLogger;
  /** A payment refused (a declined card, a failed bank payment): told to its payer once, after it is stored. */
  failed: (notice: PaymentFailedNotice) => void;
}

/** What the payer of a refused payment is told: what it was for, and where that is. */
export interface PaymentFailedNotice {
  paymentId: string;
  accountId: string;
  title: string;
  orderId: string | null;
}

/** The payer's way back from the provider: the web app's payment page. */
const payPage = (origin: string, paymentId: string) => `${origin}/pay/${paymentId}`;

const OPEN_STATES = new Set(['created', 'pending']);

/**
 * Paying orders and subscriptions: the ways to pay offered, a payment of an accepted order by its buyer (sent to
 * Stripe or PayPal, or to the sandbox's card form), its state read by buyer and seller (asking the
 * provider when the payer comes back), the provider's webhooks (stored, then acted on once) and
 * the seller's refund. The money and the order move only in the settlement.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { repo, orders, subscriptions, charges, settlement, providers } = deps;

  const roleOf = (payment: PaymentRow, target: Target, reader: OrderScope): Payment['role'] =>
    payment.buyerId === reader.accountId
      ? 'buyer'
      : target.order?.order.sellerId === reader.accountId
        ? 'seller'
        : 'admin';

  function view(payment: PaymentRow, target: Target, reader: OrderScope): Payment {
    const order = target.order;
    return {
      id: payment.id,
      provider: payment.provider,
      testMode: payment.provider === 'sandbox' || (providers.redirect(payment.provider)?.testMode ?? false),
      state: payment.state,
      outcome: payment.outcome,
      failure: payment.failure ? { reason: payment.failure, message: PAYMENT_FAILURES[payment.failure] } : null,
      amountMinor: payment.amountMinor,
      feeMinor: payment.feeMinor,
      currency: payment.currency,
      redirectUrl: OPEN_STATES.has(payment.state) ? payment.redirectUrl : null,
      role: roleOf(payment, target, reader),
      payable: order ? orderPayable(order) : subscriptionPayable(target.sub),
      order: order
        ? {
            id: order.order.id,
            state: order.order.state,
            version: order.order.version,
            thingName: order.order.thingName,
            quantity: order.order.quantity,
            totalMinor: order.order.totalMinor,
            currency: order.order.currency,
            buyer: order.buyer,
            seller: order.seller,
          }
        : null,
      createdAt: payment.createdAt.toISOString(),
      updatedAt: payment.updatedAt.toISOString(),
    };
  }

  /** What a payment pays, when the reader may see it (its buyer, the order's seller, a superadmin). */
  async function targetOf(reader: OrderScope | null, payment: PaymentRow): Promise<Target | undefined> {
    if (payment.orderId) {
      const order = await orders.payable(reader, payment.orderId);
      return order && { order };
    }
    const sub = await subscriptions.byId(payment.subscriptionId!);
    if (!sub || (reader && !reader.superAdmin && sub.subscription.accountId !== reader.accountId)) return undefined;
    return { sub };
  }

  /** A payment with what it pays, when the reader is its buyer, its seller or a superadmin; 404 otherwise. */
  async function readable(reader: OrderScope, id: string) {
    const payment = await repo.byId(id);
    const target = payment && (await targetOf(reader, payment));
    if (!payment || !target) throw notFound('Payment');
    return { payment, target };
  }

  /**
   * Refused, while still open: the first word of it moves it (a redelivered webhook, a second
   * return finds it failed already), and only that one tells the payer.
   */
  async function refused(payment: PaymentRow, outcome: PaymentOutcome): Promise<PaymentRow> {
    const row = await repo.ended(payment.id, 'failed', outcome);
    if (!row) return payment;
    try {
      const target = await targetOf(null, row);
      const title = target?.order ? target.order.order.thingName : (target?.sub.plan.name ?? '');
      deps.failed({ paymentId: row.id, accountId: row.buyerId, title, orderId: row.orderId });
    } catch (error) {
      deps.log.error({ err: error, paymentId: row.id }, 'a failed payment could not be told');
    }
    return row;
  }

  /** What the provider says of a subscription's first payment, applied (the charge, the period), or the payment ended. */
  async function applySubscription(payment: PaymentRow, said: ProviderSubscription): Promise<PaymentRow> {
    if (said.charge || said.state === 'active') await charges.fromProvider(payment.provider, said, payment);
    else if (said.state === 'ended') await repo.ended(payment.id, 'expired', null);
    return (await repo.byId(payment.id))!;
  }

  /** What the provider says of a payment, applied: settled, refused or ended; pending changes nothing. */
  async function apply(payment: PaymentRow, result: ProviderPayment): Promise<PaymentRow> {
    switch (result.state) {
      case 'succeeded':
        return settlement.settle(payment.id, {
          chargeRef: result.chargeRef ?? result.providerRef,
          amountMinor: result.amountMinor,
          currency: result.currency,
        });
      case 'failed':
        return refused(payment, result.outcome ?? 'card_declined');
      case 'expired':
        return (await repo.ended(payment.id, 'expired', null)) ?? payment;
      case 'pending':
        return payment;
    }
  }

  /** The sandbox's charge, once taken: settled when the card paid, failed with its outcome when not. */
  async function finishSandbox(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.state !== 'pending' || !payment.outcome) return payment;
    if (payment.outcome === 'succeeded' && payment.subscriptionId) {
      const sub = await subscriptions.byId(payment.subscriptionId);
      await charges.sandboxFirstPeriod(payment, sub!.subscription.interval);
      return (await repo.byId(payment.id))!;
    }
    if (payment.outcome === 'succeeded') {
      return settlement.settle(payment.id, {
        chargeRef: payment.chargeRef ?? `sandbox-${payment.id}`,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
      });
    }
    return refused(payment, payment.outcome);
  }

  /** The provider asked for: Stripe or PayPal when configured, null for the sandbox; a field error otherwise. */
  function offeredProvider(providerId: PaymentProviderId): RedirectProvider | null {
    const redirect = providerId === 'sandbox' ? null : providers.redirect(providerId);
    if (redirect === undefined) throw fieldError('provider', 'This way to pay is not offered here.');
    return redirect;
  }

  /**
   * The provider's checkout of an open payment, made once (keyed by the payment's id at the
   * provider, so a retry finds the same one); a provider that fails leaves nothing half-made.
   */
  async function checkedOut(
    payment: PaymentRow,
    redirect: RedirectProvider | null,
    checkout: (payment: PaymentRow) => Promise<Checkout>,
  ): Promise<PaymentRow> {
    if (!redirect || payment.providerRef) return payment;
    let made;
    try {
      made = await checkout(payment);
    } catch (error) {
      deps.log.warn({ err: error, provider: payment.provider, paymentId: payment.id }, 'checkout failed');
      await repo.discard(payment.id);
      throw providerUnavailable(payment.provider);
    }
    const stored =
      (await repo.checkedOut(payment.id, made.providerRef, made.redirectUrl)) ?? (await repo.byId(payment.id));
    // Discarded meanwhile by a request of the same payment whose checkout failed.
    if (!stored) throw providerUnavailable(payment.provider);
    return stored;
  }

  const service = {
    providers: (): PaymentProviders => ({ items: providers.offered() }),

    /** What selling costs: the fee percent every order's payment takes (the one setting both sides read). */
    terms: (): PaymentTerms => ({ feePercent: deps.platformFeePercent }),

    /** An order or a subscription as its payer reads it on /select-payment/{id}; 404 for anyone else's. */
    async payable(reader: OrderScope, id: string): Promise<Payable> {
      const order = await orders.payable(reader, id);
      if (order) {
        if (order.order.buyerId !== reader.accountId) throw forbidden('Only the buyer pays an order.');
        return orderPayable(order);
      }
      const sub = await subscriptions.mine(reader.accountId, id);
      if (!sub) throw notFound('Order');
      return subscriptionPayable(sub);
    },

    /**
     * The buyer's payment of an accepted order through a provider: the open one when there is one
     * (asking again finds it), else a new one, with the provider's page for Stripe and PayPal.
     */
    async start(reader: OrderScope, orderId: string, providerId: PaymentProviderId, origin: string): Promise<Payment> {
      const order = await orders.payable(reader, orderId);
      if (!order) throw notFound('Order');
      if (order.order.buyerId !== reader.accountId) throw forbidden('Only the buyer pays an order.');
      if (isFreeOrder(order.order)) throw freeOrder();
      if (order.order.state !== 'accepted') throw notPayable(order.order.state);
      const redirect = offeredProvider(providerId);
      const open = await repo.openOrCreate({
        tenantId: order.order.tenantId,
        orderId,
        buyerId: order.order.buyerId,
        provider: providerId,
        amountMinor: order.order.totalMinor,
        feeMinor: platformFee(order.order.totalMinor, deps.platformFeePercent),
        currency: order.order.currency,
      });
      const payment = await checkedOut(open, redirect, (payment) =>
        redirect!.checkout({
          paymentId: payment.id,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          description:
            order.order.quantity > 1 ? `${order.order.thingName} × ${order.order.quantity}` : order.order.thingName,
          returnUrl: `${payPage(origin, payment.id)}?return=1`,
          cancelUrl: `${payPage(origin, payment.id)}?cancel=1`,
        }),
      );
      return view(payment, { order }, reader);
    },

    /** Paying what /select-payment/{id} shows: an accepted order, or a subscription's first period. */
    async startPayable(reader: OrderScope, id: string, providerId: PaymentProviderId, origin: string) {
      const sub = await subscriptions.mine(reader.accountId, id);
      if (!sub) return service.start(reader, id, providerId, origin);
      const payable = subscriptionPayable(sub);
      if (payable.state !== 'payable') throw new AppError('conflict', payable.message!);
      const redirect = offeredProvider(providerId);
      const open = await repo.openOrCreate({
        tenantId: sub.subscription.tenantId,
        subscriptionId: sub.subscription.id,
        buyerId: reader.accountId,
        provider: providerId,
        amountMinor: sub.subscription.amountMinor,
        feeMinor: 0,
        currency: sub.subscription.currency,
      });
      const payment = await checkedOut(open, redirect, (payment) =>
        redirect!.subscribe({
          subscriptionId: sub.subscription.id,
          paymentId: payment.id,
          planId: sub.plan.id,
          planName: sub.plan.name,
          interval: sub.subscription.interval,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          returnUrl: `${payPage(origin, payment.id)}?return=1`,
          cancelUrl: `${payPage(origin, payment.id)}?cancel=1`,
        }),
      );
      return view(payment, { sub }, reader);
    },

    /**
     * A payment as its buyer or seller reads it. While it is open, the provider is asked where it
     * stands (the payer is back from its page) and that is applied as a webhook's word would be;
     * an unreachable provider leaves it as it is (the webhook or the next read settles it).
     */
    async get(reader: OrderScope, id: string): Promise<Payment> {
      let { payment } = await readable(reader, id);
      if (OPEN_STATES.has(payment.state)) {
        try {
          if (payment.provider === 'sandbox') payment = await finishSandbox(payment);
          else if (payment.providerRef) {
            const provider = providers.redirect(payment.provider);
            if (provider && payment.subscriptionId) {
              payment = await applySubscription(payment, await provider.subscription(payment.providerRef));
            } else if (provider && !payment.subscriptionId) {
              payment = await apply(payment, await provider.settle(payment.providerRef));
            }
          }
        } catch (error) {
          deps.log.warn({ err: error, paymentId: id }, 'could not bring the payment up to date with its provider');
        }
      }
      const { payment: now, target } = await readable(reader, payment.id);
      return view(now, target, reader);
    },

    /** The sandbox's card form: the card's outcome, once for the payment (a retry answers the same). */
    async sandbox(reader: OrderScope, id: string, card: SandboxCard): Promise<Payment> {
      const { payment, target } = await readable(reader, id);
      if (payment.buyerId !== reader.accountId) throw forbidden('Only the buyer pays an order.');
      if (payment.provider !== 'sandbox') throw new AppError('conflict', 'This payment is not a sandbox payment.');
      let now = payment;
      if (payment.state === 'created') {
        const payable = target.order ? orderPayable(target.order) : subscriptionPayable(target.sub);
        if (payable.state !== 'payable') throw new AppError('conflict', payable.message!);
        now =
          (await repo.charging(payment.id, sandboxCharge(card), `sandbox-${payment.id}`)) ??
          (await repo.byId(payment.id))!;
      }
      await finishSandbox(now);
      const after = await readable(reader, id);
      return view(after.payment, after.target, reader);
    },

    /**
     * A provider's webhook: verified (a bad signature changes nothing: 400), stored under the
     * provider's event id, then acted on; an event seen and acted on before changes nothing, one
     * whose processing failed is tried again.
     */
    async webhook(
      providerId: RedirectProviderId,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<WebhookReceipt> {
      const provider = providers.redirect(providerId);
      if (!provider) throw notFound('Webhook');
      let event;
      try {
        event = await provider.webhook(rawBody, headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new AppError('bad_request', `The webhook could not be verified: ${error.message}`);
        }
        deps.log.warn({ err: error, provider: providerId }, 'webhook verification failed');
        throw providerUnavailable(providerId);
      }
      const stored = await repo.storeEvent({
        provider: providerId,
        eventId: event.id,
        type: event.type,
        payload: JSON.parse(rawBody.toString('utf8')) as unknown,
      });
      if (stored.processed) return { received: true, duplicate: true };
      let paymentId: string | null = null;
      try {
        const payment = event.payment && (await repo.byProviderRef(providerId, event.payment.providerRef));
        if (payment && event.payment && !payment.subscriptionId) {
          paymentId = payment.id;
          await apply(payment, event.payment);
        }
        if (event.subscription) await charges.fromProvider(providerId, event.subscription);
        await repo.eventProcessed(stored.id, paymentId);
      } catch (error) {
        await repo.eventProcessed(stored.id, paymentId, error instanceof Error ? error.message : String(error));
        throw error;
      }
      return { received: true, duplicate: !stored.stored };
    },

    /** The seller (or a superadmin) gives a paid or fulfilled order's money back; asking again answers the same. */
    async refund(reader: OrderScope, orderId: string): Promise<Payment> {
      const order = await orders.payable(reader, orderId);
      if (!order) throw notFound('Order');
      if (!reader.superAdmin && order.order.sellerId !== reader.accountId) {
        throw forbidden('Only the seller refunds an order.');
      }
      if (isFreeOrder(order.order)) throw new AppError('conflict', 'This order is free: there is nothing to refund.');
      const paid = await repo.paidFor(orderId);
      const refundable = order.order.state === 'paid' || order.order.state === 'fulfilled';
      if (!paid || (!refundable && !(order.order.state === 'refunded' && paid.state === 'refunded'))) {
        throw new AppError('conflict', `This order is ${order.order.state}: only a paid order is refunded.`);
      }
      const payment = refundable ? await settlement.refund(paid, order, reader.accountId) : paid;
      const now = await orders.payable(reader, orderId);
      return view(payment, { order: now ?? order }, reader);
    },
  };
  return service;
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
