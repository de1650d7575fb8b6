import { infiniteQueryOptions } from '@tanstack/react-query';
import type { NotificationsPage } from '@tolk/shared/schemas/notifications';
import { get } from '../../../lib/http';
import { notificationsListQueryKey } from './keys';

/** One page of my notifications, last changed first, continuing at `cursor`. */
export const listNotifications = (cursor: string | undefined, signal?: AbortSignal) =>
  get<NotificationsPage>('/notifications', { params: cursor ? { cursor } : {}, signal });

/** Pages of my notifications, each continuing at the cursor the one before gave. */
export const notificationsListQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationsListQueryKey,
    queryFn: ({ pageParam, signal }) => listNotifications(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: NotificationsPage) => last.nextCursor ?? undefined,
  });
