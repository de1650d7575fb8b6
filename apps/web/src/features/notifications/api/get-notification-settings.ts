import { queryOptions } from '@tanstack/react-query';
import type { NotificationSettings } from '@tolk/shared/schemas/notifications';
import { get } from '../../../lib/http';
import { notificationSettingsQueryKey } from './keys';

/** GET /api/notifications/settings: where each kind of notification reaches me besides the app. */
export const getNotificationSettings = (signal?: AbortSignal) =>
  get<NotificationSettings>('/notifications/settings', { signal });

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
