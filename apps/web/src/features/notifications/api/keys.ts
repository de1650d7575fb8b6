/** The notifications' query keys as one tree: notifications → 'list' (my pages), 'unread' (the bell's count). */
export const notificationsQueryKey = ['notifications'] as const;
export const notificationsListQueryKey = [...notificationsQueryKey, 'list'] as const;
export const unreadNotificationsQueryKey = [...notificationsQueryKey, 'unread'] as const;
