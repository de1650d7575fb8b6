import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, PresenceEvent, ServerToClientEvents } from '@tolk/shared/realtime';
import type { Muse } from '@tolk/shared/schemas/conversations';
import { onServerEvent } from '../../lib/realtime';

/**
 * The plaza's own connection. lib/realtime.ts serves signed-in members; a plaza must also work
 * for a guest, whose only credential is the plaza token, so it gets a socket of its own.
 */
type PlazaSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type PlazaConnection = 'connecting' | 'connected' | 'disconnected';
export type PlazaEndReason = 'ended' | 'expired' | 'cleared';

export interface PlazaSocketHandlers {
  /** The newest sequence held: the server replays everything after it on (re)join. */
  lastSeq: () => number;
  onJoined: (online: string[]) => void;
  onJoinFailed: (code: string) => void;
  onMuse: (muse: Muse) => void;
  onPresence: (event: PresenceEvent) => void;
  onEnded: (reason: PlazaEndReason) => void;
  /** The plaza's languages changed (the audience's was detected). */
  onLanguages: () => void;
  onConnection: (state: PlazaConnection) => void;
}

const JOIN_TIMEOUT_MS = 10_000;
const RETRY_MS = 5_000;

/** Connects, joins the plaza's room and re-joins after every reconnect. Returns the disconnect. */
export function connectPlaza(plazaId: string, token: string | undefined, handlers: PlazaSocketHandlers): () => void {
  const socket: PlazaSocket = io({
    path: '/socket.io',
    auth: token ? { token } : {},
    withCredentials: true,
    // Never share a manager with the members' socket: this one carries a different credential.
    forceNew: true,
  });
  // An object, not a let: callbacks read it long after this function returned.
  const life = { closed: false };
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const join = (attempt = 0) => {
    socket
      .timeout(JOIN_TIMEOUT_MS)
      .emit('conversation:join', { conversationId: plazaId, lastSeq: handlers.lastSeq() }, (error, result) => {
        if (life.closed) return;
        // Typed as always set; at run time it is null when the server answered in time.
        if ((error as Error | null) !== null) {
          // A lost acknowledgement on a live socket: ask once more, then wait for the next reconnect.
          if (attempt < 1 && socket.connected) join(attempt + 1);
          return;
        }
        if (result.ok) handlers.onJoined(result.online);
        else handlers.onJoinFailed(result.error.code);
      });
  };

  const retryLater = () => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (!life.closed && !socket.connected) socket.connect();
    }, RETRY_MS);
  };

  handlers.onConnection('connecting');
  socket.on('connect', () => {
    handlers.onConnection('connected');
    join();
  });
  socket.on('disconnect', (reason) => {
    if (life.closed) return;
    handlers.onConnection('disconnected');
    // The server hung up on purpose (a deploy, a revoked token): Socket.IO will not retry that itself.
    if (reason === 'io server disconnect') retryLater();
  });
  socket.on('connect_error', () => {
    if (life.closed) return;
    handlers.onConnection('disconnected');
    if (!socket.active) retryLater();
  });

  const onMuse = (muse: Muse) => {
    if (muse.conversationId === plazaId) handlers.onMuse(muse);
  };
  onServerEvent(socket, 'muse:new', onMuse);
  onServerEvent(socket, 'muse:updated', onMuse);
  onServerEvent(socket, 'presence', (event) => {
    if (event.conversationId === plazaId) handlers.onPresence(event);
  });
  onServerEvent(socket, 'plaza:languages', (event) => {
    if (event.conversationId === plazaId) handlers.onLanguages();
  });
  onServerEvent(socket, 'conversation:ended', (event) => {
    if (event.conversationId === plazaId) handlers.onEnded(event.reason);
  });

  // The browser knows the network is back before Socket.IO's backoff does.
  const onOnline = () => {
    if (!socket.connected) socket.connect();
  };
  window.addEventListener('online', onOnline);

  return () => {
    life.closed = true;
    clearTimeout(retryTimer);
    window.removeEventListener('online', onOnline);
    if (socket.connected) socket.emit('conversation:leave', { conversationId: plazaId });
    socket.removeAllListeners();
    socket.disconnect();
  };
}
