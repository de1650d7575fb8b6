import { SANDBOX_CARDS, sandboxCardSchema, type PaymentOutcome, type SandboxCard } from '@tolk/shared/payments';

/**
 * The built-in test provider: a card form on our own page, no money moving. The card networks'
 * usual test numbers decide the outcome (4242… pays, 4000…0002 is declined, 4000…9995 has too
 * little money); the form refuses any other number.
 */
export function sandboxCharge(card: SandboxCard): PaymentOutcome {
  const { number } = sandboxCardSchema.parse(card);
  return SANDBOX_CARDS[number]!;
}
