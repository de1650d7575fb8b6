import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import {
  joinAckSchema,
  type ClientToServerEvents,
  type JoinAck,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@tolk/shared/realtime';

/** A Socket.IO client speaking the app's protocol. */
export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** An app, or a test app holding one (`testApp()`'s answer). */
export type AppLike = FastifyInstance | { app: FastifyInstance };

const appOf = (target: AppLike): FastifyInstance => ('app' in target ? target.app : target);

/** The base URL of an app that is listening: `http://127.0.0.1:<port>`. */
export function baseUrl(target: AppLike): string {
  const address = appOf(target).server.address();
  if (!address || typeof address === 'string') throw new Error('The app is not listening: await listen(app) first.');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Has the app listen on a free port (of 127.0.0.1 unless `host` says otherwise) and returns its
 * base URL, reachable through 127.0.0.1 either way. An app that listens already is left as it is.
 */
export async function listen(target: AppLike, host = '127.0.0.1'): Promise<string> {
  const app = appOf(target);
  if (!app.server.listening) await app.listen({ port: 0, host });
  return baseUrl(app);
}

export interface ConnectOptions {
  /** The Origin header a browser on that site would send; none by default, as a native client. */
  origin?: string;
  /** Reconnect after a drop, as the web app does; off unless asked. */
  reconnection?: boolean;
  /** Called with the socket before it connects: for listeners that must not miss an early event. */
  beforeConnect?: (socket: Client) => void;
}

/**
 * A socket connected to a listening app with `token` (none: no credentials at all), over
 * WebSocket only, as the web app connects. Resolves once connected; rejects with the server's
 * refusal (`connect_error`), the socket then closed.
 */
export function connectSocket(
  target: AppLike,
  token: string | undefined,
  options: ConnectOptions = {},
): Promise<Client> {
  const socket: Client = io(baseUrl(target), {
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: options.reconnection ?? false,
    ...(options.origin ? { extraHeaders: { origin: options.origin } } : {}),
  });
  options.beforeConnect?.(socket);
  return new Promise((resolve, reject) => {
    const connected = () => {
      socket.off('connect_error', refused);
      resolve(socket);
    };
    const refused = (error: Error) => {
      socket.off('connect', connected);
      socket.close();
      reject(error);
    };
    socket.once('connect', connected);
    socket.once('connect_error', refused);
  });
}

/**
 * Joins a conversation's rooms as the web app does, asking for every muse after `lastSeq`; the
 * answer, parsed. The replayed muses arrive before it.
 */
export async function joinConversation(
  socket: Client,
  conversationId: string,
  lastSeq = 0,
  timeoutMs = 10_000,
): Promise<JoinAck> {
  const ack = await socket.timeout(timeoutMs).emitWithAck('conversation:join', { conversationId, lastSeq });
  return joinAckSchema.parse(ack);
}

/** A join that must succeed: its acknowledgement (it throws the server's refusal). */
export async function joinedConversation(socket: Client, conversationId: string, lastSeq = 0) {
  const ack = await joinConversation(socket, conversationId, lastSeq);
  if (!ack.ok) throw new Error(ack.error.message);
  return ack;
}

/**
 * The payload of the next `name` event from the server that `predicate` accepts. Listen before
 * doing what should cause it: an event that came before the call is not seen.
 */
export function nextEvent<Name extends ServerEventName>(
  socket: Client,
  name: Name,
  predicate?: (payload: ServerEventPayload<Name>) => boolean,
  timeoutMs = 5_000,
): Promise<ServerEventPayload<Name>> {
  // Socket.IO's typings cannot follow a listener through a generic event name.
  const events = socket as unknown as {
    on(event: string, listener: (payload: ServerEventPayload<Name>) => void): void;
    off(event: string, listener: (payload: ServerEventPayload<Name>) => void): void;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      events.off(name, heard);
      reject(new Error(`No "${name}" event${predicate ? ' that matches' : ''} within ${timeoutMs} ms`));
    }, timeoutMs);
    const heard = (payload: ServerEventPayload<Name>) => {
      if (predicate && !predicate(payload)) return;
      clearTimeout(timer);
      events.off(name, heard);
      resolve(payload);
    };
    events.on(name, heard);
  });
}

/**
 * Lets `ms` pass. Only for a test that asserts something does NOT happen: an absence sends no
 * event to wait for, so the test watches for a while. Never use it to wait for something that does.
 */
export const quietWindow = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });
