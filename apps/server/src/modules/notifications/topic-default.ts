import { NOTIFICATION_DEFAULTS, NOTIFICATION_TOPICS, type NotificationTopic } from '@tolk/shared/schemas/notifications';

/** Whether a topic reaches members on a channel until they choose otherwise (false for a topic this version does not know). */
export function topicDefault(topic: string, channel: 'push' | 'email'): boolean {
  return (NOTIFICATION_TOPICS as readonly string[]).includes(topic)
    ? NOTIFICATION_DEFAULTS[topic as NotificationTopic][channel]
    : false;
}
