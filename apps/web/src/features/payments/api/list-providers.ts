import { queryOptions } from '@tanstack/react-query';
import type { PaymentProviders } from '@tolk/shared/schemas/payments';
import { get } from '../../../lib/http';
import { providersQueryKey } from './keys';

/** The ways to pay offered here: the sandbox always, Stripe and PayPal when the server has their keys. */
export const listProviders = (signal?: AbortSignal) => get<PaymentProviders>('/payments/providers', { signal });

export const providersQuery = () =>
  queryOptions({ queryKey: providersQueryKey, queryFn: ({ signal }) => listProviders(signal) });
