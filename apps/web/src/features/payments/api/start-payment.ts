import type { Payment, PaymentInput } from '@tolk/shared/schemas/payments';
import { post } from '../../../lib/http';

/**
 * Pays what /select-payment shows through a provider: its open payment with that provider (asking
 * again finds it, so a double tap makes one), else a new one; a failed one is over, so this is
 * also "try another card". A provider that is down answers 503 and nothing is made or charged.
 */
export const startPayment = (payableId: string, input: PaymentInput) =>
  post<Payment>(`/payables/${encodeURIComponent(payableId)}/payments`, input);
