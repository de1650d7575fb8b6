import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Image } from 'lucide-react';
import type { Notification } from '@tolk/shared/schemas/notifications';
import { formatAgo } from '../../../lib/format';
import { notificationText } from '../notification-text';
import { TopicIcon } from '../topic-icon';

/**
 * One notification: what happened in the reader's words, when, and for a muse the last one's
 * start in the reader's language (marked with its own language when no translation was ready).
 * Opening it marks it read.
 */
export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const unread = notification.readAt === null;
  const { preview, previewLanguage, photo } = notification.data;
  return (
    <Link
      to={notification.link}
      className={unread ? 'notification-item unread' : 'notification-item'}
      onClick={() => {
        if (unread) onOpen();
      }}
    >
      <span className="notification-icon" aria-hidden>
        <TopicIcon topic={notification.topic} size={20} />
      </span>
      <span className="notification-body">
        <span className="notification-text">
          {unread && <span className="visually-hidden">{t('notifications.unread')}: </span>}
          <span dir="auto">{notificationText(notification, t, i18n.language)}</span>
        </span>
        {(preview || photo) && (
          <span className="notification-preview" dir="auto" lang={previewLanguage}>
            {photo && <Image aria-label={t('notifications.photo')} size={14} />} {preview}
          </span>
        )}
        <time className="notification-time" dateTime={notification.updatedAt}>
          {formatAgo(notification.updatedAt, i18n.language)}
        </time>
      </span>
      {unread && <span className="notification-dot" aria-hidden />}
    </Link>
  );
}
