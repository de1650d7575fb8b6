import { useTranslation } from 'react-i18next';
import { useBrowserOnline } from '../../lib/network-status';
import { NetworkNotice } from '../../ui/network-notice';
import './offline-notice.css';

/**
 * On every screen while the browser has no network: the app still opens (the service worker
 * keeps its shell), and this says why nothing live happens. "Back online" briefly when it returns.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const offline = !useBrowserOnline();
  return <NetworkNotice className="offline-notice" offline={offline} offlineText={t('app.offline')} />;
}
