import type https from 'node:https';
import {
  ApiError,
  CaptureStatus,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  OrderStatus,
  PaymentsController,
  PaypalExperienceUserAction,
  type Order,
} from '@paypal/paypal-server-sdk';
import { minorDigits } from '@tolk/shared/currencies';
import {
  majorAmount,
  minorAmount,
  WebhookSignatureError,
  type ProviderPayment,
  type RedirectProvider,
} from './provider';
import { paypalRest } from './paypal-rest';
import { paypalSubscriptions } from './paypal-subscriptions';

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'live';
  /** The webhook's id in the PayPal dashboard: PayPal verifies each event against it. */
  webhookId: string;
  /** How to reach PayPal's hosts (the contract server of the tests); the default agent when absent. */
  httpsAgent?: https.Agent;
}

const API = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

/** The headers PayPal signs a webhook with: all must be there for it to be verified. */
const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

interface Capture {
  id?: string;
  status?: string;
  amount?: { currencyCode?: string; value?: string; currency_code?: string };
}

/**
 * PayPal through its official server SDK: Orders v2 created with the payer's approval page,
 * captured once approved, refunds of a capture; subscriptions on billing plans
 * (paypal-subscriptions.ts); webhooks verified by PayPal's own verify-webhook-signature call.
 * Each call that creates something carries a PayPal-Request-Id made from our ids, so a retry
 * never makes a second order, capture, refund, product, plan or subscription.
 */
export function createPaypalProvider(settings: PaypalSettings): RedirectProvider {
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: settings.clientId, oAuthClientSecret: settings.clientSecret },
    environment: settings.environment === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: 15_000,
    ...(settings.httpsAgent ? { httpClientOptions: { httpsAgent: settings.httpsAgent } } : {}),
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);

  const orderPayment = (order: Order): ProviderPayment => {
    const unit = order.purchaseUnits?.[0];
    const capture = unit?.payments?.captures?.[0];
    const amount = capture?.amount ?? unit?.amount;
    const currency = amount?.currencyCode ?? '';
    return {
      providerRef: order.id ?? '',
      state:
        order.status === OrderStatus.Completed && capture?.status === CaptureStatus.Completed
          ? 'succeeded'
          : capture?.status === CaptureStatus.Declined
            ? 'failed'
            : order.status === OrderStatus.Voided
              ? 'expired'
              : 'pending',
      ...(capture?.status === CaptureStatus.Declined ? { outcome: 'card_declined' as const } : {}),
      chargeRef: capture?.id ?? null,
      amountMinor: currency && amount?.value ? minorAmount(amount.value, minorDigits(currency)) : 0,
      currency,
    };
  };

  const rest = paypalRest(client, API[settings.environment], settings.httpsAgent);
  const billing = paypalSubscriptions(client, rest);

  async function settle(providerRef: string): Promise<ProviderPayment> {
    const { result: order } = await orders.getOrder({ id: providerRef });
    if (order.status !== OrderStatus.Approved) return orderPayment(order);
    try {
      const { result } = await orders.captureOrder({
        id: providerRef,
        paypalRequestId: `capture-${providerRef}`,
        prefer: 'return=representation',
      });
      return orderPayment(result);
    } catch (error) {
      // The payer's instrument was refused: a failure to show, not an outage.
      if (
        error instanceof ApiError &&
        error.statusCode === 422 &&
        /INSTRUMENT_DECLINED/.test(typeof error.body === 'string' ? error.body : JSON.stringify(error.result ?? {}))
      ) {
        return { ...orderPayment(order), state: 'failed', outcome: 'card_declined' };
      }
      throw error;
    }
  }

  return {
    id: 'paypal',
    testMode: settings.environment === 'sandbox',

    async checkout(request) {
      const { result } = await orders.createOrder({
        paypalRequestId: `checkout-${request.paymentId}`,
        prefer: 'return=representation',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: request.paymentId,
              customId: request.paymentId,
              description: request.description.slice(0, 127),
              amount: {
                currencyCode: request.currency,
                value: majorAmount(request.amountMinor, minorDigits(request.currency)),
              },
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                returnUrl: request.returnUrl,
                cancelUrl: request.cancelUrl,
                userAction: PaypalExperienceUserAction.PayNow,
              },
            },
          },
        },
      });
      const approve = result.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if (!result.id || !approve) throw new Error('PayPal gave no approval page');
      return { providerRef: result.id, redirectUrl: approve.href };
    },

    settle,

    async webhook(rawBody, headers) {
      let event: { id?: string; event_type?: string; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        throw new WebhookSignatureError('not JSON');
      }
      const signature: Record<string, string> = {};
      for (const [field, header] of Object.entries(SIGNATURE_HEADERS)) {
        const value = headers[header];
        if (typeof value !== 'string') throw new WebhookSignatureError(`no ${header} header`);
        signature[field] = value;
      }
      const verdict = await rest<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        {
          body: { ...signature, webhook_id: settings.webhookId, webhook_event: event },
        },
      );
      if (verdict.verification_status !== 'SUCCESS') throw new WebhookSignatureError('PayPal did not verify it');
      if (!event.id || !event.event_type) throw new WebhookSignatureError('not an event');
      const resource = event.resource ?? {};
      const subscription = await billing.event(event.event_type, resource);
      if (subscription !== undefined) return { id: event.id, type: event.event_type, payment: null, subscription };
      if (event.event_type === 'CHECKOUT.ORDER.APPROVED' && typeof resource.id === 'string') {
        // Approved, not yet paid: capturing it settles it.
        return { id: event.id, type: event.event_type, payment: await settle(resource.id) };
      }
      if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED' || event.event_type === 'PAYMENT.CAPTURE.DENIED') {
        const capture = resource as Capture & { supplementary_data?: { related_ids?: { order_id?: string } } };
        const orderId = capture.supplementary_data?.related_ids?.order_id;
        const currency = capture.amount?.currency_code ?? capture.amount?.currencyCode ?? '';
        if (!orderId) return { id: event.id, type: event.event_type, payment: null };
        const denied = event.event_type === 'PAYMENT.CAPTURE.DENIED';
        return {
          id: event.id,
          type: event.event_type,
          payment: {
            providerRef: orderId,
            state: denied ? 'failed' : 'succeeded',
            ...(denied ? { outcome: 'card_declined' as const } : {}),
            chargeRef: capture.id ?? null,
            amountMinor:
              currency && capture.amount?.value ? minorAmount(capture.amount.value, minorDigits(currency)) : 0,
            currency,
          },
        };
      }
      return { id: event.id, type: event.event_type, payment: null };
    },

    async refund(chargeRef, amountMinor, currency, idempotencyKey) {
      const { result } = await payments.refundCapturedPayment({
        captureId: chargeRef,
        paypalRequestId: idempotencyKey,
        prefer: 'return=representation',
        body: { amount: { currencyCode: currency, value: majorAmount(amountMinor, minorDigits(currency)) } },
      });
      if (!result.id) throw new Error('PayPal gave no refund id');
      return { refundRef: result.id };
    },

    subscribe: billing.subscribe,
    subscription: billing.subscription,
    cancelSubscription: billing.cancelSubscription,
  };
}
