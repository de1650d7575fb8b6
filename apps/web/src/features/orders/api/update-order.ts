import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Order, OrderUpdate } from '@tolk/shared/schemas/orders';
import { patch } from '../../../lib/http';
import { refreshAfterOrderChange } from './keys';

/**
 * The buyer changes a pending order (how many, when, the note) from the version the form was
 * loaded with; an order changed since is refused with 409 `conflict`, never merged.
 */
export const updateOrder = (id: string, update: OrderUpdate) =>
  patch<Order>(`/orders/${encodeURIComponent(id)}`, update);

/** Changes one order; once the screen has done its part, the order and the lists show the change. */
export function useUpdateOrder(
  id: string,
  options: Omit<UseMutationOptions<Order, Error, OrderUpdate>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (update: OrderUpdate) => updateOrder(id, update),
    onSuccess: async (order, ...rest) => {
      await options.onSuccess?.(order, ...rest);
      await refreshAfterOrderChange(queryClient, order);
    },
  });
}
