import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { useIncomingRequestCount } from './use-incoming-request-count';

/** The number of requests waiting for me, on Connect in the navigation; nothing when none. */
export default function RequestsBadge() {
  const { t, i18n } = useTranslation();
  const count = useIncomingRequestCount();
  if (count === 0) return null;
  return (
    <span className="nav-badge count-badge">
      <span aria-hidden>{count > 99 ? '99+' : formatNumber(count, i18n.language)}</span>{' '}
      <span className="visually-hidden">{t('connect.waiting', { count })}</span>
    </span>
  );
}
