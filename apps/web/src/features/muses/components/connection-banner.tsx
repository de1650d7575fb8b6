import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionSnapshot } from '../../../lib/realtime';
import { NetworkNotice } from '../../../ui/network-notice';

// A socket that reconnects within this time (a new token, a server restart) is not worth a banner.
const SOCKET_GRACE_MS = 1500;

/**
 * "You are offline" while the live connection is down though the browser has a network (a server
 * restart, a proxy in between), then "Back online" briefly. The browser itself being offline is
 * the shell's offline notice (app/layout/offline-notice.tsx), on every screen.
 */
export function ConnectionBanner({ connection }: { connection: ConnectionSnapshot }) {
  const { t } = useTranslation();
  const socketDown = connection.browserOnline && connection.socket === 'disconnected';
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

  return (
    <NetworkNotice
      className="connection-status"
      offline={socketDown && socketDownLong}
      offlineText={t('common.offline')}
    />
  );
}
