import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onReconnect, onServerEvent, useRealtime } from '../../lib/realtime';
import { notificationsListQueryKey, unreadNotificationsQueryKey } from './api/keys';

/**
 * Notifications, live: the server tells the member's sockets their unread count whenever it
 * changes (one arrived, some were read on another device); the bell takes it as it comes and my
 * list asks again. After a reconnection both ask, for whatever changed while the socket was down.
 */
export function useNotificationEvents(): void {
  const queryClient = useQueryClient();
  const { socket } = useRealtime();

  useEffect(() => {
    if (!socket) return undefined;
    const offEvent = onServerEvent(socket, 'notifications', (event) => {
      queryClient.setQueryData(unreadNotificationsQueryKey, { unread: event.unread });
      void queryClient.invalidateQueries({ queryKey: notificationsListQueryKey });
    });
    const offReconnect = onReconnect(socket, () => {
      void queryClient.invalidateQueries({ queryKey: unreadNotificationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: notificationsListQueryKey });
    });
    return () => {
      offEvent();
      offReconnect();
    };
  }, [socket, queryClient]);
}
