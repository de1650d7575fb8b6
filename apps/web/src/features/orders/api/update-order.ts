import type { Order, OrderUpdate } from '@tolk/shared/schemas/orders';
import { patch } from '../../../lib/http';

/**
 * The buyer changes a pending order (how many, when, the note) from the version the form was
 * loaded with; an order changed since is refused with 409 `conflict`, never merged.
 */
export const updateOrder = (id: string, update: OrderUpdate) =>
  patch<Order>(`/orders/${encodeURIComponent(id)}`, update);
