import { useEffect, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { z } from 'zod';
import {
  RECONNECT,
  reconnectDelay,
  SERVER_EVENTS,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@tolk/shared/realtime';
import type { ErrorCode } from '@tolk/shared/error-codes';
import { getAccessToken } from './access-token-cookie';
import { notifyUnauthorized } from './http-error';
import { isBrowserOnline, onBrowserOnlineChange } from './network-status';
import { isActiveMember, useLoginResponse } from './session';

/**
 * The app's realtime client (DESIGN section 2): one Socket.IO connection per credential, with one
 * join and rejoin logic for every screen. A signed-in member has one connection, shared by the
 * chats and the plazas they open; a plaza guest's token gets one of its own.
 */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** idle: nobody needs the socket; disconnected: somebody does and it is down. */
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

export interface ConnectionSnapshot {
  browserOnline: boolean;
  socket: SocketStatus;
}

export interface JoinedConversation {
  conversationId: string;
  lastSeq: number;
  /** Usernames connected to the conversation right now. */
  online: string[];
}

export interface ConversationRoom {
  /** The newest sequence this client holds; the server sends everything after it again. */
  lastSeq: () => number;
  onJoined?: (joined: JoinedConversation) => void;
  onJoinFailed?: (failure: { code: ErrorCode; message: string }) => void;
}

// Moving between the list and a thread must not drop and re-open the connection.
const RELEASE_GRACE_MS = 15_000;
const JOIN_TIMEOUT_MS = 10_000;

export interface RealtimeConnection {
  /** The socket, created on first use and not connected until someone acquires it. */
  socket(): RealtimeSocket;
  /** Keeps the socket connected until the returned release is called (reference counted). */
  acquire(): () => void;
  /** Reconnects with the current credential when it changed since the socket connected. */
  refreshAuth(): void;
  disconnect(): void;
  /**
   * Joins a conversation's rooms now (when connected) and again after every reconnect, each
   * time with the newest sequence held so muses sent meanwhile are delivered. Returns the leave.
   */
  join(conversationId: string, room: ConversationRoom): () => void;
  /** Joins again now, asking for every muse after `afterSeq` (a hole in what was delivered). */
  catchUp(conversationId: string, afterSeq: number): void;
  subscribe(listener: () => void): () => void;
  snapshot(): ConnectionSnapshot;
  /** For tests: forget the socket and every room. */
  reset(): void;
}

interface ConnectionOptions {
  /** Read on every (re)connection, so a new token after a password change is used at once. */
  token: () => string | undefined;
  /** The server refused the token this connection still holds: the session is over here too. */
  onRefused?: () => void;
  /** A connection whose credential is gone (signed out) lets go at once, not after the grace. */
  releaseAtOnceWhen?: () => boolean;
  /** Called once it let go at once, for an owner that keeps connections by credential. */
  onLetGo?: () => void;
}

function createConnection(options: ConnectionOptions): RealtimeConnection {
  let socket: RealtimeSocket | undefined;
  let holders = 0;
  let releaseTimer: ReturnType<typeof setTimeout> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Reconnects tried since the server let this socket go (RECONNECT.dropped paces them). */
  let droppedAttempts = 0;
  let tokenInUse: string | undefined;
  let stopWatchingNetwork: (() => void) | undefined;
  let current: ConnectionSnapshot = { browserOnline: isBrowserOnline(), socket: 'idle' };
  const listeners = new Set<() => void>();
  const rooms = new Map<string, Set<ConversationRoom>>();

  function publish(next: Partial<ConnectionSnapshot>): void {
    const merged = { ...current, ...next };
    if (merged.browserOnline === current.browserOnline && merged.socket === current.socket) return;
    current = merged;
    for (const listener of listeners) listener();
  }

  function emitJoin(conversationId: string, attempt = 0, after?: number): void {
    const handles = rooms.get(conversationId);
    const live = socket;
    if (!handles?.size || !live?.connected) return;
    const lastSeq = after ?? Math.max(0, ...[...handles].map((handle) => handle.lastSeq()));
    live.timeout(JOIN_TIMEOUT_MS).emit('conversation:join', { conversationId, lastSeq }, (error, result) => {
      const still = rooms.get(conversationId);
      if (!still?.size) return;
      // Typed as always set, but Socket.IO passes null when the acknowledgement came in time.
      if ((error as Error | null) instanceof Error) {
        // A lost acknowledgement on a live socket: ask once more, then wait for the next reconnect.
        if (attempt < 1) emitJoin(conversationId, attempt + 1, after);
        return;
      }
      for (const handle of still) {
        if (result.ok) handle.onJoined?.({ conversationId, lastSeq: result.lastSeq, online: result.online });
        else handle.onJoinFailed?.({ code: result.error.code, message: result.error.message });
      }
    });
  }

  function scheduleReconnect(): void {
    if (reconnectTimer || holders === 0) return;
    reconnectTimer = setTimeout(
      () => {
        reconnectTimer = undefined;
        if (holders > 0 && current.browserOnline && socket && !socket.connected) socket.connect();
      },
      reconnectDelay(RECONNECT.dropped, droppedAttempts),
    );
    droppedAttempts += 1;
  }

  function onBrowserOffline(): void {
    publish({ browserOnline: false });
    // The browser knows the network is gone long before a ping times out; stop pretending, and
    // let the reconnect below ask the server for everything missed in between.
    if (socket && (socket.connected || socket.active)) {
      socket.disconnect();
      publish({ socket: holders > 0 ? 'disconnected' : 'idle' });
    }
  }

  function onBrowserOnline(): void {
    publish({ browserOnline: true });
    if (holders > 0 && socket && !socket.connected) {
      droppedAttempts = 0;
      socket.connect();
    }
  }

  function createSocket(): RealtimeSocket {
    const created: RealtimeSocket = io({
      path: '/socket.io',
      autoConnect: false,
      withCredentials: true,
      // Never share a manager between credentials: each connection carries its own token.
      forceNew: true,
      reconnectionDelay: RECONNECT.transport.firstMs,
      reconnectionDelayMax: RECONNECT.transport.maxMs,
      randomizationFactor: RECONNECT.transport.jitter,
      auth: (send) => {
        tokenInUse = options.token();
        send(tokenInUse ? { token: tokenInUse } : {});
      },
    });
    created.on('connect', () => {
      droppedAttempts = 0;
      publish({ socket: 'connected' });
      for (const conversationId of rooms.keys()) emitJoin(conversationId);
    });
    created.on('disconnect', (reason) => {
      publish({ socket: holders > 0 ? 'disconnected' : 'idle' });
      // The server dropped us on purpose (a revoked session, a deploy): Socket.IO will not retry.
      if (reason === 'io server disconnect') scheduleReconnect();
    });
    created.on('connect_error', (error) => {
      publish({ socket: holders > 0 ? 'disconnected' : 'idle' });
      // The server refused the token we sent (signed out or password changed on another device),
      // not the network: tell the owner, as when the HTTP API answers 401.
      if (error.message === 'unauthorized' && tokenInUse && tokenInUse === options.token()) options.onRefused?.();
      // A refusal by the server's auth middleware is final for Socket.IO; retry gently ourselves.
      if (!created.active) scheduleReconnect();
    });
    stopWatchingNetwork = onBrowserOnlineChange((online) => {
      if (online) onBrowserOnline();
      else onBrowserOffline();
    });
    return created;
  }

  function getSocket(): RealtimeSocket {
    socket ??= createSocket();
    return socket;
  }

  function connectIfNeeded(live: RealtimeSocket): void {
    if (live.connected || live.active || !current.browserOnline) return;
    publish({ socket: 'connecting' });
    live.connect();
  }

  function disconnect(): void {
    clearTimeout(releaseTimer);
    clearTimeout(reconnectTimer);
    releaseTimer = undefined;
    reconnectTimer = undefined;
    socket?.disconnect();
    tokenInUse = undefined;
    publish({ socket: 'idle' });
  }

  function refreshAuth(): void {
    const live = socket;
    if (!live) return;
    if (options.token() === tokenInUse || !(live.connected || live.active)) return;
    live.disconnect();
    if (holders > 0) connectIfNeeded(live);
    else publish({ socket: 'idle' });
  }

  return {
    socket: getSocket,
    acquire() {
      holders += 1;
      clearTimeout(releaseTimer);
      releaseTimer = undefined;
      const live = getSocket();
      refreshAuth();
      connectIfNeeded(live);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders -= 1;
        if (holders > 0) return;
        if (options.releaseAtOnceWhen?.()) {
          disconnect();
          options.onLetGo?.();
          return;
        }
        releaseTimer = setTimeout(disconnect, RELEASE_GRACE_MS);
      };
    },
    refreshAuth,
    disconnect,
    join(conversationId, room) {
      let handles = rooms.get(conversationId);
      if (!handles) {
        handles = new Set();
        rooms.set(conversationId, handles);
      }
      handles.add(room);
      emitJoin(conversationId);
      return () => {
        const held = rooms.get(conversationId);
        if (!held) return;
        held.delete(room);
        if (held.size > 0) return;
        rooms.delete(conversationId);
        if (socket?.connected) socket.emit('conversation:leave', { conversationId });
      };
    },
    catchUp: (conversationId, afterSeq) => {
      emitJoin(conversationId, 0, afterSeq);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    snapshot: () => current,
    reset() {
      disconnect();
      socket?.removeAllListeners();
      stopWatchingNetwork?.();
      stopWatchingNetwork = undefined;
      socket = undefined;
      holders = 0;
      rooms.clear();
      current = { browserOnline: isBrowserOnline(), socket: 'idle' };
    },
  };
}

/** The signed-in member's connection: their session token, shared by every screen. */
const member = createConnection({
  token: getAccessToken,
  onRefused: notifyUnauthorized,
  // Signed out: the token is already gone, so do not keep an authenticated socket around.
  releaseAtOnceWhen: () => !getAccessToken(),
});

/** Plaza guests' connections, one per plaza token (a guest may hold several plazas). */
const guests = new Map<string, RealtimeConnection>();

/**
 * The connection for a credential: a plaza guest's token, or (none given) the member session.
 * A guest's connection lets go at once when its last screen does.
 */
export function realtimeConnection(plazaToken?: string): RealtimeConnection {
  if (!plazaToken) return member;
  const held = guests.get(plazaToken);
  if (held) return held;
  const connection = createConnection({
    token: () => plazaToken,
    releaseAtOnceWhen: () => true,
    // Gone with its last screen: its socket and listeners too, so plazas visited do not pile up.
    onLetGo: () => {
      connection.reset();
      guests.delete(plazaToken);
    },
  });
  guests.set(plazaToken, connection);
  return connection;
}

/**
 * Listens to one server event with its payload parsed by the shared schema: a malformed payload
 * never reaches the handler. Returns the unsubscribe.
 */
export function onServerEvent<Name extends ServerEventName>(
  target: Socket<ServerToClientEvents, ClientToServerEvents>,
  name: Name,
  handler: (payload: ServerEventPayload<Name>) => void,
): () => void {
  const schema: z.ZodType = SERVER_EVENTS[name];
  const listener = (raw: unknown) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) handler(parsed.data as ServerEventPayload<Name>);
  };
  // Socket.IO types each listener by its event; this one takes whatever came and checks it first.
  const untyped = target as unknown as UntypedEmitter;
  untyped.on(name, listener);
  return () => {
    untyped.off(name, listener);
  };
}

/**
 * Calls `handler` each time the socket connects again after it had been connected (offline, a
 * deploy): what the server sent meanwhile was not heard. Not on the first connection. Returns the
 * unsubscribe.
 */
export function onReconnect(target: RealtimeSocket, handler: () => void): () => void {
  let connectedBefore = target.connected;
  const onConnect = () => {
    if (connectedBefore) handler();
    connectedBefore = true;
  };
  target.on('connect', onConnect);
  return () => {
    target.off('connect', onConnect);
  };
}

interface UntypedEmitter {
  on(event: string, listener: (raw: unknown) => void): void;
  off(event: string, listener: (raw: unknown) => void): void;
}

// The member connection, as the chat screens use it.
export const getSocket = (): RealtimeSocket => member.socket();
export const acquireRealtime = (): (() => void) => member.acquire();
export const refreshRealtimeAuth = (): void => {
  member.refreshAuth();
};
export const disconnectRealtime = (): void => {
  member.disconnect();
};
export const joinConversation = (conversationId: string, room: ConversationRoom): (() => void) =>
  member.join(conversationId, room);
export const subscribeConnection = (listener: () => void): (() => void) => member.subscribe(listener);
export const getConnectionSnapshot = (): ConnectionSnapshot => member.snapshot();

/**
 * Holds the member connection while the calling screen is mounted and the member is signed in;
 * re-auths when the session changes. Returns the socket (or undefined for guests) and its state.
 */
export function useRealtime(): { socket: RealtimeSocket | undefined; connection: ConnectionSnapshot } {
  const { loginResponse } = useLoginResponse();
  const signedIn = isActiveMember(loginResponse);
  const connection = useSyncExternalStore(subscribeConnection, getConnectionSnapshot, getConnectionSnapshot);
  useEffect(() => {
    if (!signedIn) return undefined;
    return acquireRealtime();
  }, [signedIn]);
  // A new login response may carry a new token (password change, another tab signing in).
  useEffect(() => {
    refreshRealtimeAuth();
  }, [loginResponse]);
  return { socket: signedIn ? getSocket() : undefined, connection };
}

/** For tests: forget every connection and room. */
export function resetRealtimeForTests(): void {
  member.reset();
  for (const connection of guests.values()) connection.reset();
  guests.clear();
}
