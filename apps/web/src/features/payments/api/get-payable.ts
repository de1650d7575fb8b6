import { queryOptions } from '@tanstack/react-query';
import type { Payable } from '@tolk/shared/schemas/payments';
import { get } from '../../../lib/http';
import { payableQueryKey } from './keys';

/** An accepted order or a subscription as its payer reads it before paying: what, how much, whether it can be paid now. */
export const getPayable = (id: string, signal?: AbortSignal) =>
  get<Payable>(`/payables/${encodeURIComponent(id)}`, { signal });

export const payableQuery = (id: string) =>
  queryOptions({ queryKey: payableQueryKey(id), queryFn: ({ signal }) => getPayable(id, signal) });
