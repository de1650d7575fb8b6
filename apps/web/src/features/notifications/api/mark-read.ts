import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { NotificationsPage } from '@tolk/shared/schemas/notifications';
import { put } from '../../../lib/http';
import { notificationsListQueryKey, unreadNotificationsQueryKey } from './keys';

/** PUT /api/notifications/{id}/read: one of mine, read. */
export const markNotificationRead = (id: string) => put<null>(`/notifications/${encodeURIComponent(id)}/read`);

/** PUT /api/notifications/read: all of mine, read. */
export const markAllNotificationsRead = () => put<null>('/notifications/read');

/** My list shows them read at once (`id`: one; none: all); the server's count follows on the socket. */
function showRead(pages: InfiniteData<NotificationsPage> | undefined, id?: string) {
  if (!pages) return pages;
  const at = new Date().toISOString();
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.readAt || (id && item.id !== id) ? item : { ...item, readAt: at })),
    })),
  };
}

/** Marks one notification read (opening it does). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      queryClient.setQueryData<InfiniteData<NotificationsPage>>(notificationsListQueryKey, (pages) =>
        showRead(pages, id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: unreadNotificationsQueryKey }),
  });
}

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
