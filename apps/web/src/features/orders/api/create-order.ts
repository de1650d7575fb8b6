import type { Order, OrderInput } from '@tolk/shared/schemas/orders';
import { post } from '../../../lib/http';

/**
 * Orders an offered thing. The client key is the form's own: sent again when a first attempt's
 * answer was lost, it finds the order that attempt made instead of making a second.
 */
export const createOrder = (input: OrderInput) => post<Order>('/orders', input);
