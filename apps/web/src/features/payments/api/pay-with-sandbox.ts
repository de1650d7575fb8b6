import type { Payment, SandboxPaymentInput } from '@tolk/shared/schemas/payments';
import { post } from '../../../lib/http';

/**
 * The sandbox's card form: the payment as the test card left it (paid, or failed with its
 * outcome). Only test cards are taken; any other number is a 400 on the number field.
 */
export const payWithSandbox = (paymentId: string, card: SandboxPaymentInput) =>
  post<Payment>(`/payments/${encodeURIComponent(paymentId)}/sandbox`, card);
