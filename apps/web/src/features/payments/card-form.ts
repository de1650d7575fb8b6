import type { ChangeEvent } from 'react';
import { cardDigits, sandboxCardSchema, type SandboxCard } from '@tolk/shared/payments';
import { fieldMessageOf, schemaResolver, type FieldOf } from '../../ui/schema-form';

/** What the sandbox's card form holds, as typed: "4242 4242 4242 4242", "12/30", "123". */
export type CardForm = SandboxCard;

export const newCardForm = (): CardForm => ({ number: '', expiry: '', cvc: '' });

/** Card numbers run to 19 digits. */
const CARD_DIGITS_MAX = 19;

/** A card number as it is typed, in groups of four: "4242424242" reads "4242 4242 42". */
export function groupCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, CARD_DIGITS_MAX);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** An expiry as it is typed: the slash comes by itself after the month ("1230" reads "12/30"); a four-digit year is kept. */
export function groupExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 6);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export const onlyDigits = (typed: string) => typed.replace(/\D/g, '');

/**
 * An input's change, rewritten as `shape` writes it before the form reads it, the caret kept after
 * the same digit it followed (a space or a slash put in does not push it back a place).
 */
export function reshapeInput(event: ChangeEvent<HTMLInputElement>, shape: (typed: string) => string): void {
  const input = event.target;
  const typed = input.value;
  const caret = input.selectionStart ?? typed.length;
  const digitsBefore = onlyDigits(typed.slice(0, caret)).length;
  const shaped = shape(typed);
  if (shaped === typed) return;
  input.value = shaped;
  let position = 0;
  for (let seen = 0; position < shaped.length && seen < digitsBefore; position += 1) {
    if (/\d/.test(shaped.charAt(position))) seen += 1;
  }
  // Only the focused input has a caret to keep (jsdom and some browsers throw otherwise).
  if (typeof document !== 'undefined' && document.activeElement === input) {
    try {
      input.setSelectionRange(position, position);
    } catch {
      // An input type without a selection: nothing to keep.
    }
  }
}

/** The sandbox's sentences (packages/shared/src/payments.ts), each with its interface key. */
export const cardFieldMessage = fieldMessageOf({
  'Not a card number.': 'payments.card.notACard',
  'Use a test card, such as 4242 4242 4242 4242.': 'payments.card.useTestCard',
  'Month and year, such as 12/30.': 'payments.card.expiryFormat',
  'This card has expired.': 'payments.card.expired',
  'Three or four digits.': 'payments.card.cvcFormat',
});

export const cardFieldOf: FieldOf<CardForm> = (apiField) =>
  apiField === 'number' || apiField === 'expiry' || apiField === 'cvc' ? apiField : undefined;

/** The card form checked in the browser with the very schema the server uses. */
export const cardResolver = () =>
  schemaResolver<CardForm>(sandboxCardSchema, (values) => ({ input: values }), cardFieldOf, cardFieldMessage);

/** What the card form sends: the number's digits alone (the server takes spaces too, but needs none). */
export const toCardInput = (values: CardForm): SandboxCard => ({
  number: cardDigits(values.number),
  expiry: values.expiry.trim(),
  cvc: values.cvc.trim(),
});
