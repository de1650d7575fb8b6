import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { NotificationsPage } from '@tolk/shared/schemas/notifications';
import { put } from '../../../lib/http';
import { notificationsListQueryKey, showRead, unreadNotificationsQueryKey } from './keys';

/** PUT /api/notifications/{id}/read: one of mine, read. */
export const markNotificationRead = (id: string) => put<null>(`/notifications/${encodeURIComponent(id)}/read`);

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
