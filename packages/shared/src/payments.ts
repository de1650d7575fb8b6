import { z } from 'zod';

/**
 * The ways to pay. The sandbox is always there (no money moves: it is labelled a test); Stripe
 * and PayPal when the server has their keys.
 */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'paypal'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

/** What a payment attempt came to, whichever the provider. */
export const PAYMENT_OUTCOMES = ['succeeded', 'card_declined', 'insufficient_funds'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/**
 * The sandbox's cards: the card networks' usual test numbers and what each does. Any other
 * number is refused before anything happens, so a real card is never typed into a test form and
 * taken for paid.
 */
export const SANDBOX_CARDS: Readonly<Record<string, PaymentOutcome>> = {
  '4242424242424242': 'succeeded',
  '5555555555554444': 'succeeded',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
};

/** The Luhn check every card number passes: catches a mistyped digit before the provider does. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** A card number as typed ("4242 4242 4242 4242", with spaces or dashes): its digits. */
export const cardDigits = (typed: string) => typed.replace(/[\s-]/g, '');

/** "MM/YY" (or "MM / YYYY"): the month and the four-digit year, or null when it is not one. */
export function parseExpiry(typed: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typed);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is good through the last day of its expiry month. */
export const expiryPassed = ({ month, year }: { month: number; year: number }, now = new Date()) =>
  year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);

/** The sandbox's card form, checked the same way in the browser and on the server. */
export const sandboxCardSchema = z.object({
  number: z
    .string()
    .transform(cardDigits)
    .refine((digits) => /^\d{12,19}$/.test(digits) && luhnValid(digits), 'Not a card number.')
    .refine((digits) => digits in SANDBOX_CARDS, 'Use a test card, such as 4242 4242 4242 4242.'),
  expiry: z
    .string()
    .refine((typed) => parseExpiry(typed) !== null, 'Month and year, such as 12/30.')
    .refine((typed) => {
      const expiry = parseExpiry(typed);
      return expiry === null || !expiryPassed(expiry);
    }, 'This card has expired.'),
  cvc: z.string().regex(/^\d{3,4}$/, 'Three or four digits.'),
});
export type SandboxCard = z.input<typeof sandboxCardSchema>;

/**
 * The platform's fee on an order's total, in minor units: total x percent / 100 rounded half up
 * (0.5 cent goes to the platform), in integers (the percent as basis points) so no float rounds
 * it. The percent is the server's setting (TOLK_PLATFORM_FEE_PERCENT), read by the web from
 * GET /api/payments/terms; the seller receives the total less this.
 */
export function platformFee(totalMinor: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((totalMinor * basisPoints + 5_000) / 10_000);
}
