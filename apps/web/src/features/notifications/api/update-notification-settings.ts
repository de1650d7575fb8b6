import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_TOPICS,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '@tolk/shared/schemas/notifications';
import { patch } from '../../../lib/http';
import { notificationSettingsQueryKey } from './keys';

/** PATCH /api/notifications/settings: some kinds' channels; the kinds and channels not named keep theirs. */
export const updateNotificationSettings = (change: NotificationSettingsInput) =>
  patch<NotificationSettings>('/notifications/settings', change);

const updateMutationKey = [...notificationSettingsQueryKey, 'update'] as const;

/** The settings with a change made, as the server makes it. */
function withChange(settings: NotificationSettings, change: NotificationSettingsInput): NotificationSettings {
  const topics = { ...settings.topics };
  for (const topic of NOTIFICATION_TOPICS) {
    const channels = change.topics[topic];
    if (channels) topics[topic] = { ...topics[topic], ...channels };
  }
  return { ...settings, topics };
}

/** The change that undoes `change`: the channels it names, as they were. */
function undoing(settings: NotificationSettings, change: NotificationSettingsInput): NotificationSettingsInput {
  const topics: NotificationSettingsInput['topics'] = {};
  for (const topic of NOTIFICATION_TOPICS) {
    const channels = change.topics[topic];
    if (!channels) continue;
    const before = settings.topics[topic];
    topics[topic] = {
      ...(channels.push !== undefined && { push: before.push }),
      ...(channels.email !== undefined && { email: before.email }),
    };
  }
  return { topics };
}

/**
 * Changes where some kinds reach me, shown at once: a change that fails is undone on screen, only
 * its own channels, so another change made meanwhile stays. The server's answer replaces the
 * settings once no other change is on its way (an earlier answer would not have that one yet).
 * `onError` is told of every failure (mutate's own callbacks hear only the last of quick changes).
 */
export function useUpdateNotificationSettings({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateMutationKey,
    mutationFn: updateNotificationSettings,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsQueryKey });
      const settings = queryClient.getQueryData<NotificationSettings>(notificationSettingsQueryKey);
      if (!settings) return { undo: undefined };
      queryClient.setQueryData(notificationSettingsQueryKey, withChange(settings, change));
      return { undo: undoing(settings, change) };
    },
    onError: (error, _change, context) => {
      const undo = context?.undo;
      if (undo) {
        queryClient.setQueryData<NotificationSettings>(
          notificationSettingsQueryKey,
          (settings) => settings && withChange(settings, undo),
        );
      }
      onError?.(error);
    },
    onSuccess: (saved) => {
      // This change still counts as on its way while its own onSuccess runs.
      if (queryClient.isMutating({ mutationKey: updateMutationKey }) <= 1) {
        queryClient.setQueryData(notificationSettingsQueryKey, saved);
      }
    },
  });
}
