import { useId } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellOff, CheckCheck, Settings } from 'lucide-react';
import Skeleton from 'react-loading-skeleton';
import { paths } from '../../../lib/paths';
import { ListMore } from '../../../ui/list-more';
import { ListEmpty } from '../../../ui/list-empty';
import { listSkeletons } from '../../../ui/skeletons';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { toastError } from '../../../ui/toast-error';
import { notificationsListQuery } from '../api/list-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-read';
import { NotificationItem } from '../components/notification-item';
import '../notifications.css';

/** Rows the shape of a notification's while the list loads. */
const notificationSkeletons = listSkeletons(
  'notification-list',
  <div className="notification-item skeleton" aria-hidden>
    <Skeleton circle width={36} height={36} />
    <div className="notification-body">
      <Skeleton width="80%" />
      <Skeleton width="30%" />
    </div>
  </div>,
);

/**
 * /notifications: what happened that I should know of, last changed first, a page at a time;
 * each opens what it is about and is read then; all can be marked read at once. The list follows
 * new ones live (the bell's event refreshes it).
 */
export function Component() {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useInfiniteQuery(notificationsListQuery());
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = query.data?.pages[0]?.unread ?? 0;
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="notifications" aria-labelledby={titleId}>
      <header className="head-row">
        <h1 id={titleId}>{t('notifications.title')}</h1>
        <div className="notifications-tools">
          <button
            type="button"
            className="button"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => {
              markAll.mutate(undefined, {
                onError: (error) => {
                  toastError(error, t);
                },
              });
            }}
          >
            <CheckCheck aria-hidden size={18} />
            {t('notifications.markAllRead')}
          </button>
          <Link
            className="icon-button"
            to={paths.notificationSettings}
            aria-label={t('notifications.settings.title')}
            title={t('notifications.settings.title')}
          >
            <Settings aria-hidden size={22} />
          </Link>
        </div>
      </header>
      {query.isPending ? (
        notificationSkeletons(5)
      ) : query.isError && query.data === undefined ? (
        <QueryError as="div" error={query.error} onRetry={refetchOf(query)} />
      ) : items.length === 0 ? (
        <ListEmpty icon={<BellOff aria-hidden size={40} />} text={t('notifications.empty')} />
      ) : (
        <>
          <ul className="notification-list">
            {items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  onOpen={() => {
                    // Opening it goes on regardless: a mark that fails leaves it unread, nothing more.
                    markRead.mutate(notification.id);
                  }}
                />
              </li>
            ))}
          </ul>
          <ListMore
            className="list-more"
            query={query}
            label={t('notifications.loadMore')}
            loading={notificationSkeletons(1)}
          />
        </>
      )}
    </section>
  );
}
