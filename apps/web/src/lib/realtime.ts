import { useEffect, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { z } from 'zod';
import {
  SERVER_EVENTS,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@tolk/shared/realtime';
import { getAccessToken } from './access-token-cookie';
import { notifyUnauthorized } from './http-error';
import { useLoginResponse } from './session';

/** The one Socket.IO connection the app shares (DESIGN section 2). */
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
  onJoinFailed?: (message: string) => void;
}

// Moving between the list and a thread must not drop and re-open the connection.
const RELEASE_GRACE_MS = 15_000;
const JOIN_TIMEOUT_MS = 10_000;
const RECONNECT_MIN_MS = 2_000;
const RECONNECT_MAX_MS = 60_000;

let socket: RealtimeSocket | undefined;
let holders = 0;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let reconnectDelay = RECONNECT_MIN_MS;
let tokenInUse: string | undefined;
let snapshot: ConnectionSnapshot = {
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  socket: 'idle',
};
const listeners = new Set<() => void>();
const rooms = new Map<string, Set<ConversationRoom>>();

function publish(next: Partial<ConnectionSnapshot>): void {
  const merged = { ...snapshot, ...next };
  if (merged.browserOnline === snapshot.browserOnline && merged.socket === snapshot.socket) return;
  snapshot = merged;
  for (const listener of listeners) listener();
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getConnectionSnapshot(): ConnectionSnapshot {
  return snapshot;
}

function emitJoin(conversationId: string, attempt = 0): void {
  const handles = rooms.get(conversationId);
  const current = socket;
  if (!handles?.size || !current?.connected) return;
  const lastSeq = Math.max(0, ...[...handles].map((handle) => handle.lastSeq()));
  current.timeout(JOIN_TIMEOUT_MS).emit('conversation:join', { conversationId, lastSeq }, (error, result) => {
    const still = rooms.get(conversationId);
    if (!still?.size) return;
    // Typed as always set, but Socket.IO passes null when the acknowledgement came in time.
    if ((error as Error | null) instanceof Error) {
      // A lost acknowledgement on a live socket: ask once more, then wait for the next reconnect.
      if (attempt < 1) emitJoin(conversationId, attempt + 1);
      return;
    }
    for (const handle of still) {
      if (result.ok) handle.onJoined?.({ conversationId, lastSeq: result.lastSeq, online: result.online });
      else handle.onJoinFailed?.(result.error.message);
    }
  });
}

function scheduleReconnect(): void {
  if (reconnectTimer || holders === 0) return;
  reconnectTimer = setTimeout(() => {
    reconnectTimer = undefined;
    if (holders > 0 && snapshot.browserOnline && socket && !socket.connected) socket.connect();
  }, reconnectDelay);
  reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
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
    reconnectDelay = RECONNECT_MIN_MS;
    socket.connect();
  }
}

function createSocket(): RealtimeSocket {
  const created: RealtimeSocket = io({
    path: '/socket.io',
    autoConnect: false,
    withCredentials: true,
    // Read on every (re)connection, so a new token after a password change is used at once.
    auth: (send) => {
      tokenInUse = getAccessToken();
      send(tokenInUse ? { token: tokenInUse } : {});
    },
  });
  created.on('connect', () => {
    reconnectDelay = RECONNECT_MIN_MS;
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
    // The server refused the token we sent (signed out or password changed on another device):
    // the session is over here too, as when the HTTP API answers 401.
    if (error.message === 'unauthorized' && tokenInUse && tokenInUse === getAccessToken()) notifyUnauthorized();
    // A refusal by the server's auth middleware is final for Socket.IO; retry gently ourselves.
    if (!created.active) scheduleReconnect();
  });
  window.addEventListener('offline', onBrowserOffline);
  window.addEventListener('online', onBrowserOnline);
  return created;
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

interface UntypedEmitter {
  on(event: string, listener: (raw: unknown) => void): void;
  off(event: string, listener: (raw: unknown) => void): void;
}

/** The shared socket, created on first use and not connected until someone acquires it. */
export function getSocket(): RealtimeSocket {
  socket ??= createSocket();
  return socket;
}

function connectIfNeeded(current: RealtimeSocket): void {
  if (current.connected || current.active || !snapshot.browserOnline) return;
  publish({ socket: 'connecting' });
  current.connect();
}

/** Keeps the socket connected until the returned release is called (reference counted). */
export function acquireRealtime(): () => void {
  holders += 1;
  clearTimeout(releaseTimer);
  releaseTimer = undefined;
  const current = getSocket();
  refreshRealtimeAuth();
  connectIfNeeded(current);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0) return;
    // Signed out: the token is already gone, so do not keep an authenticated socket around.
    if (!getAccessToken()) {
      disconnectRealtime();
      return;
    }
    releaseTimer = setTimeout(disconnectRealtime, RELEASE_GRACE_MS);
  };
}

/** Reconnects with the current token when it changed since the socket connected. */
export function refreshRealtimeAuth(): void {
  const current = socket;
  if (!current) return;
  const token = getAccessToken();
  if (token === tokenInUse || !(current.connected || current.active)) return;
  current.disconnect();
  if (holders > 0) connectIfNeeded(current);
  else publish({ socket: 'idle' });
}

export function disconnectRealtime(): void {
  clearTimeout(releaseTimer);
  clearTimeout(reconnectTimer);
  releaseTimer = undefined;
  reconnectTimer = undefined;
  socket?.disconnect();
  tokenInUse = undefined;
  publish({ socket: 'idle' });
}

/**
 * Joins a conversation's room now (when connected) and again after every reconnect, each time
 * with the newest sequence held so muses sent meanwhile are delivered. Returns the leave.
 */
export function joinConversation(conversationId: string, room: ConversationRoom): () => void {
  let handles = rooms.get(conversationId);
  if (!handles) {
    handles = new Set();
    rooms.set(conversationId, handles);
  }
  handles.add(room);
  emitJoin(conversationId);
  return () => {
    const current = rooms.get(conversationId);
    if (!current) return;
    current.delete(room);
    if (current.size > 0) return;
    rooms.delete(conversationId);
    if (socket?.connected) socket.emit('conversation:leave', { conversationId });
  };
}

/**
 * Holds the socket while the calling screen is mounted and the member is signed in; re-auths
 * when the session changes. Returns the socket (or undefined for guests) and connection state.
 */
export function useRealtime(): { socket: RealtimeSocket | undefined; connection: ConnectionSnapshot } {
  const { loginResponse } = useLoginResponse();
  const signedIn = loginResponse.isloggedin;
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

/** For tests: forget the socket and every room. */
export function resetRealtimeForTests(): void {
  disconnectRealtime();
  socket?.removeAllListeners();
  if (socket) {
    window.removeEventListener('offline', onBrowserOffline);
    window.removeEventListener('online', onBrowserOnline);
  }
  socket = undefined;
  holders = 0;
  rooms.clear();
  snapshot = { browserOnline: navigator.onLine, socket: 'idle' };
}
