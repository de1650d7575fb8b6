// Fan-out bench: what the parent, the server process and the client processes share: the IPC
// calls between them, the one clock of every latency sample, muse client ids that carry their
// send time, and the latency histogram.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';

// ---------------------------------------------------------------------------------------------
// The clock: CLOCK_MONOTONIC (process.hrtime) is one clock for every process of the machine, so a
// send time stamped in one client process and a receive time read in another subtract exactly.

/** Microseconds on the machine's monotonic clock since `epochSeconds` (a whole second of it). */
export const nowMicros = (epochSeconds: number) => {
  const [seconds, nanos] = process.hrtime();
  return (seconds - epochSeconds) * 1e6 + nanos / 1e3;
};
export const currentEpoch = () => process.hrtime()[0];

/**
 * A muse client id (a UUID, as the web app makes them) carrying its send time: the first group is
 * the sender's serial, the last 12 hex digits the send time in microseconds since the epoch.
 */
export const clientIdFor = (serial: number, sentMicros: number) =>
  `${serial.toString(16).padStart(8, '0')}-0000-4000-8000-${Math.round(sentMicros).toString(16).padStart(12, '0')}`;
export const sentMicrosOf = (clientId: string) => parseInt(clientId.slice(24), 16);

// ---------------------------------------------------------------------------------------------
// Latency histogram: 0.1 ms buckets up to 60 s; merged across processes as sparse [bucket, count].

const BUCKETS = 600_000;
export class Histogram {
  readonly counts = new Uint32Array(BUCKETS);
  total = 0;
  max = 0;

  add(ms: number) {
    this.counts[Math.min(BUCKETS - 1, Math.max(0, Math.floor(ms * 10)))]!++;
    this.total++;
    if (ms > this.max) this.max = ms;
  }

  sparse(): SparseHistogram {
    const entries: [number, number][] = [];
    this.counts.forEach((count, bucket) => {
      if (count) entries.push([bucket, count]);
    });
    return { entries, max: this.max };
  }
}

export interface SparseHistogram {
  entries: [number, number][];
  max: number;
}

/** p in 0..100 of merged histograms, in ms (the bucket's upper edge), with the exact max. */
export function percentiles(parts: SparseHistogram[]) {
  const merged = new Map<number, number>();
  let total = 0;
  for (const part of parts) {
    for (const [bucket, count] of part.entries) {
      merged.set(bucket, (merged.get(bucket) ?? 0) + count);
      total += count;
    }
  }
  const sorted = [...merged].sort((a, b) => a[0] - b[0]);
  const at = (p: number) => {
    const rank = Math.ceil((p / 100) * total);
    let seen = 0;
    for (const [bucket, count] of sorted) {
      seen += count;
      if (seen >= rank) return (bucket + 1) / 10;
    }
    return NaN;
  };
  return { count: total, p50: at(50), p99: at(99), max: Math.max(0, ...parts.map((p) => p.max)) };
}

// ---------------------------------------------------------------------------------------------
// What the parent tells the processes.

/** One client socket: which account's session it authenticates with and which conversation it joins. */
export interface SocketSpec {
  account: number;
  token: string;
  conversationId: string;
}

/** One sender: the socket (by its place in the process's list) and the account it sends as. */
export interface SenderSpec {
  socket: number;
  account: number;
  token: string;
  conversationId: string;
  language: string;
  texts: string[];
}

/** What a server process tells the parent once it listens. */
export interface ServerReady {
  port: number;
  /** Socket.IO's path ('/socket.io/'), or '/' for the raw floor. */
  path: string;
  /** Per account: its sessions' tokens (one per device) and its conversation. */
  accounts: { tokens: string[]; conversationId: string }[];
}

export interface PhaseWindow {
  /** Deliveries of muses sent from here on are this phase's latency samples. */
  sendFromMicros: number;
  /** Deliveries received inside this window count towards deliveries per second. */
  rateFromMicros: number;
  rateToMicros: number;
}

export interface SendPlan {
  via: 'http' | 'socket';
  port: number;
  startMicros: number;
  musesPerSecond: number;
  count: number;
}

export interface SendResult {
  sent: number;
  accepted: number;
  failed: number;
  /** Sends the server turned away as past saturation (503 / `unavailable`): not stored, not resent here. */
  shed: number;
  /** How far behind its schedule the latest send left (the client process's own lag). */
  maxLagMs: number;
  /** From a send leaving to its answer (201 / acknowledgement), accepted sends only. */
  answers: SparseHistogram;
  /** Accepted muses by text and source language: `${from}\u0000${text}`. */
  texts: Record<string, number>;
}

export interface ClientStats {
  received: number;
  inWindow: number;
  pendingFirst: number;
  unavailable: number;
  histogram: SparseHistogram;
}

export interface ProcessMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  /** Memory outside V8's heap that JS objects hold (Buffers, PGlite's WebAssembly memory). */
  external: number;
  /** RSS split as /proc/self/status has it: anonymous memory, and pages of mapped files (code). */
  rssAnon: number;
  rssFile: number;
}

/** A `Name:   123 kB` line of /proc/self/status, in bytes. */
function statusBytes(status: string, name: string) {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : NaN;
}

// ---------------------------------------------------------------------------------------------
// IPC calls: { id, call, argument } answered by { id, result } or { id, error }.

type Handler = (argument: never) => unknown;

/** Answers the parent's calls with `handlers`; ends with the parent. */
export function serve(handlers: Record<string, Handler>) {
  process.on('disconnect', () => process.exit(1));
  process.on('message', (message: { id: number; call: string; argument: unknown }) => {
    void (async () => {
      try {
        const handler = handlers[message.call];
        if (!handler) throw new Error(`no IPC call ${message.call}`);
        const result = await (handler as (argument: unknown) => unknown)(message.argument);
        process.send?.({ id: message.id, result: result ?? null });
      } catch (error) {
        process.send?.({
          id: message.id,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
      }
    })();
  });
}

/** Calls into a child process that `serve`s; one caller per child. */
export function caller(child: ChildProcess) {
  let next = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
    if (message.id === undefined) return;
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) pending?.reject(new Error(message.error));
    else pending?.resolve(message.result);
  });
  child.on('exit', (code) => {
    for (const pending of waiting.values()) pending.reject(new Error(`child exited (${code})`));
    waiting.clear();
  });
  return <T>(call: string, argument?: unknown): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, call, argument });
    });
}

/**
 * This process's memory. With `collect` (and --expose-gc), after full collections
 * repeated until RSS holds still (three readings 250 ms apart within 256 KiB, 15 s at most): V8
 * gives pages back over a few seconds after a burst of work, which would otherwise read as
 * sockets freeing memory.
 */
export async function usage(collect: boolean): Promise<ProcessMemory> {
  if (collect) {
    let previous = 0;
    for (let i = 0, still = 0; i < 60 && still < 3; i++) {
      globalThis.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 250));
      const rss = process.memoryUsage.rss();
      still = Math.abs(rss - previous) < 256 * 1024 ? still + 1 : 0;
      previous = rss;
    }
  }
  const memory = process.memoryUsage();
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return {
    rssAnon: statusBytes(status, 'RssAnon'),
    rssFile: statusBytes(status, 'RssFile'),
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
  };
}
