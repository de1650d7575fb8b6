import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Wifi, WifiOff } from 'lucide-react';
import type { ConnectionSnapshot } from '../../../lib/realtime';

// A socket that reconnects within this time (a new token, a server restart) is not worth a banner.
const SOCKET_GRACE_MS = 1500;
const BACK_ONLINE_MS = 4000;

/** "You are offline" while the browser or the live connection is down, then "Back online" briefly. */
export function ConnectionBanner({ connection }: { connection: ConnectionSnapshot }) {
  const { t } = useTranslation();
  const socketDown = connection.socket === 'disconnected';
  const [socketDownLong, setSocketDownLong] = useState(false);
  if (!socketDown && socketDownLong) setSocketDownLong(false);
  useEffect(() => {
    if (!socketDown) return undefined;
    const timer = setTimeout(() => {
      setSocketDownLong(true);
    }, SOCKET_GRACE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [socketDown]);

  const offline = !connection.browserOnline || (socketDown && socketDownLong);
  const [wasOffline, setWasOffline] = useState(offline);
  const [backOnline, setBackOnline] = useState(false);
  if (offline !== wasOffline) {
    setWasOffline(offline);
    setBackOnline(!offline);
  }
  useEffect(() => {
    if (!backOnline) return undefined;
    const timer = setTimeout(() => {
      setBackOnline(false);
    }, BACK_ONLINE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [backOnline]);

  return (
    <div className="connection-status" role="status">
      {offline && (
        <p className="connection-banner offline">
          <WifiOff aria-hidden size={16} /> {t('common.offline')}
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
