import { personName } from '@tolk/shared/names';
import type { ServerT } from '../../texts';

/** What a notification says, as stored: enough to word it in any language. */
export interface Wordable {
  topic: string;
  event: string;
  actorName: string | null;
  data: Record<string, string>;
  count: number;
}

/** The actor columns a notification is read with (`wordableColumns`), as the name it says; null when no one acted. */
export function withActorName<R extends { actorUsername: string | null; actorDisplayName: string | null }>(
  row: R,
): Omit<R, 'actorUsername' | 'actorDisplayName'> & { actorName: string | null } {
  const { actorUsername, actorDisplayName, ...rest } = row;
  return {
    ...rest,
    actorName:
      actorUsername === null ? null : personName({ username: actorUsername, displayName: actorDisplayName ?? '' }),
  };
}

/**
 * A notification in the recipient's words, for what leaves the server (a push, a digest line):
 * the same texts and the same choice as the app's own (web features/notifications/notification-text.ts;
 * texts.test.ts holds the two sets of texts equal).
 */
export function notificationWords(notification: Wordable, t: ServerT, language: string): string {
  const name = notification.actorName ?? t('notification.someone');
  const { title = '' } = notification.data;
  const date = notification.data.date ? longDate(notification.data.date, language) : '';
  const values = { name, title, date, count: notification.count };
  if (notification.topic === 'muse') {
    return t(title ? 'notification.events.muse.newIn' : 'notification.events.muse.new', values);
  }
  const key = `notification.events.${notification.topic}.${notification.event}`;
  const words = t(key, values);
  return words === key ? t('notification.somethingNew') : words;
}

/** An ISO date as the language writes it ("28 November 2026"); anything else as it is. */
function longDate(value: string, language: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time)
    ? value
    : new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(time);
}

/** A muse's preview as the notification keeps it ("Photo" for a photo without words). */
export function previewWords(notification: Pick<Wordable, 'data'>, t: ServerT): string {
  const { preview = '', photo } = notification.data;
  return preview || (photo ? t('notification.photo') : '');
}
