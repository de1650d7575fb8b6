import { queryOptions } from '@tanstack/react-query';
import type { PaymentTerms } from '@tolk/shared/schemas/payments';
import { get } from '../../../lib/http';
import { termsQueryKey } from './keys';

/** What selling costs here: the platform's fee in percent, as the server takes it. */
export const getTerms = (signal?: AbortSignal) => get<PaymentTerms>('/payments/terms', { signal });

/** The server's setting changes only with a restart: read once a session. */
export const termsQuery = () =>
  queryOptions({ queryKey: termsQueryKey, queryFn: ({ signal }) => getTerms(signal), staleTime: Infinity });
