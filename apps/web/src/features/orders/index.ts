import { afterFirstScreen } from '../../lib/later-parts';
import { lazyPart } from '../../ui/lazy-part';

/**
 * What the app shell takes from orders, loaded only for signed-in members and apart from the first
 * page: the live events that keep an order's page and my lists current on every screen.
 */
export const OrdersLive = lazyPart(afterFirstScreen(() => import('./live')));
