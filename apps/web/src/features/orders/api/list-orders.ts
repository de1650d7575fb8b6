import { infiniteQueryOptions } from '@tanstack/react-query';
import type { OrdersPage } from '@tolk/shared/schemas/orders';
import { get } from '../../../lib/http';
import { ordersListsQueryKey } from './keys';

/** Which side of my orders a list shows: what I buy, or what others order from me. */
export type OrderSide = 'buyer' | 'seller';

export const ordersListQueryKey = (role: OrderSide) => [...ordersListsQueryKey, role] as const;

/** One page of my orders on one side, newest first, continuing at `cursor`. */
export const listOrders = (query: { role: OrderSide; cursor?: string }, signal?: AbortSignal) =>
  get<OrdersPage>('/orders', { params: query, signal });

/** Pages of my orders on one side, each continuing at the cursor the one before gave. */
export const ordersListQuery = (role: OrderSide) =>
  infiniteQueryOptions({
    queryKey: ordersListQueryKey(role),
    queryFn: ({ pageParam, signal }) => listOrders({ role, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: OrdersPage) => last.nextCursor ?? undefined,
  });
