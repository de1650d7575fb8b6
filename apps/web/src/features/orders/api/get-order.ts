import { queryOptions } from '@tanstack/react-query';
import type { Order } from '@tolk/shared/schemas/orders';
import { get } from '../../../lib/http';
import { orderQueryKey } from './keys';

/** One of my orders (as buyer or seller) with its timeline, the note in my language, what I may do now. */
export const getOrder = (id: string, signal?: AbortSignal) =>
  get<Order>(`/orders/${encodeURIComponent(id)}`, { signal });

export const orderQuery = (id: string) =>
  queryOptions({ queryKey: orderQueryKey(id), queryFn: ({ signal }) => getOrder(id, signal) });
