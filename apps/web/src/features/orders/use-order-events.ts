import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@tolk/shared/schemas/orders';
import type { OrderChangedEvent } from '@tolk/shared/realtime';
import { onReconnect, onServerEvent, useRealtime } from '../../lib/realtime';
import { orderQueryKey, ordersListsQueryKey, ordersQueryKey, ordersWaitingQueryKey } from './api/keys';

/**
 * Orders, live, on every screen of a signed-in member: when either side makes, changes or acts on
 * an order, its page, both lists and the counts of what waits read it again, so the buyer sees the seller accept without
 * reloading (and the other way round). A page already at that version (the one who acted) is
 * left alone. After a reconnection everything is read again, for what happened meanwhile.
 */
export function useOrderEvents(): void {
  const queryClient = useQueryClient();
  const { socket } = useRealtime();

  useEffect(() => {
    if (!socket) return undefined;
    const stopReconnect = onReconnect(socket, () => {
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    });
    const stopOrders = onServerEvent(socket, 'order', (event: OrderChangedEvent) => {
      const shown = queryClient.getQueryData<Order>(orderQueryKey(event.orderId));
      if (!shown || shown.version < event.version) {
        void queryClient.invalidateQueries({ queryKey: orderQueryKey(event.orderId) });
      }
      void queryClient.invalidateQueries({ queryKey: ordersListsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ordersWaitingQueryKey });
    });
    return () => {
      stopReconnect();
      stopOrders();
    };
  }, [socket, queryClient]);
}
