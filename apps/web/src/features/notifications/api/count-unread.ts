import { queryOptions } from '@tanstack/react-query';
import type { UnreadNotifications } from '@tolk/shared/schemas/notifications';
import { get } from '../../../lib/http';
import { unreadNotificationsQueryKey } from './keys';

/** How many of my notifications are unread: the bell's count (the socket keeps it current). */
export const countUnread = (signal?: AbortSignal) => get<UnreadNotifications>('/notifications/unread', { signal });

export const unreadNotificationsQuery = () =>
  queryOptions({
    queryKey: unreadNotificationsQueryKey,
    queryFn: ({ signal }) => countUnread(signal),
  });
