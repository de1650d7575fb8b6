import type { Payment, SandboxPaymentInput } from '@tolk/shared/schemas/payments';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { HttpError } from '../../../lib/http-error';
import { post } from '../../../lib/http';
import { paymentQueryKey, refreshAfterPayment } from './keys';

/**
 * The sandbox's card form: the payment as the test card left it (paid, or failed with its
 * outcome). Only test cards are taken; any other number is a 400 on the number field.
 */
export const payWithSandbox = (paymentId: string, card: SandboxPaymentInput) =>
  post<Payment>(`/payments/${encodeURIComponent(paymentId)}/sandbox`, card);

/**
 * Pays with a test card: the payment and what it pays follow the answer. Refused because it moved
 * on meanwhile (the order was cancelled, this payment ended), after the screen's part the payment
 * is read again, to show it as it is now.
 */
export function usePayWithSandbox(
  paymentId: string,
  options: Omit<UseMutationOptions<Payment, Error, SandboxPaymentInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (card: SandboxPaymentInput) => payWithSandbox(paymentId, card),
    onSuccess: (updated) => refreshAfterPayment(queryClient, updated),
    onError: async (error, ...rest) => {
      await options.onError?.(error, ...rest);
      if (error instanceof HttpError && (error.code === 'conflict' || error.code === 'forbidden')) {
        await queryClient.invalidateQueries({ queryKey: paymentQueryKey(paymentId) });
      }
    },
  });
}
