import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bell } from 'lucide-react';
import { formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { unreadNotificationsQuery } from './api/count-unread';
import { useNotificationEvents } from './use-notification-events';
import './bell.css';

/**
 * The header's bell for signed-in members: it opens my notifications and shows how many are
 * unread, kept current over the socket. Without a count (not loaded, or it failed) it is a plain
 * link: the screen says the rest.
 */
export default function NotificationBell() {
  const { t, i18n } = useTranslation();
  useNotificationEvents();
  const unread = useQuery(unreadNotificationsQuery()).data?.unread ?? 0;
  return (
    <Link
      to={paths.notifications}
      className="icon-button notification-bell"
      aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.title')}
    >
      <Bell aria-hidden size={20} />
      {unread > 0 && (
        <span className="notification-count count-badge" aria-hidden data-testid="notification-count">
          {unread > 99 ? '99+' : formatNumber(unread, i18n.language)}
        </span>
      )}
    </Link>
  );
}
