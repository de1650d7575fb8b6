import { useOrderEvents } from './use-order-events';

/** Mounted by the app's layout for signed-in members, on every screen: orders' live events. */
export default function OrdersLive() {
  useOrderEvents();
  return null;
}
