import { useCallback, useEffect, useRef } from 'react';
import type { Photo } from '@tolk/shared/schemas/conversations';
import { toHttpError } from '../../lib/http';
import { sendMuse } from './api/send-muse';
import {
  addPending,
  confirmSent,
  failPending,
  resendPending,
  type PendingMuse,
  type ThreadState,
} from './thread-state';

export interface OutgoingMuse {
  text: string;
  /** The writer's language override; the server detects it when absent. */
  from?: string | undefined;
  photo?: Photo | null;
}

export type ThreadUpdater = (change: (state: ThreadState) => ThreadState) => void;

// Shared by every mount: a thread left and reopened mid-send must not send the same muse twice
// at once (harmless on the server, which dedupes by client id, but wasteful on a phone).
const inFlight = new Set<string>();

/**
 * Optimistic sending: a muse shows at once as "sending", becomes the stored muse when the server
 * answers, or "failed" with a retry that reuses its client id. Muses that failed for want of a
 * network go again by themselves when the connection returns.
 */
export function useSendMuse(conversationId: string, update: ThreadUpdater, read: () => ThreadState | undefined) {
  const latest = useRef({ conversationId, update, read });
  useEffect(() => {
    latest.current = { conversationId, update, read };
  });

  const deliver = useCallback(async (pending: PendingMuse) => {
    if (inFlight.has(pending.clientId)) return;
    inFlight.add(pending.clientId);
    const { conversationId: id } = latest.current;
    try {
      const muse = await sendMuse(id, {
        clientId: pending.clientId,
        text: pending.text,
        ...(pending.from ? { from: pending.from } : {}),
        ...(pending.photo ? { photoId: pending.photo.id } : {}),
      });
      latest.current.update((state) => confirmSent(state, muse));
    } catch (error) {
      const failure = toHttpError(error);
      latest.current.update((state) =>
        failPending(state, pending.clientId, failure.code === 'network' ? 'network' : 'rejected', failure.message),
      );
    } finally {
      inFlight.delete(pending.clientId);
    }
  }, []);

  const send = useCallback(
    (outgoing: OutgoingMuse): string => {
      const pending: PendingMuse = {
        clientId: crypto.randomUUID(),
        text: outgoing.text,
        from: outgoing.from || undefined,
        photo: outgoing.photo ?? null,
        createdAt: new Date().toISOString(),
        status: 'sending',
      };
      latest.current.update((state) => addPending(state, pending));
      void deliver(pending);
      return pending.clientId;
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const pending = latest.current.read()?.pending.find((item) => item.clientId === clientId);
      if (!pending || inFlight.has(clientId)) return;
      latest.current.update((state) => resendPending(state, clientId));
      void deliver(pending);
    },
    [deliver],
  );

  const retryNetworkFailures = useCallback(() => {
    for (const item of latest.current.read()?.pending ?? []) {
      if (item.status === 'failed' && item.failure === 'network') retry(item.clientId);
    }
  }, [retry]);

  useEffect(() => {
    window.addEventListener('online', retryNetworkFailures);
    return () => {
      window.removeEventListener('online', retryNetworkFailures);
    };
  }, [retryNetworkFailures]);

  return { send, retry, retryNetworkFailures };
}
