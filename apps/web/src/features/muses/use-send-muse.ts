import { useCallback, useEffect, useRef } from 'react';
import i18next from 'i18next';
import { sendMuseAckSchema } from '@tolk/shared/realtime';
import type { Muse, Photo, SendMuseInput } from '@tolk/shared/schemas/conversations';
import { newClientId } from '../../lib/client-id';
import { HttpError, toHttpError } from '../../lib/http';
import { errorMessage } from '../../ui/error-message';
import type { RealtimeSocket } from '../../lib/realtime';
import { sendMuse } from './api/send-muse';
import {
  addPending,
  confirmSent,
  failPending,
  resendPending,
  type PendingMuse,
  type PendingVoice,
  type ThreadState,
} from './thread-state';

export interface OutgoingMuse {
  text: string;
  /** The writer's language override; the server detects it when absent. */
  from?: string | undefined;
  photo?: Photo | null;
  /** My recording, stored already: the muse becomes a voice muse, its text the checked transcript. */
  voice?: PendingVoice | null;
}

export type ThreadUpdater = (change: (state: ThreadState) => ThreadState) => void;

// Shared by every mount: a thread left and reopened mid-send must not send the same muse twice
// at once (harmless on the server, which dedupes by client id, but wasteful on a phone).
const inFlight = new Set<string>();

// One line per conversation, shared by every mount: a muse goes only once the one typed before it
// has an answer (stored, refused or failed), whichever way each goes (socket or HTTP), so the
// server numbers them in the order they were written.
const lines = new Map<string, Promise<void>>();

/**
 * How long a muse waits for the one before it. HTTP has no timeout (the spec's client), so a
 * request the network swallowed must not hold every later muse for ever.
 */
export const SEND_LINE_WAIT_MS = 30_000;

function inLine(conversationId: string, work: () => Promise<void>): Promise<void> {
  const previous = lines.get(conversationId);
  let next: Promise<void>;
  if (!previous) {
    // Nothing ahead: it goes now, in this tick.
    next = work();
  } else {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = Promise.race([
      previous,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, SEND_LINE_WAIT_MS))),
    ]).finally(() => {
      clearTimeout(timer);
    });
    next = waited.then(work, work);
  }
  lines.set(conversationId, next);
  void next.finally(() => {
    if (lines.get(conversationId) === next) lines.delete(conversationId);
  });
  return next;
}

/** How long an open socket may take to acknowledge a muse before it goes again over HTTP. */
export const SOCKET_SEND_TIMEOUT_MS = 8_000;

type SocketOutcome = { ok: true; muse: Muse } | { ok: false; error: HttpError };

/**
 * The `muse:send` acknowledgement, parsed with its shared schema like every inbound socket
 * payload. Anything that is not a well-formed answer counts as a refusal.
 */
function parseSendAck(payload: unknown): SocketOutcome {
  const parsed = sendMuseAckSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, error: new HttpError(500, 'internal', '') };
  const ack = parsed.data;
  if (ack.ok) return { ok: true, muse: ack.muse };
  const { code, message, retryAfterSeconds, fields } = ack.error;
  return { ok: false, error: new HttpError(0, code, message, fields ?? {}, retryAfterSeconds) };
}

/**
 * Past saturation the server turns sends away (`unavailable`, with the seconds to wait) rather
 * than queue them: the muse goes again by itself, this many times, before it shows as not sent.
 */
export const BUSY_RETRIES = 5;

/** The wait the server named, plus up to a second of jitter so that turned-away clients spread out. */
function busyWaitMs(error: HttpError): number {
  return (error.retryAfterSeconds ?? 1) * 1000 + Math.random() * 1000;
}

/** Sends one muse now: over the open socket, else (or when it stays quiet) over HTTP. */
async function deliverNow(
  pending: PendingMuse,
  id: string,
  update: ThreadUpdater,
  socket: RealtimeSocket | undefined,
  busyRetries = 0,
): Promise<void> {
  /** Still "sending" while the server is busy: it goes again after the wait, in its place in line. */
  const again = async (error: HttpError) => {
    if (error.code !== 'unavailable' || busyRetries >= BUSY_RETRIES) return false;
    await new Promise((resolve) => setTimeout(resolve, busyWaitMs(error)));
    await deliverNow(pending, id, update, socket, busyRetries + 1);
    return true;
  };
  const input: SendMuseInput = {
    clientId: pending.clientId,
    text: pending.text,
    ...(pending.from ? { from: pending.from } : {}),
    ...(pending.photo ? { photoId: pending.photo.id } : {}),
    ...(pending.voice ? { voiceId: pending.voice.id } : {}),
  };
  if (!navigator.onLine) {
    // No network: it waits in the queue (and goes by itself when the browser is back online).
    update((state) => failPending(state, pending.clientId, 'network', ''));
    inFlight.delete(pending.clientId);
    return;
  }
  try {
    if (socket?.connected) {
      let outcome: SocketOutcome | undefined;
      try {
        const ack: unknown = await socket
          .timeout(SOCKET_SEND_TIMEOUT_MS)
          .emitWithAck('muse:send', { conversationId: id, ...input });
        outcome = parseSendAck(ack);
      } catch {
        // No answer in time, or the socket dropped first: HTTP below, with the same client id.
      }
      if (outcome?.ok) {
        const { muse } = outcome;
        update((state) => confirmSent(state, muse));
        return;
      }
      if (outcome) {
        if (await again(outcome.error)) return;
        // The server answered and refused (rate limits and its own failures too): the writer
        // may tap to retry; sending it again over HTTP now would only be refused again.
        const message = errorMessage(outcome.error, i18next.t);
        update((state) => failPending(state, pending.clientId, 'rejected', message));
        return;
      }
    }
    const muse = await sendMuse(id, input);
    update((state) => confirmSent(state, muse));
  } catch (error) {
    const failure = toHttpError(error);
    if (await again(failure)) return;
    const message = errorMessage(failure, i18next.t);
    update((state) =>
      failPending(state, pending.clientId, failure.code === 'network' ? 'network' : 'rejected', message),
    );
  } finally {
    inFlight.delete(pending.clientId);
  }
}

/**
 * Optimistic sending: a muse shows at once as "sending", becomes the stored muse when the server
 * answers, or "failed" with a retry that reuses its client id. Muses that failed for want of a
 * network go again by themselves when the connection returns.
 *
 * Over the realtime socket when it is connected (no request per muse); over HTTP when it is not,
 * or when the socket gives no answer in time. Both carry the same client id, so a muse the socket
 * did deliver before going quiet is not stored twice.
 */
export function useSendMuse(
  conversationId: string,
  update: ThreadUpdater,
  read: () => ThreadState | undefined,
  socket?: RealtimeSocket,
) {
  const latest = useRef({ conversationId, update, read, socket });
  useEffect(() => {
    latest.current = { conversationId, update, read, socket };
  });

  const deliver = useCallback((pending: PendingMuse) => {
    if (inFlight.has(pending.clientId)) return Promise.resolve();
    inFlight.add(pending.clientId);
    // The thread it was written in, whatever this screen shows by the time its turn comes.
    const { conversationId: id, update: into } = latest.current;
    return inLine(id, () => deliverNow(pending, id, into, latest.current.socket));
  }, []);

  const send = useCallback(
    (outgoing: OutgoingMuse): string => {
      const pending: PendingMuse = {
        clientId: newClientId(),
        text: outgoing.text,
        from: outgoing.from || undefined,
        photo: outgoing.photo ?? null,
        voice: outgoing.voice ?? null,
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
