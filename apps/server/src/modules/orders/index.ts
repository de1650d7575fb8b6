/** The orders module's public face: Orders of offered things (`app.orders`). Other modules import only this file. */
export { ordersPlugin } from './orders.plugin';
export type { PayableOrder, OrderScope, OrdersService } from './orders.service';
