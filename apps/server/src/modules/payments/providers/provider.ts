import type { PaymentOutcome, PaymentProviderId } from '@tolk/shared/payments';

/** A payment to start with a provider: our payment's id, what it is for and how much. */
export interface CheckoutRequest {
  /** Our payment's id: the provider keeps it, and it keys the provider call (no second checkout on a retry). */
  paymentId: string;
  amountMinor: number;
  currency: string;
  /** What the payer sees at the provider ("Walk through Alfama × 2"). */
  description: string;
  /** Where the provider sends the payer back, paid or not. */
  returnUrl: string;
  cancelUrl: string;
}

/** Where to send the payer, and the provider's id of this checkout. */
export interface Checkout {
  providerRef: string;
  redirectUrl: string;
}

/** A checkout as the provider has it now. */
export interface ProviderPayment {
  providerRef: string;
  state: 'pending' | 'succeeded' | 'failed' | 'expired';
  /** Why it failed, in our words, when the provider says. */
  outcome?: PaymentOutcome;
  /** The provider's id of the money taken (payment intent, capture): a refund names it. */
  chargeRef: string | null;
  amountMinor: number;
  currency: string;
}

/**
 * A subscription to start with a provider (Stripe Billing through a Checkout Session in
 * subscription mode; PayPal Subscriptions on a billing plan made for the plan's price): it renews
 * at the provider each period until cancelled. Our subscription's id travels with it (Stripe's
 * subscription metadata `tolk_subscription`, PayPal's custom_id) so every later event names it.
 */
export interface SubscriptionCheckoutRequest {
  /** Our subscription's id. */
  subscriptionId: string;
  /** Our payment of its first period: keys the provider call (a retry finds the same checkout). */
  paymentId: string;
  planId: string;
  planName: string;
  interval: 'month' | 'year';
  amountMinor: number;
  currency: string;
  returnUrl: string;
  cancelUrl: string;
}

/** A period's money the provider took for a subscription (Stripe's paid invoice, PayPal's completed sale). */
export interface SubscriptionCharge {
  /** The provider's id of it (invoice, sale): the ledger's idempotency key is made from it. */
  chargeRef: string;
  amountMinor: number;
  currency: string;
  /** The period it pays for. */
  periodStart: Date;
  periodEnd: Date;
}

/** A provider's subscription as it stands, or as an event says. */
export interface ProviderSubscription {
  /** Our subscription's id, as the provider carries it; null when it does not (not one of ours). */
  tolkId: string | null;
  /** The provider's subscription id (sub_…, I-…), once there is one. */
  providerRef: string | null;
  /** pending: not paid yet (the payer is still at the provider); active: running; ended: cancelled, expired or unpaid. */
  state: 'pending' | 'active' | 'ended';
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The provider is failing to take a renewal (Stripe past_due, PayPal failed payments); undefined: it does not say. */
  renewalFailing?: boolean;
  /** The period's charge the event (or the read) reports, when it reports one. */
  charge: SubscriptionCharge | null;
}

/** A verified webhook: the provider's event id (stored first, processed once) and what it says. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The checkout it concerns, when it concerns one; null for events Tolk does not act on. */
  payment: ProviderPayment | null;
  /** The subscription it concerns, when it concerns one. */
  subscription?: ProviderSubscription | null;
}

/** Raised for a webhook whose signature does not hold: answered 400, and nothing changes. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A provider that sends the payer to its own pages (Stripe Checkout, PayPal approval). */
export interface RedirectProvider {
  id: Exclude<PaymentProviderId, 'sandbox'>;
  /** Test keys (Stripe's sk_test_, PayPal's sandbox): the screen says so. */
  testMode: boolean;
  checkout(request: CheckoutRequest): Promise<Checkout>;
  /** The checkout as it stands now; for PayPal, capturing an approved order first. */
  settle(providerRef: string): Promise<ProviderPayment>;
  webhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent>;
  refund(
    chargeRef: string,
    amountMinor: number,
    currency: string,
    idempotencyKey: string,
  ): Promise<{ refundRef: string }>;
  /** A subscription's checkout: where to send the payer; providerRef is the checkout (Stripe) or subscription (PayPal) id. */
  subscribe(request: SubscriptionCheckoutRequest): Promise<Checkout>;
  /** A subscription's checkout or subscription as it stands now (the payer's return). */
  subscription(providerRef: string): Promise<ProviderSubscription>;
  /** Stop renewing: the paid period runs out (Stripe cancel_at_period_end; PayPal cancel, which keeps the paid time). */
  cancelSubscription(providerSubscriptionRef: string): Promise<void>;
}

/** Major units as the providers write amounts: 2500 EUR minor units is "25.00". */
export function majorAmount(minor: number, digits: number): string {
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** "25.00" back to 2500. */
export function minorAmount(major: string, digits: number): number {
  const [whole = '0', fraction = ''] = major.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
}
