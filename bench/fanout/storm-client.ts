// Sockets bench client process (bench/sockets.ts): holds its share of the sockets the way the web
// client (apps/web/src/lib/realtime.ts) holds one: joined with the newest sequence it has, and
// when the connection goes, back with the same pacing (RECONNECT in packages/shared), joining
// again with its newest sequence so the server replays what it missed. Answers the parent's IPC
// calls (protocol.ts): connect, restart (the clock from which rejoins count), progress, verify.
import { setTimeout as wait } from 'node:timers/promises';
import { RECONNECT, reconnectDelay } from '@tolk/shared/realtime';
import { CLOSED_ACK, EioClient } from './eio-client';
import { runAll } from './run-all';
import { Histogram, nowMicros, serve, type SocketSpec } from './protocol';

/** As the web client: a join not answered in 10 s is asked once more. */
const JOIN_TIMEOUT_MS = 10_000;

interface Held {
  spec: SocketSpec;
  client?: EioClient;
  /** Times each sequence arrived (muse:new), so a redelivery shows. */
  seqs: Map<number, number>;
  newest: number;
  /** When it joined again after the restart (µs on the shared clock), if it did. */
  rejoinedAt?: number;
}

let base = '';
let socketPath = '';
let epoch = 0;
/** Set by `close`: the sockets stop coming back. */
const state = { stopping: false };
const stopping = () => state.stopping;
const held: Held[] = [];
/** From this moment on (µs), joins count as rejoins after the restart. */
let restartAt = Infinity;
let joins = new Histogram();
/** From a connection's start to the server's `40` (authenticated), in this phase. */
let connects = new Histogram();
const counts = { connectErrors: 0, refusals: 0, joinTimeouts: 0, joinFailures: 0, closes: 0 };

function onEvent(socket: Held) {
  return (name: string, payload: unknown) => {
    if (name !== 'muse:new') return;
    const { seq } = payload as { seq: number };
    socket.seqs.set(seq, (socket.seqs.get(seq) ?? 0) + 1);
    if (seq > socket.newest) socket.newest = seq;
  };
}

type JoinAck = { ok: true; lastSeq: number } | { ok: false; error: { code: string } };

/** Joins with the newest sequence held; true once the server answered ok (its replay came before). */
async function join(socket: Held, client: EioClient): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const started = performance.now();
    const timeout = new AbortController();
    const ack = await Promise.race([
      client.emitWithAck<JoinAck>('conversation:join', {
        conversationId: socket.spec.conversationId,
        lastSeq: socket.newest,
      }),
      wait(JOIN_TIMEOUT_MS, undefined, { signal: timeout.signal }).catch(() => undefined),
    ]);
    timeout.abort();
    if (!ack) {
      counts.joinTimeouts++;
      continue;
    }
    if (!ack.ok) {
      if (ack.error.code !== CLOSED_ACK.error.code) counts.joinFailures++;
      return false;
    }
    joins.add(performance.now() - started);
    const now = nowMicros(epoch);
    if (now >= restartAt) socket.rejoinedAt ??= now;
    return true;
  }
  return false;
}

/**
 * One socket's life: connect, join, and whenever the connection ends, wait as the web client
 * would and come back. Resolves once the first join is answered; the loop goes on until `close`.
 */
function live(socket: Held): Promise<void> {
  return new Promise((firstJoined) => {
    void (async () => {
      /** Failed tries in a row: a refusal by the server is paced as the client paces it, else as Socket.IO's manager does. */
      let attempt = 0;
      while (!stopping()) {
        let closed!: (byServer: boolean) => void;
        const ended = new Promise<boolean>((resolve) => (closed = resolve));
        const connecting = performance.now();
        const client = await EioClient.connect(
          base,
          socketPath,
          { token: socket.spec.token },
          onEvent(socket),
          closed,
        ).catch((error: unknown) => {
          const refused = error instanceof Error && error.message.startsWith('connect refused');
          if (refused) counts.refusals++;
          else counts.connectErrors++;
          return refused ? RECONNECT.dropped : RECONNECT.transport;
        });
        if (!(client instanceof EioClient)) {
          await wait(reconnectDelay(client, attempt++));
          continue;
        }
        connects.add(performance.now() - connecting);
        socket.client = client;
        if (await join(socket, client)) firstJoined();
        const byServer = await ended;
        socket.client = undefined;
        if (stopping()) return;
        counts.closes++;
        // Let go by the server (a deploy): the web client waits before it asks again; a lost
        // connection: Socket.IO's manager waits its first step. Failures after that: the manager's.
        await wait(reconnectDelay(byServer ? RECONNECT.dropped : RECONNECT.transport, 0));
        attempt = byServer ? 0 : 1;
      }
    })();
  });
}

serve({
  connect: async (argument: { port: number; path: string; epoch: number; sockets: SocketSpec[] }) => {
    base = `ws://127.0.0.1:${argument.port}`;
    socketPath = argument.path;
    epoch = argument.epoch;
    const start = performance.now();
    await runAll(argument.sockets, 25, async (spec) => {
      const socket: Held = { spec, seqs: new Map(), newest: 0 };
      held.push(socket);
      await live(socket);
    });
    return { ms: performance.now() - start, joins: joins.sparse(), connects: connects.sparse() };
  },
  /** Rejoins are counted from `at` (µs on the shared clock); the counters start again. */
  restart: (at: number) => {
    restartAt = at;
    joins = new Histogram();
    connects = new Histogram();
    for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] = 0;
  },
  /** How many sockets joined again since the restart, and when the last of them did (µs). */
  progress: () => {
    let rejoined = 0;
    let lastAt = 0;
    for (const socket of held) {
      if (socket.rejoinedAt === undefined) continue;
      rejoined++;
      lastAt = Math.max(lastAt, socket.rejoinedAt);
    }
    return { rejoined, lastAt, sockets: held.length };
  },
  /**
   * Against each conversation's newest sequence: sequences a socket never got (missing), got more
   * than once (redelivered: the web client keeps one), and sockets not connected at the end.
   */
  verify: (lastSeqs: Record<string, number>) => {
    let missing = 0;
    let redelivered = 0;
    let socketsMissing = 0;
    let disconnected = 0;
    for (const socket of held) {
      const last = lastSeqs[socket.spec.conversationId] ?? 0;
      let own = 0;
      for (let seq = 1; seq <= last; seq++) if (!socket.seqs.has(seq)) own++;
      for (const times of socket.seqs.values()) redelivered += times - 1;
      missing += own;
      if (own) socketsMissing++;
      if (!socket.client) disconnected++;
    }
    return {
      missing,
      redelivered,
      socketsMissing,
      disconnected,
      joins: joins.sparse(),
      connects: connects.sparse(),
      counts,
    };
  },
  close: async () => {
    state.stopping = true;
    await Promise.all(held.flatMap((socket) => (socket.client ? [socket.client.close()] : [])));
    setImmediate(() => process.exit(0));
  },
});
