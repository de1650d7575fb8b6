import { queryOptions } from '@tanstack/react-query';
import type { OrdersWaiting } from '@tolk/shared/schemas/orders';
import { get } from '../../../lib/http';
import { ordersWaitingQueryKey } from './keys';

/** Per side, how many of my orders wait for me to act, and how many I have. */
export const countWaiting = (signal?: AbortSignal) => get<OrdersWaiting>('/orders/waiting', { signal });

export const ordersWaitingQuery = () =>
  queryOptions({ queryKey: ordersWaitingQueryKey, queryFn: ({ signal }) => countWaiting(signal) });
