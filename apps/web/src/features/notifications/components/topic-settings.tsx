import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MailWarning } from 'lucide-react';
import {
  NOTIFICATION_TOPICS,
  type NotificationSettings,
  type NotificationSettingsInput,
  type NotificationTopic,
} from '@tolk/shared/schemas/notifications';
import { paths } from '../../../lib/paths';
import { toastError } from '../../../ui/toast-error';
import { accountEmailQuery } from '../../auth/api/account-email';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { TopicIcon } from '../topic-icon';
import '../../../ui/switch.css';

type Channel = 'push' | 'email';
const CHANNELS: readonly Channel[] = ['push', 'email'];

/**
 * Where each kind of notification reaches me besides the app: a push switch and an email switch
 * per kind, each saved on its own as it is flipped.
 */
export function TopicSettings({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  const update = useUpdateNotificationSettings({
    onError: (error) => {
      toastError(error, t);
    },
  });
  const change = (topic: NotificationTopic, channel: Channel, on: boolean) => {
    const topics: NotificationSettingsInput['topics'] = {};
    topics[topic] = channel === 'push' ? { push: on } : { email: on };
    update.mutate({ topics });
  };

  return (
    <>
      <EmailNotice />
      <ul className="topic-settings">
        {NOTIFICATION_TOPICS.map((topic) => (
          <li key={topic}>
            <TopicSetting topic={topic} channels={settings.topics[topic]} onChange={change} />
          </li>
        ))}
      </ul>
    </>
  );
}

function TopicSetting({
  topic,
  channels,
  onChange,
}: {
  topic: NotificationTopic;
  channels: Record<Channel, boolean>;
  onChange: (topic: NotificationTopic, channel: Channel, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="topic-setting">
      <span className="notification-icon" aria-hidden>
        <TopicIcon topic={topic} size={20} />
      </span>
      <div className="topic-text">
        <span className="topic-label" id={`${id}-label`}>
          {t(`notifications.settings.topics.${topic}.label`)}
        </span>
        <p>{t(`notifications.settings.topics.${topic}.description`)}</p>
      </div>
      <div className="topic-channels">
        {CHANNELS.map((channel) => (
          <label key={channel} className="switch-row">
            {/* Named by the kind, then the channel: seven switches share each channel's word. */}
            <input
              type="checkbox"
              role="switch"
              className="switch"
              checked={channels[channel]}
              aria-labelledby={`${id}-label ${id}-${channel}`}
              onChange={(event) => {
                onChange(topic, channel, event.target.checked);
              }}
            />
            <span id={`${id}-${channel}`}>{t(`notifications.settings.channels.${channel}`)}</span>
          </label>
        ))}
      </div>
    </div>
  );
}

/**
 * Mail goes only to an address the member proved theirs: without one, the email switches are
 * kept (they count from the day it is verified) and this says where to add or verify it.
 */
function EmailNotice() {
  const { t } = useTranslation();
  const email = useQuery(accountEmailQuery()).data;
  if (!email || (email.email && email.verified)) return null;
  return (
    <p className="callout settings-note">
      <MailWarning aria-hidden size={20} />
      <span>
        {email.email ? (
          <>
            {t('notifications.settings.emailUnverified')}{' '}
            <Link to={paths.profileEdit}>{t('notifications.settings.emailVerifyLink')}</Link>
          </>
        ) : (
          <>
            {t('notifications.settings.emailMissing')}{' '}
            <Link to={paths.profileEdit}>{t('notifications.settings.emailAddLink')}</Link>
          </>
        )}
      </span>
    </p>
  );
}
