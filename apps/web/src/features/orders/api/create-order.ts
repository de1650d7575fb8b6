import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Order, OrderInput } from '@tolk/shared/schemas/orders';
import { post } from '../../../lib/http';
import { refreshAfterOrderChange } from './keys';

/**
 * Orders an offered thing. The client key is the form's own: sent again when a first attempt's
 * answer was lost, it finds the order that attempt made instead of making a second.
 */
export const createOrder = (input: OrderInput) => post<Order>('/orders', input);

/** Places an order; once the screen has done its part, the order and the lists show it. */
export function useCreateOrder(options: Omit<UseMutationOptions<Order, Error, OrderInput>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createOrder,
    onSuccess: async (order, ...rest) => {
      await options.onSuccess?.(order, ...rest);
      await refreshAfterOrderChange(queryClient, order);
    },
  });
}
