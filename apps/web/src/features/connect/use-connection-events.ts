import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { ConnectionEvent } from '@tolk/shared/realtime';
import { paths } from '../../lib/paths';
import { onReconnect, onServerEvent, useRealtime } from '../../lib/realtime';
import { useLoginResponse } from '../../lib/session';
import { connectQueryKey } from './api/keys';
import { personName } from './format';

/**
 * Connect, live, on every screen of a signed-in member: when someone asks, accepts, declines,
 * withdraws, removes or blocks, my lists, the badge and any person's page refresh, and a request
 * made to me or mine accepted is said in a toast (a tap opens my requests or their page). After a
 * reconnection they refresh too, for whatever happened while the socket was down.
 */
export function useConnectionEvents(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { socket } = useRealtime();
  const { loginResponse } = useLoginResponse();
  const me = loginResponse.username;

  // Back after the connection dropped (offline, a deploy): what happened meanwhile was not heard.
  useEffect(() => {
    if (!socket) return undefined;
    return onReconnect(socket, () => {
      void queryClient.invalidateQueries({ queryKey: connectQueryKey });
    });
  }, [socket, queryClient]);

  useEffect(() => {
    if (!socket) return undefined;
    return onServerEvent(socket, 'connection', (event: ConnectionEvent) => {
      void queryClient.invalidateQueries({ queryKey: connectQueryKey });
      // Both sides hear of an acceptance; the one who accepted knows already.
      if (event.person.username === me) return;
      const name = personName(event.person);
      if (event.kind === 'requested') {
        toast.info(t('connect.live.requested', { name }), {
          toastId: `connect-${event.connectionId}-requested`,
          onClick: () => {
            void navigate(paths.connectRequests);
          },
        });
      } else if (event.kind === 'accepted') {
        toast.success(t('connect.live.accepted', { name }), {
          toastId: `connect-${event.connectionId}-accepted`,
          onClick: () => {
            void navigate(paths.connectPerson(event.person.id));
          },
        });
      }
    });
  }, [socket, queryClient, navigate, me, t]);
}
