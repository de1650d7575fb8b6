import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { NotificationsPage } from '@tolk/shared/schemas/notifications';
import { put } from '../../../lib/http';
import { notificationsListQueryKey, showRead, unreadNotificationsQueryKey } from './keys';

/** PUT /api/notifications/read: all of mine, read. */
export const markAllNotificationsRead = () => put<null>('/notifications/read');

/** Marks all my notifications read. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      queryClient.setQueryData<InfiniteData<NotificationsPage>>(notificationsListQueryKey, (pages) => showRead(pages));
      queryClient.setQueryData(unreadNotificationsQueryKey, { unread: 0 });
    },
  });
}
