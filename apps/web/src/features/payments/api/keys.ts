import type { QueryClient } from '@tanstack/react-query';
import type { Payment } from '@tolk/shared/schemas/payments';

/** The payments' query keys as one tree: payments → 'providers', 'terms', 'payable' (one), 'detail' (one payment). */
export const paymentsQueryKey = ['payments'] as const;
export const providersQueryKey = [...paymentsQueryKey, 'providers'] as const;
export const termsQueryKey = [...paymentsQueryKey, 'terms'] as const;
export const payableQueryKey = (id: string) => [...paymentsQueryKey, 'payable', id] as const;
export const paymentQueryKey = (id: string) => [...paymentsQueryKey, 'detail', id] as const;

/**
 * After a payment moved (a card paid or was refused, a provider answered): its page shows the
 * server's answer at once, and what it pays is read again (paid now, or still payable).
 */
export async function refreshAfterPayment(queryClient: QueryClient, payment: Payment): Promise<void> {
  queryClient.setQueryData(paymentQueryKey(payment.id), payment);
  await queryClient.invalidateQueries({ queryKey: payableQueryKey(payment.payable.id) });
}
