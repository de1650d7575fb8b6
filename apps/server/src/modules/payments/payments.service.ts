import type { PaymentProviderId, SandboxCard } from '@tolk/shared/payments';
import {
  PAYMENT_FAILURES,
  type Payment,
  type PaymentProviders,
  type WebhookReceipt,
} from '@tolk/shared/schemas/payments';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, forbidden, notFound } from '../../errors';
import type { OrderScope, OrdersService, PayableOrder } from '../orders/orders.service';
import type { PaymentRow, PaymentsRepository } from './payments.repository';
import type { ConfiguredProviders, RedirectProviderId } from './providers/configured';
import { WebhookSignatureError, type ProviderPayment } from './providers/provider';
import { sandboxCharge } from './providers/sandbox';
import { platformFee, providerUnavailable, type Settlement } from './settlement';

export interface PaymentsDeps {
  repo: PaymentsRepository;
  orders: Pick<OrdersService, 'payable'>;
  settlement: Settlement;
  providers: ConfiguredProviders;
  platformFeePercent: number;
  log: FastifyBaseLogger;
}

/** The payer's way back from the provider: the web app's payment page. */
const payPage = (origin: string, paymentId: string) => `${origin}/pay/${paymentId}`;

const OPEN_STATES = new Set(['created', 'pending']);

const notPayable = (state: string) =>
  new AppError(
    'conflict',
    state === 'pending'
      ? 'The seller has not accepted this order yet: it can be paid once accepted.'
      : state === 'paid' || state === 'fulfilled'
        ? 'This order is paid already.'
        : `This order is ${state}: it cannot be paid.`,
  );

/**
 * Paying orders: the ways to pay offered, a payment of an accepted order by its buyer (sent to
 * Stripe or PayPal, or to the sandbox's card form), its state read by buyer and seller (asking the
 * provider when the payer comes back), the provider's webhooks (stored, then acted on once) and
 * the seller's refund. The money and the order move only in the settlement.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { repo, orders, settlement, providers } = deps;

  const roleOf = (order: PayableOrder, reader: OrderScope): Payment['role'] =>
    order.order.buyerId === reader.accountId ? 'buyer' : order.order.sellerId === reader.accountId ? 'seller' : 'admin';

  function view(payment: PaymentRow, order: PayableOrder, reader: OrderScope): Payment {
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
      role: roleOf(order, reader),
      order: {
        id: order.order.id,
        state: order.order.state,
        version: order.order.version,
        thingName: order.order.thingName,
        quantity: order.order.quantity,
        totalMinor: order.order.totalMinor,
        currency: order.order.currency,
        buyer: order.buyer,
        seller: order.seller,
      },
      createdAt: payment.createdAt.toISOString(),
      updatedAt: payment.updatedAt.toISOString(),
    };
  }

  /** A payment with its order, when the reader is its buyer, its seller or a superadmin; 404 otherwise. */
  async function readable(reader: OrderScope, id: string) {
    const payment = await repo.byId(id);
    const order = payment && (await orders.payable(reader, payment.orderId));
    if (!payment || !order) throw notFound('Payment');
    return { payment, order };
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
        return (await repo.ended(payment.id, 'failed', result.outcome ?? 'card_declined')) ?? payment;
      case 'expired':
        return (await repo.ended(payment.id, 'expired', null)) ?? payment;
      case 'pending':
        return payment;
    }
  }

  /** The sandbox's charge, once taken: settled when the card paid, failed with its outcome when not. */
  async function finishSandbox(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.state !== 'pending' || !payment.outcome) return payment;
    if (payment.outcome === 'succeeded') {
      return settlement.settle(payment.id, {
        chargeRef: payment.chargeRef ?? `sandbox-${payment.id}`,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
      });
    }
    return (await repo.ended(payment.id, 'failed', payment.outcome)) ?? payment;
  }

  return {
    providers: (): PaymentProviders => ({ items: providers.offered() }),

    /**
     * The buyer's payment of an accepted order through a provider: the open one when there is one
     * (asking again finds it), else a new one, with the provider's page for Stripe and PayPal.
     */
    async start(reader: OrderScope, orderId: string, providerId: PaymentProviderId, origin: string): Promise<Payment> {
      const order = await orders.payable(reader, orderId);
      if (!order) throw notFound('Order');
      if (order.order.buyerId !== reader.accountId) throw forbidden('Only the buyer pays an order.');
      if (order.order.state !== 'accepted') throw notPayable(order.order.state);
      const redirect = providerId === 'sandbox' ? null : providers.redirect(providerId);
      if (redirect === undefined) {
        throw new AppError('validation_failed', 'This way to pay is not offered here.', {
          provider: ['This way to pay is not offered here.'],
        });
      }
      let payment = await repo.openOrCreate({
        tenantId: order.order.tenantId,
        orderId,
        buyerId: order.order.buyerId,
        provider: providerId,
        amountMinor: order.order.totalMinor,
        feeMinor: platformFee(order.order.totalMinor, deps.platformFeePercent),
        currency: order.order.currency,
      });
      if (redirect && !payment.providerRef) {
        let checkout;
        try {
          // Keyed by the payment's id at the provider: a retry finds the same checkout.
          checkout = await redirect.checkout({
            paymentId: payment.id,
            amountMinor: payment.amountMinor,
            currency: payment.currency,
            description:
              order.order.quantity > 1 ? `${order.order.thingName} × ${order.order.quantity}` : order.order.thingName,
            returnUrl: `${payPage(origin, payment.id)}?return=1`,
            cancelUrl: `${payPage(origin, payment.id)}?cancel=1`,
          });
        } catch (error) {
          deps.log.warn({ err: error, provider: providerId, paymentId: payment.id }, 'checkout failed');
          await repo.discard(payment.id);
          throw providerUnavailable(providerId);
        }
        const stored =
          (await repo.checkedOut(payment.id, checkout.providerRef, checkout.redirectUrl)) ??
          (await repo.byId(payment.id));
        // Discarded meanwhile by a request of the same payment whose checkout failed.
        if (!stored) throw providerUnavailable(providerId);
        payment = stored;
      }
      return view(payment, order, reader);
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
            if (provider) payment = await apply(payment, await provider.settle(payment.providerRef));
          }
        } catch (error) {
          deps.log.warn({ err: error, paymentId: id }, 'could not bring the payment up to date with its provider');
        }
      }
      const { payment: now, order } = await readable(reader, payment.id);
      return view(now, order, reader);
    },

    /** The sandbox's card form: the card's outcome, once for the payment (a retry answers the same). */
    async sandbox(reader: OrderScope, id: string, card: SandboxCard): Promise<Payment> {
      const { payment, order } = await readable(reader, id);
      if (order.order.buyerId !== reader.accountId) throw forbidden('Only the buyer pays an order.');
      if (payment.provider !== 'sandbox') throw new AppError('conflict', 'This payment is not a sandbox payment.');
      let now = payment;
      if (payment.state === 'created') {
        if (order.order.state !== 'accepted') throw notPayable(order.order.state);
        now =
          (await repo.charging(payment.id, sandboxCharge(card), `sandbox-${payment.id}`)) ??
          (await repo.byId(payment.id))!;
      }
      await finishSandbox(now);
      const after = await readable(reader, id);
      return view(after.payment, after.order, reader);
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
        if (payment && event.payment) {
          paymentId = payment.id;
          await apply(payment, event.payment);
        }
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
      const paid = await repo.paidFor(orderId);
      const refundable = order.order.state === 'paid' || order.order.state === 'fulfilled';
      if (!paid || (!refundable && !(order.order.state === 'refunded' && paid.state === 'refunded'))) {
        throw new AppError('conflict', `This order is ${order.order.state}: only a paid order is refunded.`);
      }
      const payment = refundable ? await settlement.refund(paid, order, reader.accountId) : paid;
      const now = await orders.payable(reader, orderId);
      return view(payment, now ?? order, reader);
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
