import type { Order, OrderAction } from '@tolk/shared/schemas/orders';
import { post } from '../../../lib/http';

/**
 * Accept, decline, cancel or fulfil, from the version the page shows: an order that moved on
 * meanwhile (the other side acted) is refused with 409 `conflict`.
 */
export const actOnOrder = (id: string, action: OrderAction, version: number) =>
  post<Order>(`/orders/${encodeURIComponent(id)}/${action}`, { version });
