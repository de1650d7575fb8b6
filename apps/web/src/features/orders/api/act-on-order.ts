import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Order, OrderAction } from '@tolk/shared/schemas/orders';
import { HttpError } from '../../../lib/http-error';
import { post } from '../../../lib/http';
import { orderQueryKey, ordersListsQueryKey, ordersWaitingQueryKey, refreshAfterOrderChange } from './keys';

/**
 * Accept, decline, cancel or fulfil, from the version the page shows: an order that moved on
 * meanwhile (the other side acted) is refused with 409 `conflict`.
 */
export const actOnOrder = (id: string, action: OrderAction, version: number) =>
  post<Order>(`/orders/${encodeURIComponent(id)}/${action}`, { version });

type Act = { action: OrderAction; version: number };

/**
 * Acts on one order. After the screen's part, the order and the lists show the answer; refused
 * because the order moved on (409), the order, the lists and the counts are read again.
 */
export function useActOnOrder(id: string, options: Omit<UseMutationOptions<Order, Error, Act>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ action, version }: Act) => actOnOrder(id, action, version),
    onSuccess: async (order, ...rest) => {
      await options.onSuccess?.(order, ...rest);
      await refreshAfterOrderChange(queryClient, order);
    },
    onError: async (error, ...rest) => {
      await options.onError?.(error, ...rest);
      if (error instanceof HttpError && error.code === 'conflict') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: orderQueryKey(id) }),
          queryClient.invalidateQueries({ queryKey: ordersListsQueryKey }),
          queryClient.invalidateQueries({ queryKey: ordersWaitingQueryKey }),
        ]);
      }
    },
  });
}
