import type { TFunction } from 'i18next';
import { formatMoney } from '../../lib/format';
import type { PaymentOutcome, PaymentProviderId } from '@tolk/shared/payments';
import type { Payable, Payment, PaymentFailure, PaymentState } from '@tolk/shared/schemas/payments';
import type { PlanInterval } from '@tolk/shared/schemas/subscriptions';

/**
 * A provider as the payer knows it. Stripe and PayPal are brand names, the same in every language;
 * the sandbox is a description, so it is translated.
 */
export function providerName(provider: PaymentProviderId, t: TFunction): string {
  switch (provider) {
    case 'sandbox':
      return t('payments.providers.sandbox');
    case 'stripe':
      return 'Stripe';
    case 'paypal':
      return 'PayPal';
  }
}

export const PROVIDER_HINT_KEYS: Record<PaymentProviderId, string> = {
  sandbox: 'payments.providers.sandboxHint',
  stripe: 'payments.providers.stripeHint',
  paypal: 'payments.providers.paypalHint',
};

export const INTERVAL_KEYS: Record<PlanInterval, string> = {
  month: 'payments.interval.month',
  year: 'payments.interval.year',
};

export const STATE_KEYS: Record<PaymentState, string> = {
  created: 'payments.states.created',
  pending: 'payments.states.pending',
  succeeded: 'payments.states.succeeded',
  failed: 'payments.states.failed',
  expired: 'payments.states.expired',
  refunded: 'payments.states.refunded',
};

/** What a test card did, for the cards the sandbox lists ("pays", "is declined"). */
export const CARD_OUTCOME_KEYS: Record<PaymentOutcome, string> = {
  succeeded: 'payments.card.pays',
  card_declined: 'payments.card.declines',
  insufficient_funds: 'payments.card.tooLittle',
};

const FAILURE_KEYS: Record<PaymentFailure, string> = {
  order_not_payable: 'payments.failed.orderNotPayable',
  already_paid: 'payments.failed.alreadyPaid',
  amount_mismatch: 'payments.failed.amountMismatch',
  already_subscribed: 'payments.failed.alreadySubscribed',
  subscription_cancelled: 'payments.failed.subscriptionCancelled',
};

/** Why a failed payment failed, in words: the card's refusal, or why money taken was given back. */
export function failureText(payment: Pick<Payment, 'outcome' | 'failure'>, t: TFunction): string {
  if (payment.failure) return t(FAILURE_KEYS[payment.failure.reason]);
  switch (payment.outcome) {
    case 'card_declined':
      return t('payments.failed.cardDeclined');
    case 'insufficient_funds':
      return t('payments.failed.insufficientFunds');
    case 'succeeded':
    case null:
      return t('payments.failed.generic');
  }
}

/** Whether a payment still waits on its payer or its provider. */
export const isOpen = (payment: Pick<Payment, 'state'>) => payment.state === 'created' || payment.state === 'pending';

/** An order of a thing offered at price 0: nothing to pay, never a way to pay it. */
export const isFreePayable = (payable: Pick<Payable, 'kind' | 'amountMinor'>) =>
  payable.kind === 'order' && payable.amountMinor === 0;

/** What is paid, and how much: "€50.00", "€9.00 per month", "Free". */
export function payableAmount(payable: Payable, language: string, t: TFunction): string {
  if (isFreePayable(payable)) return t('common.free');
  const amount = formatMoney(payable.amountMinor, payable.currency, language);
  return payable.interval ? t(INTERVAL_KEYS[payable.interval], { amount }) : amount;
}

/**
 * Why something cannot be paid now, in the reader's language: the server's own sentence for an
 * English reader (it says exactly why: "This order is cancelled"), else what its state means.
 */
export function payableNotice(payable: Payable, language: string, t: TFunction): string {
  if (payable.message && language.split('-')[0] === 'en') return payable.message;
  if (isFreePayable(payable)) return t('payments.select.freeOrder');
  if (payable.state === 'paid') return t('payments.select.paidAlready');
  return t(payable.kind === 'subscription' ? 'payments.select.closedSubscription' : 'payments.select.closedOrder');
}
