import { useTranslation } from 'react-i18next';
import { Wifi, WifiOff } from 'lucide-react';
import { useBackOnline } from '../lib/network-status';
import './network-notice.css';

/**
 * A live region that says the network is gone (`offlineText`, in red) or, for a few seconds after
 * `offline` turns false, that it is back. The shell's offline notice and a chat's connection
 * banner both speak through it.
 */
export function NetworkNotice({
  offline,
  offlineText,
  className,
}: {
  offline: boolean;
  offlineText: string;
  className: string;
}) {
  const { t } = useTranslation();
  const backOnline = useBackOnline(offline);
  return (
    <div className={className} role="status">
      {offline && (
        <p className="connection-banner offline">
          <WifiOff aria-hidden size={16} /> {offlineText}
        </p>
      )}
      {!offline && backOnline && (
        <p className="connection-banner online">
          <Wifi aria-hidden size={16} /> {t('common.backOnline')}
        </p>
      )}
    </div>
  );
}
