import { z } from 'zod';
import { PAYMENT_OUTCOMES, PAYMENT_PROVIDERS, sandboxCardSchema } from '../payments';
import { ORDER_STATES } from './orders';
import { PLAN_INTERVALS } from './subscriptions';

/**
 * Paying an accepted order or a subscription: the buyer picks a provider, is sent to it (Stripe, PayPal) or types a
 * test card (the sandbox), and the order becomes paid when the provider says the money is taken.
 * A payment is one attempt: a declined card ends it (`failed` with its outcome) and the buyer
 * starts another.
 */

/**
 * created: made, nothing charged yet; pending: at the provider (the payer is on its page, or the
 * sandbox card is being charged); succeeded: the money is taken and the order paid by it; failed:
 * refused (`outcome`) or given back because the order could not be paid by it (`failure`);
 * expired: the provider's checkout ended unpaid; refunded: the seller gave the money back.
 */
export const PAYMENT_STATES = ['created', 'pending', 'succeeded', 'failed', 'expired', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Why money a provider took was given back at once rather than paying the order. */
export const PAYMENT_FAILURES = {
  /** The order was cancelled (or declined) before the payment came through. */
  order_not_payable: 'The order was cancelled before this payment came through: the money was given back.',
  /** Another payment of the order came through first. */
  already_paid: 'This order was already paid by another payment: this one was given back.',
  /** The provider reported another amount or currency than the order's. */
  amount_mismatch: 'The provider reported another amount than the order’s: the money was given back.',
  /** The member's other subscription was running when this one's payment came through. */
  already_subscribed: 'Another subscription of yours is running: this payment was given back.',
  /** The member cancelled the subscription (unpaid then) before this payment of it came through. */
  subscription_cancelled: 'You cancelled this subscription before its payment came through: the money was given back.',
} as const;
export type PaymentFailure = keyof typeof PAYMENT_FAILURES;

export const paymentProviderIdSchema = z.enum(PAYMENT_PROVIDERS, 'Choose a payment provider.');

export const paymentProviderSchema = z.object({
  id: z.enum(PAYMENT_PROVIDERS),
  /** No real money moves: the screen says so (the sandbox always; Stripe and PayPal with test keys). */
  testMode: z.boolean(),
});
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

export const paymentProvidersSchema = z.object({ items: z.array(paymentProviderSchema) });
export type PaymentProviders = z.infer<typeof paymentProvidersSchema>;

/**
 * What selling here costs (GET /api/payments/terms): the platform's fee, in percent of an order's
 * total, as the server takes it (TOLK_PLATFORM_FEE_PERCENT); `platformFee` turns it into money.
 */
export const paymentTermsSchema = z.object({ feePercent: z.number().min(0).max(100) });
export type PaymentTerms = z.infer<typeof paymentTermsSchema>;

export const paymentInputSchema = z.object({ provider: paymentProviderIdSchema });
export type PaymentInput = z.input<typeof paymentInputSchema>;

/** The sandbox's card form (test cards only: any other number is refused with a field error). */
export const sandboxPaymentInputSchema = sandboxCardSchema;
export type SandboxPaymentInput = z.input<typeof sandboxPaymentInputSchema>;

const party = z.object({ id: z.uuid(), username: z.string(), displayName: z.string() });

/** What is paid: an accepted order or a subscription's first period. */
export const PAYABLE_KINDS = ['order', 'subscription'] as const;
export type PayableKind = (typeof PAYABLE_KINDS)[number];

/**
 * An order or a subscription as /select-payment/{id} shows it (GET /api/payables/{id}, by its
 * payer): what it is, how much, whether it can be paid now and where the payer goes back to.
 */
export const payableSchema = z.object({
  kind: z.enum(PAYABLE_KINDS),
  id: z.uuid(),
  /** What is paid, as the payer reads it: the thing's name, or the plan's. */
  title: z.string(),
  quantity: z.number().int(),
  /** A subscription's period (null for an order). */
  interval: z.enum(PLAN_INTERVALS).nullable(),
  amountMinor: z.number().int(),
  currency: z.string(),
  /** payable: can be paid now; paid: paid already; closed: cannot be paid (message says why). */
  state: z.enum(['payable', 'paid', 'closed']),
  message: z.string().nullable(),
  /** The web path the payer goes back to: /order/{id}, or /sub. */
  returnTo: z.string(),
});
export type Payable = z.infer<typeof payableSchema>;

/** The order a payment is for, as its buyer and seller read it on the payment page. */
export const paymentOrderSchema = z.object({
  id: z.uuid(),
  state: z.enum(ORDER_STATES),
  version: z.number().int(),
  thingName: z.string(),
  quantity: z.number().int(),
  totalMinor: z.number().int(),
  currency: z.string(),
  buyer: party,
  seller: party,
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

export const paymentSchema = z.object({
  id: z.uuid(),
  provider: z.enum(PAYMENT_PROVIDERS),
  testMode: z.boolean(),
  state: z.enum(PAYMENT_STATES),
  /** What the charge came to, when the provider has said. */
  outcome: z.enum(PAYMENT_OUTCOMES).nullable(),
  /** Why money taken was given back (with a sentence to show), when it was. */
  failure: z
    .object({
      reason: z.enum(Object.keys(PAYMENT_FAILURES) as [PaymentFailure, ...PaymentFailure[]]),
      message: z.string(),
    })
    .nullable(),
  amountMinor: z.number().int(),
  /** The platform's fee in it, in minor units: the seller is credited amountMinor - feeMinor. */
  feeMinor: z.number().int(),
  currency: z.string(),
  /** Stripe's or PayPal's page to send the payer to while the payment is open; null for the sandbox. */
  redirectUrl: z.string().nullable(),
  /** Which side the reader is on. */
  role: z.enum(['buyer', 'seller', 'admin']),
  /** What it pays, as the payer reads it. */
  payable: payableSchema,
  /** The order it pays (null for a subscription's payment). */
  order: paymentOrderSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A webhook taken: stored (or a duplicate of one stored) and processed. */
export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;
