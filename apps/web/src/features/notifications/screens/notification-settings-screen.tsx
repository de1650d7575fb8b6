import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Skeleton from 'react-loading-skeleton';
import { paths } from '../../../lib/paths';
import { BackLink } from '../../../ui/back-link';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { listSkeletons } from '../../../ui/skeletons';
import { notificationSettingsQuery } from '../api/get-notification-settings';
import { PushDeviceSection } from '../components/push-device-section';
import { TopicSettings } from '../components/topic-settings';
import '../notifications.css';

/** Rows the shape of a kind's while the settings load. */
const topicSkeletons = listSkeletons(
  'topic-settings',
  <div className="topic-setting skeleton" aria-hidden>
    <Skeleton circle width={36} height={36} />
    <div className="topic-text">
      <Skeleton width="40%" />
      <Skeleton width="85%" />
    </div>
  </div>,
);

/**
 * /notifications/settings: where each kind of notification reaches me besides the app (push,
 * email), and push on the device in hand. In the app every kind always shows, under the bell.
 */
export function Component() {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useQuery(notificationSettingsQuery());

  return (
    <section className="notification-settings" aria-labelledby={titleId}>
      <header className="screen-bar">
        <BackLink to={paths.notifications} />
        <h1 id={titleId}>{t('notifications.settings.title')}</h1>
      </header>
      <p className="muted">{t('notifications.settings.intro')}</p>
      {query.isPending ? (
        topicSkeletons(7)
      ) : query.isError ? (
        <QueryError as="div" error={query.error} onRetry={refetchOf(query)} />
      ) : (
        <TopicSettings settings={query.data} />
      )}
      <PushDeviceSection />
    </section>
  );
}
