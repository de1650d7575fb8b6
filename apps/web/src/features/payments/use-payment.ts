import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payment } from '@tolk/shared/schemas/payments';
import { paymentQuery } from './api/get-payment';
import { paymentQueryKey } from './api/keys';
import { isOpen } from './format';

/**
 * How long the page waits between asking where a payment stands, back from Stripe or PayPal: soon
 * at first (most settle at once), then less often, about 20 seconds in all before it says it has
 * not heard yet.
 */
export const POLL_DELAYS_MS = [1000, 1500, 2000, 3000, 4000, 4500, 5000] as const;

/** The wait before the next read, or false: the sandbox settles on its own form, and a payment no longer open is done. */
export function pollDelay(payment: Payment | undefined, reads: number): number | false {
  if (!payment || payment.provider === 'sandbox' || !isOpen(payment)) return false;
  return POLL_DELAYS_MS[reads - 1] ?? false;
}

/**
 * A payment, read again and again while it is open when the payer is back from the provider
 * (`returning`): each read asks the provider, so this is how the return settles. `gaveUp`: asked
 * as often as it waits and still open.
 */
export function usePayment(id: string, returning: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...paymentQuery(id),
    ...(returning
      ? {
          staleTime: 0,
          refetchInterval: (polled: {
            state: { data: Payment | undefined; dataUpdateCount: number; errorUpdateCount: number };
          }) => pollDelay(polled.state.data, polled.state.dataUpdateCount + polled.state.errorUpdateCount),
        }
      : {}),
  });
  const state = queryClient.getQueryState(paymentQueryKey(id));
  const reads = state ? state.dataUpdateCount + state.errorUpdateCount : 0;
  const payment = query.data;
  const gaveUp =
    returning &&
    payment !== undefined &&
    payment.provider !== 'sandbox' &&
    isOpen(payment) &&
    reads > POLL_DELAYS_MS.length;
  return { query, gaveUp };
}
