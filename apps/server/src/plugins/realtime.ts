import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from '@tolk/shared/realtime';
import { SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { cleanInput } from '@tolk/shared/text';
import type { Caller } from './auth';
import { closeRedisClient } from './redis-counters';
import { batchSocketWrites } from './socket-write-batching';

export interface SocketData {
  /** Who is on the other end: a member (their sockets close with their session) or a plaza guest. */
  caller: Caller;
  /** conversation id → the membership row this socket joined it as. */
  joined: Map<string, string>;
}

export type TolkServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type TolkSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** A token kind besides the member session (plaza guests register theirs). */
export type SocketAuthenticator = (token: string) => Promise<Caller | null>;

// A socket's own rooms; a conversation's rooms are named in modules/muses/rooms.ts.
/** Every socket of one account, on any instance: how a member who leaves is taken out of rooms. */
export const accountRoom = (accountId: string) => `a:${accountId}`;
/** Every socket opened with one member session: how revoking a session closes its sockets. */
export const sessionRoom = (sessionId: string) => `s:${sessionId}`;

/** Between instances (the adapter's server-side events): sessions revoked on one of them. */
const SESSIONS_REVOKED = 'tolk:sessions-revoked';
interface ServerSideEmitter {
  serverSideEmit(event: string, ...args: unknown[]): boolean;
  on(event: string, listener: (...args: unknown[]) => void): void;
}
/** Every socket acting as one membership row (a plaza guest's from the start, a member's once joined). */
export const memberRoom = (memberId: string) => `m:${memberId}`;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      io: TolkServer;
      addAuthenticator(authenticator: SocketAuthenticator): void;
      onConnection(handler: (socket: TolkSocket) => void): void;
      /** Shutting down: sockets are being let go, nobody needs presence news about it. */
      isClosing(): boolean;
      /** Sends an event to every socket of these accounts, on any instance (typed by its shared schema). */
      toAccounts<Name extends ServerEventName>(
        accountIds: readonly string[],
        name: Name,
        payload: ServerEventPayload<Name>,
      ): void;
      /** Closes every socket of an account (suspended), on any instance. */
      disconnectAccount(accountId: string): void;
      /** Whether an account has a socket connected, on any instance (a digest is for members away). */
      isConnected(accountId: string): Promise<boolean>;
    };
  }
}

export interface RealtimeOptions {
  redisUrl: string | undefined;
  publicOrigins: string[];
}

/** How often this instance looks for sockets whose session has expired (one timer for all of them). */
const EXPIRY_SWEEP_MS = 1_000;

/**
 * Closes, every second, this instance's sockets whose session (or guest pass) has expired: one
 * timer for every socket instead of one each, which an idle socket would otherwise carry for
 * days. A pass through 10,000 sockets is a few hundred microseconds.
 */
function sweepExpired(io: TolkServer): () => void {
  const timer = setInterval(() => {
    const now = Date.now();
    for (const socket of io.of('/').sockets.values()) {
      if (socket.data.caller.expiresAt.getTime() <= now) socket.disconnect(true);
    }
  }, EXPIRY_SWEEP_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}

/**
 * The one text rule (packages/shared/src/text.ts), on every event's payload before a handler
 * reads it; one function for every socket.
 */
function cleanPacket(packet: unknown[], next: (error?: Error) => void) {
  const payload = packet.slice(1).filter((arg) => typeof arg !== 'function');
  // Every event a client sends carries a payload: an acknowledgement alone is answered, not left waiting.
  const cleaned: ReturnType<typeof cleanInput> = payload.length
    ? cleanInput(payload)
    : { ok: false, problems: { body: ['Send the event with its payload.'] } };
  if (cleaned.ok) {
    let index = 0;
    for (let i = 1; i < packet.length; i += 1) {
      if (typeof packet[i] !== 'function') packet[i] = (cleaned.value as unknown[])[index++];
    }
    next();
    return;
  }
  // Answered like a failed validation; the handler never runs.
  const ack: unknown = packet.at(-1);
  if (typeof ack === 'function') {
    const fields = Object.fromEntries(
      Object.entries(cleaned.problems).map(([path, messages]) => [path.replace(/^\d+\.?/, '') || 'body', messages]),
    );
    (ack as (reply: unknown) => void)({
      ok: false,
      error: { code: 'validation_failed', message: SERVER_MESSAGES.invalidFields, fields },
    });
  }
}

function handshakeToken(socket: TolkSocket): string {
  const auth = socket.handshake.auth as { token?: unknown };
  return typeof auth.token === 'string' ? auth.token.replace(/^bearer\s+/i, '') : '';
}

function originAllowed(request: IncomingMessage, allowed: Set<string>): boolean {
  const origin = request.headers.origin;
  // Browsers always send Origin on WebSocket and XHR; other clients still need a valid token.
  if (!origin) return true;
  try {
    const parsed = new URL(origin);
    if (allowed.has(parsed.origin)) return true;
    return parsed.host === request.headers.host;
  } catch {
    return false;
  }
}

/** How the Socket.IO server is set up, apart from the origin check (bench/fanout.ts measures it bare). */
export const SOCKET_SERVER_OPTIONS = {
  path: '/socket.io',
  serveClient: false,
  // A phone that drops off for a moment resumes its rooms; catch-up by sequence covers longer gaps.
  connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
  pingInterval: 20_000,
  pingTimeout: 20_000,
  maxHttpBufferSize: 64 * 1024,
} satisfies Partial<ServerOptions>;

/**
 * How long asking the other instances (through Redis) who is online may take before this
 * instance answers with its own sockets: they answer in milliseconds, and a join waits on it.
 */
const PRESENCE_REQUEST_TIMEOUT_MS = 1_000;

export const realtimePlugin = fp(
  async (app: FastifyInstance, options: RealtimeOptions) => {
    const allowed = new Set(
      options.publicOrigins.flatMap((o) => {
        try {
          return [new URL(o).origin];
        } catch {
          return [];
        }
      }),
    );
    const io: TolkServer = new Server(app.server, {
      ...SOCKET_SERVER_OPTIONS,
      allowRequest: (request, callback) => {
        callback(null, originAllowed(request, allowed));
      },
    });

    batchSocketWrites(io.engine);
    const stopSweeping = sweepExpired(io);

    const redisClients: Parameters<typeof closeRedisClient>[0][] = [];
    if (options.redisUrl) {
      const pub = createClient({ url: options.redisUrl });
      const sub = pub.duplicate();
      pub.on('error', (error: unknown) => {
        app.log.error({ err: error }, 'redis publisher error');
      });
      sub.on('error', (error: unknown) => {
        app.log.error({ err: error }, 'redis subscriber error');
      });
      await Promise.all([pub.connect(), sub.connect()]);
      // The adapter publishes, and on close unsubscribes four times, without waiting for the
      // answers: while Redis is away (a command failing as the connection drops, or queued until
      // the client is dropped at close) each would be an unhandled rejection, which ends the
      // process. Live events to other instances are lost then; the muses are stored, and a
      // reader's catch-up by sequence brings them.
      answeredOrLogged(pub, ['publish'], app.log);
      answeredOrLogged(sub, ['unsubscribe', 'pUnsubscribe'], app.log);
      io.adapter(createAdapter(pub, sub, { requestsTimeout: PRESENCE_REQUEST_TIMEOUT_MS }));
      // Who is online, asked of every instance: while Redis is away, this instance's own sockets at
      // once (a join must neither fail nor wait on a request nobody can carry), and the same when
      // the other instances do not all answer in time.
      const adapter = io.of('/').adapter;
      const fetchSockets = adapter.fetchSockets.bind(adapter);
      const local = (opts: Parameters<typeof fetchSockets>[0]) =>
        fetchSockets({ ...opts, flags: { ...opts.flags, local: true } });
      adapter.fetchSockets = (opts) => {
        if (!pub.isReady || !sub.isReady) return local(opts);
        return fetchSockets(opts).catch((error: unknown) => {
          app.log.warn({ err: error }, 'other instances could not be asked for their sockets');
          return local(opts);
        });
      };
      redisClients.push(pub, sub);
    }

    const authenticators: SocketAuthenticator[] = [(token) => app.callerFromToken(token)];

    io.use((socket, next) => {
      const token = handshakeToken(socket);
      if (!token) {
        next(new Error('unauthorized'));
        return;
      }
      void (async () => {
        for (const authenticate of authenticators) {
          const caller = await authenticate(token).catch(() => null);
          if (caller) {
            socket.data.caller = caller;
            socket.data.joined = new Map();
            next();
            return;
          }
        }
        next(new Error('unauthorized'));
      })();
    });

    const handlers: ((socket: TolkSocket) => void)[] = [];
    let closing = false;
    io.on('connection', (socket) => {
      const { caller } = socket.data;
      if (caller.kind === 'member') void socket.join(accountRoom(caller.accountId));
      else void socket.join(memberRoom(caller.guestMemberId));
      if (caller.kind === 'member') {
        const { sessionId } = caller;
        void socket.join(sessionRoom(sessionId));
        // A revocation between the handshake's check and the join above missed this socket: check again.
        app
          .callerFromToken(handshakeToken(socket))
          .then((caller) => {
            if (caller?.sessionId !== sessionId) socket.disconnect(true);
          })
          .catch((error: unknown) => {
            app.log.warn({ err: error }, 'could not recheck a socket session');
          });
      }
      socket.use(cleanPacket);
      for (const handler of handlers) handler(socket);
    });

    // Sockets live as long as their session: sign-out and password change close them, on every instance.
    app.onSessionsRevoked(({ sessionIds }) => {
      io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
      // The other instances drop their cached callers of these sessions too (one instance: there are none).
      if (options.redisUrl) (io as unknown as ServerSideEmitter).serverSideEmit(SESSIONS_REVOKED, sessionIds);
    });
    (io as unknown as ServerSideEmitter).on(SESSIONS_REVOKED, (sessionIds: unknown) => {
      if (Array.isArray(sessionIds))
        app.forgetSessions(sessionIds.filter((id): id is string => typeof id === 'string'));
    });

    app.decorate('realtime', {
      io,
      addAuthenticator(authenticator: SocketAuthenticator) {
        authenticators.push(authenticator);
      },
      onConnection(handler: (socket: TolkSocket) => void) {
        handlers.push(handler);
      },
      isClosing: () => closing,
      toAccounts(accountIds, name, payload) {
        if (!accountIds.length) return;
        // Typed by the signature above; Socket.IO's own types cannot follow a generic event name.
        const rooms = io.to(accountIds.map(accountRoom)) as unknown as { emit(event: string, data: unknown): boolean };
        rooms.emit(name, payload);
      },
      disconnectAccount(accountId) {
        io.in(accountRoom(accountId)).disconnectSockets(true);
      },
      async isConnected(accountId) {
        return (await io.in(accountRoom(accountId)).fetchSockets()).length > 0;
      },
    });

    // Not io.close(): that closes the HTTP server, which Fastify closes itself.
    app.addHook('preClose', async () => {
      closing = true;
      stopSweeping();
      io.local.disconnectSockets(true);
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      // Stop hearing other instances first: a request answered on a closed client is an unhandled error.
      // Bounded: the adapter unsubscribes through a client that may still be reconnecting.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.resolve(io.of('/').adapter.close()).catch(() => undefined),
        new Promise((resolve) => (timer = setTimeout(resolve, 2_000))),
      ]);
      clearTimeout(timer);
      // A request from another instance that arrived just before may still be answering (it
      // awaits this instance's own sockets first): let it finish before its client goes.
      if (redisClients.length) await new Promise((resolve) => setTimeout(resolve, 100));
      await Promise.all(redisClients.map((client) => closeRedisClient(client)));
    });
  },
  { name: 'realtime', dependencies: ['auth'] },
);

/**
 * Wraps some of a Redis client's commands so that a failure the caller never waits for is logged
 * instead of left unhandled; the caller still gets the same promise.
 */
function answeredOrLogged<Client extends object>(
  client: Client,
  names: (keyof Client & string)[],
  log: FastifyBaseLogger,
) {
  for (const name of names) {
    const command = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    Object.defineProperty(client, name, {
      value: (...args: unknown[]) => {
        const sent = command(...args);
        sent.catch((error: unknown) => {
          log.warn({ err: error }, `redis ${name} failed`);
        });
        return sent;
      },
    });
  }
}
