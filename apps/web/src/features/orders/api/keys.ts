import type { QueryClient } from '@tanstack/react-query';
import type { Order } from '@tolk/shared/schemas/orders';

/** The orders' query keys as one tree: orders → 'list' (per side), 'waiting' (counts), 'detail' (one order), 'offered' (a seller's things). */
export const ordersQueryKey = ['orders'] as const;
export const ordersListsQueryKey = [...ordersQueryKey, 'list'] as const;
export const ordersWaitingQueryKey = [...ordersQueryKey, 'waiting'] as const;
export const orderQueryKey = (id: string) => [...ordersQueryKey, 'detail', id] as const;

/**
 * After an order was made, changed or acted on: its page shows the server's answer at once, and
 * both sides' lists ask again (its state, total or place in them may have changed), and so do the
 * counts of what waits.
 */
export async function refreshAfterOrderChange(queryClient: QueryClient, order: Order): Promise<void> {
  queryClient.setQueryData(orderQueryKey(order.id), order);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ordersListsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ordersWaitingQueryKey }),
  ]);
}
