import type { InfiniteData } from '@tanstack/react-query';
import type { NotificationsPage } from '@tolk/shared/schemas/notifications';

/**
 * The notifications' query keys as one tree: notifications → 'list' (my pages), 'unread' (the
 * bell's count), 'settings' (where each kind reaches me), 'push' → 'key' (the server's), 'device'
 * (this browser's push, by the key it is asked against).
 */
export const notificationsQueryKey = ['notifications'] as const;
export const notificationsListQueryKey = [...notificationsQueryKey, 'list'] as const;
export const unreadNotificationsQueryKey = [...notificationsQueryKey, 'unread'] as const;
export const notificationSettingsQueryKey = [...notificationsQueryKey, 'settings'] as const;
export const pushKeyQueryKey = [...notificationsQueryKey, 'push', 'key'] as const;
export const pushDeviceQueryKey = (publicKey: string) =>
  [...notificationsQueryKey, 'push', 'device', publicKey] as const;

/** My list shows them read at once (`id`: one; none: all); the server's count follows on the socket. */
export function showRead(pages: InfiniteData<NotificationsPage> | undefined, id?: string) {
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
