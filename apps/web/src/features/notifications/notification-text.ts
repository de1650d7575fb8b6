import type { TFunction } from 'i18next';
import type { Notification } from '@tolk/shared/schemas/notifications';
import { formatDay, personName } from '../../lib/format';

/**
 * A notification in the reader's words, from what it is about and what happened: the server
 * stores no sentence, so a member reads their notifications in whatever language they choose
 * now (a date in its way of writing dates). An event this version of the app does not know yet still reads as something new.
 */
export function notificationText(notification: Notification, t: TFunction, language: string): string {
  const name = notification.actor ? personName(notification.actor) : t('notifications.someone');
  const { title = '' } = notification.data;
  const date = notification.data.date ? formatDay(notification.data.date, language) : '';
  const values = { name, title, date, count: notification.count };
  if (notification.topic === 'muse') {
    return title ? t('notifications.events.muse.newIn', values) : t('notifications.events.muse.new', values);
  }
  const key = `notifications.events.${notification.topic}.${notification.event}`;
  return t(key, { ...values, defaultValue: t('notifications.somethingNew') });
}
