import type { Payment, PaymentInput } from '@tolk/shared/schemas/payments';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { PaymentProviderId } from '@tolk/shared/payments';
import { HttpError } from '../../../lib/http-error';
import { post } from '../../../lib/http';
import { payableQueryKey, paymentQueryKey } from './keys';

/**
 * Pays what /select-payment shows through a provider: its open payment with that provider (asking
 * again finds it, so a double tap makes one), else a new one; a failed one is over, so this is
 * also "try another card". A provider that is down answers 503 and nothing is made or charged.
 */
export const startPayment = (payableId: string, input: PaymentInput) =>
  post<Payment>(`/payables/${encodeURIComponent(payableId)}/payments`, input);

/**
 * Starts paying with a provider: the payment's page holds the answer before the screen goes on.
 * Refused because what it pays moved on meanwhile (cancelled, paid), after the screen's part it
 * is read again, to show it as it is now.
 */
export function useStartPayment(
  payableId: string,
  options: Omit<UseMutationOptions<Payment, Error, PaymentProviderId>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (provider: PaymentProviderId) => startPayment(payableId, { provider }),
    onSuccess: async (payment, ...rest) => {
      queryClient.setQueryData(paymentQueryKey(payment.id), payment);
      await options.onSuccess?.(payment, ...rest);
    },
    onError: async (error, ...rest) => {
      await options.onError?.(error, ...rest);
      if (error instanceof HttpError && error.code === 'conflict') {
        await queryClient.invalidateQueries({ queryKey: payableQueryKey(payableId) });
      }
    },
  });
}
