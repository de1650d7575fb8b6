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

/** A verified webhook: the provider's event id (stored first, processed once) and what it says. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The checkout it concerns, when it concerns one; null for events Tolk does not act on. */
  payment: ProviderPayment | null;
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
