import { queryOptions } from '@tanstack/react-query';
import type { Payment } from '@tolk/shared/schemas/payments';
import { get } from '../../../lib/http';
import { paymentQueryKey } from './keys';

/**
 * One payment as its buyer (or seller) reads it. While it is open the server asks the provider
 * where it stands, so reading it again is how the return from Stripe or PayPal settles.
 */
export const getPayment = (id: string, signal?: AbortSignal) =>
  get<Payment>(`/payments/${encodeURIComponent(id)}`, { signal });

export const paymentQuery = (id: string) =>
  queryOptions({ queryKey: paymentQueryKey(id), queryFn: ({ signal }) => getPayment(id, signal) });
