// Chat fan-out benchmark: how fast a muse reaches every reader of a group conversation, in the
// reader's language, compared with a bare WebSocket broadcast doing the least possible work.
//
// Three runs in one process (server and every client share the process, so one clock serves both
// ends of each latency sample, and the memory figures cover the server and the client side of a
// connection together):
//
//   1. Baseline: node:http + ws WebSocketServer on port 0. N clients in M groups; a sender's JSON
//      message (shaped and sized like a Muse) is parsed once, serialised once and sent to every
//      client of its group, the sender included.
//   2. Floor: a bare Socket.IO server, configured as Tolk configures it, relaying each message to
//      its group's room, with the same socket.io-client clients as Tolk's run. No accounts, no
//      database, no translation: the best any Socket.IO server does here, so the part of the gap
//      to the baseline that application code cannot close.
//   3. Tolk: buildApp() on a fresh database (PGlite in a temporary folder, or, with DATABASE_URL
//      set, a new PostgreSQL database created from scratch, migrated and dropped at the end),
//      listening on port 0. N accounts reading L languages (en, es, fr, pt: all local Apertium;
//      fr and pt pivot through es), M group conversations of N/M members, every member with a
//      Socket.IO connection joined to its conversation. Every muse text is first sent once in a
//      warm-up conversation, so the translation memory holds every (text, language) and the
//      measured run measures fan-out, not Apertium. Muses go in as the web app sends them: over
//      the sender's open socket (`muse:send` with an ack), or with --via http by POST over
//      keep-alive agents (the path of a client without a live socket).
//
// Send pattern (the same for both runs): each conversation sends --muses muses, round-robin over
// one sender per language in the group; the jobs are ordered round by round across conversations
// and run through a closed loop of --concurrency workers, a job ending when every member of the
// group has received the message (Tolk: the first muse:new / muse:updated for it whose translation
// is 'ready' or 'skipped'). --warmup unmeasured rounds per conversation warm the code first. The
// closed loop keeps the server saturated, so latency there is mostly queueing (about in-flight
// muses × the time to serve one); --concurrency 1 shows the latency of one muse at a time.
//
// The measured rounds run --repeat times in a row (laps), so one slow moment of the machine does
// not decide a figure. Reported per run: deliveries per second (deliveries / wall time from the
// first send to the last delivery) of the median lap and the range over laps, p50 / p99 / max
// send-to-receive latency over every lap, and memory per connection (RSS and heapUsed
// after connecting, and for Tolk joining, every client, minus before, divided by N). Tolk also
// reports how many muses reached a reader 'pending' first, translation requests per
// (muse, language) through the conversations module's translator port, and engine calls during the
// measured run from app.translation.status() (0 when the memory is warm).
//
// Then a cold pass: one muse per conversation, each text never seen before (so the translation
// memory has none of them), sent one at a time and left to finish, and the engine calls it caused
// (app.translation.status()) divided by (muses × target languages): "engine calls per (muse,
// language)", which must be 1.00 - one engine call per language present, whatever the number of
// readers of that language. A pivot (en -> es -> fr) shares its first hop with the es target.
//
// Run (from the repository root; --expose-gc makes the memory figures steady):
//   node --expose-gc --import tsx bench/fanout.ts [--clients 1000] [--conversations 50]
//        [--languages 4] [--muses 10] [--concurrency 8] [--warmup 4] [--repeat 3]
//        [--via socket|http]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --expose-gc --import tsx bench/fanout.ts
// `npx tsx bench/fanout.ts ...` works too, with noisier memory figures. FANOUT_CPU_PROFILE=/tmp/fan
// writes a CPU profile of each run's measured part (/tmp/fan.baseline.cpuprofile, .floor., .tolk.).
//
// Senders' HTTP requests leave from distinct loopback addresses (127.0.x.y, all of 127/8 is
// loopback on Linux), so the per-address limit on sending muses (120 a minute) is not what is
// measured.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { Server as SocketIoServer } from 'socket.io';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { ClientToServerEvents, ServerToClientEvents } from '@tolk/shared/realtime';
import type { LoginResponse } from '@tolk/shared/schemas/auth';
import type { Conversation, Muse } from '@tolk/shared/schemas/conversations';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { SOCKET_SERVER_OPTIONS } from '../apps/server/src/plugins/realtime';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { bootstrap } from '../apps/server/src/modules/accounts/bootstrap';
import { museTranslatorFrom, type MuseTranslator } from '../apps/server/src/modules/muses/translator';
import { adminQuery, uniqueName, withDatabase } from '../apps/server/src/test/databases';

// ---------------------------------------------------------------------------------------------
// Options and fixtures

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    conversations: { type: 'string', default: '50' },
    languages: { type: 'string', default: '4' },
    muses: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '8' },
    via: { type: 'string', default: 'socket' },
    repeat: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '4' },
  },
});
if (args.via !== 'socket' && args.via !== 'http') throw new Error(`--via must be socket or http, not ${args.via}`);
/** How Tolk's senders send: over their open socket (as the web app does when connected) or by POST. */
const VIA = args.via;

function positive(name: string, raw: string, max = Infinity): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`--${name} must be a whole number from 1 to ${max}, not ${raw}`);
  }
  return value;
}

const ALL_LANGUAGES = ['en', 'es', 'fr', 'pt'] as const;
const CLIENTS = positive('clients', args.clients);
const CONVERSATIONS = positive('conversations', args.conversations, CLIENTS);
const LANGUAGE_COUNT = positive('languages', args.languages, ALL_LANGUAGES.length);
const MUSES = positive('muses', args.muses);
const CONCURRENCY = positive('concurrency', args.concurrency);
/** The measured rounds run this many times in a row; throughput is the median, latency pools them all. */
const REPEAT = positive('repeat', args.repeat);
/** Unmeasured rounds first, so the measured ones run on compiled code and warm caches. */
const WARMUP = positive('warmup', args.warmup);
const LANGUAGES = ALL_LANGUAGES.slice(0, LANGUAGE_COUNT);
const GROUP_SIZE = Math.floor(CLIENTS / CONVERSATIONS);
if (GROUP_SIZE < 2) throw new Error('each conversation needs at least two members (--clients / --conversations ≥ 2)');
/** Clients beyond M × floor(N/M) would sit in no conversation: the run uses exactly M × floor(N/M). */
const N = GROUP_SIZE * CONVERSATIONS;
const LANGUAGES_PER_GROUP = Math.min(LANGUAGE_COUNT, GROUP_SIZE);
const DELIVERY_TIMEOUT_MS = 30_000;
const PASSWORD = 'Bench-password-1';

const TEXTS: Record<(typeof ALL_LANGUAGES)[number], string[]> = {
  en: ['Good morning, my friend.', 'The train leaves at nine tonight.', 'Thank you for the lovely dinner.'],
  es: ['Buenos días, amigo mío.', 'El tren sale a las nueve esta noche.', 'Gracias por la cena tan rica.'],
  fr: ['Bonjour, mon ami.', 'Le train part à neuf heures ce soir.', 'Merci pour le bon dîner.'],
  pt: ['Bom dia, meu amigo.', 'O comboio parte às nove esta noite.', 'Obrigado pelo jantar delicioso.'],
};

/** Member j of a group reads LANGUAGES[j % L]; member j < L of each group is its sender for that language. */
const languageOf = (memberInGroup: number) => LANGUAGES[memberInGroup % LANGUAGE_COUNT]!;
const clientIndex = (conversation: number, member: number) => conversation * GROUP_SIZE + member;

interface Job {
  conversation: number;
  /** Member index inside the group. */
  sender: number;
  language: (typeof ALL_LANGUAGES)[number];
  text: string;
  measured: boolean;
}

/** Rounds 0..warmup-1 (unmeasured) warm the code; the next --muses rounds are measured. Round-major, so neighbours differ. */
function jobs(): Job[] {
  const out: Job[] = [];
  for (let round = 0; round < WARMUP + MUSES; round++) {
    for (let conversation = 0; conversation < CONVERSATIONS; conversation++) {
      const sender = round % LANGUAGES_PER_GROUP;
      const language = languageOf(sender);
      const texts = TEXTS[language];
      out.push({
        conversation,
        sender,
        language,
        text: texts[Math.floor(round / LANGUAGES_PER_GROUP) % texts.length]!,
        measured: round >= WARMUP,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface Memory {
  rss: number;
  heap: number;
}

/** Heap and RSS after full collections and a pause, so freed pages can go back first. */
async function memory(): Promise<Memory> {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed };
}

/** Closed loop: `concurrency` workers take the next job as soon as their last one ends. */
async function runAll<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

/** Connects all N clients, `concurrency` at a time, measuring the time and the memory it takes. */
async function connectAll<T>(concurrency: number, connect: (index: number) => Promise<T>) {
  const before = await memory();
  const start = performance.now();
  const clients = new Array<T>(N);
  await runAll(
    Array.from({ length: N }, (_, i) => i),
    concurrency,
    async (i) => {
      clients[i] = await connect(i);
    },
  );
  const connectMs = performance.now() - start;
  return { clients, connectMs, before, after: await memory() };
}

/** Resolves on the first `ok` event, rejects on the first `failed` one. */
function opened(
  emitter: { once(event: string, listener: (error?: unknown) => void): unknown },
  ok: string,
  failed: string,
) {
  return new Promise<void>((resolve, reject) => {
    emitter.once(ok, () => {
      resolve();
    });
    emitter.once(failed, reject);
  });
}

/**
 * The send pattern of every run: the unmeasured warm round, then the measured rounds --repeat
 * times (one lap each), profiled with FANOUT_CPU_PROFILE. `measuring` runs just before the first
 * measured round; `settled` after each lap. Returns how many jobs were measured in all.
 */
async function warmThenMeasure(
  run: string,
  tracker: Tracker,
  send: (job: Job) => Promise<void>,
  hooks: { measuring?: () => Promise<void>; settled?: () => Promise<void> } = {},
): Promise<number> {
  const all = jobs();
  const measured = all.filter((job) => job.measured);
  await runAll(
    all.filter((job) => !job.measured),
    CONCURRENCY,
    send,
  );
  await hooks.measuring?.();
  const profiler = await startProfile(run);
  for (let lap = 0; lap < REPEAT; lap++) {
    await runAll(measured, CONCURRENCY, send);
    tracker.lap();
    await hooks.settled?.();
  }
  await profiler?.();
  return measured.length * REPEAT;
}

/** Send times, receive times and the end of each job (every recipient served). */
class Tracker {
  private readonly sentAt = new Map<string, number>();
  private readonly waiting = new Map<string, { left: number; done: () => void }>();
  readonly latencies: number[] = [];
  deliveries = 0;
  expected = 0;
  /** Per lap: deliveries, and the wall time from its first send to its last delivery. */
  readonly laps: { deliveries: number; wallMs: number }[] = [];
  private firstSend = Infinity;
  private lastDelivery = 0;
  private lapStart = 0;

  /** Ends a lap: what it delivered, in how long. */
  lap() {
    this.laps.push({ deliveries: this.deliveries - this.lapStart, wallMs: this.lastDelivery - this.firstSend });
    this.lapStart = this.deliveries;
    this.firstSend = Infinity;
    this.lastDelivery = 0;
  }

  /** Call just before sending; resolves when `recipients` deliveries came in (or after the timeout). */
  send(id: string, recipients: number, measured: boolean): { sent: () => void; delivered: Promise<void> } {
    const delivered = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve();
      }, DELIVERY_TIMEOUT_MS);
      this.waiting.set(id, {
        left: recipients,
        done: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
    if (measured) this.expected += recipients;
    return {
      sent: () => {
        const now = performance.now();
        if (measured) {
          this.sentAt.set(id, now);
          this.firstSend = Math.min(this.firstSend, now);
        }
      },
      delivered,
    };
  }

  received(id: string) {
    const now = performance.now();
    const sentAt = this.sentAt.get(id);
    if (sentAt !== undefined) {
      this.latencies.push(now - sentAt);
      this.deliveries++;
      this.lastDelivery = Math.max(this.lastDelivery, now);
    }
    const waiting = this.waiting.get(id);
    if (waiting && --waiting.left === 0) {
      this.waiting.delete(id);
      waiting.done();
    }
  }
}

interface RunResult {
  label: string;
  messages: number;
  deliveries: number;
  expected: number;
  /** Deliveries per second of each lap, sorted. */
  rates: number[];
  latencies: number[];
  rssPerConnection: number;
  heapPerConnection: number;
  connectMs: number;
}

function result(label: string, messages: number, tracker: Tracker, before: Memory, after: Memory, connectMs: number) {
  return {
    label,
    messages,
    deliveries: tracker.deliveries,
    expected: tracker.expected,
    rates: tracker.laps.map((lap) => (lap.wallMs > 0 ? lap.deliveries / (lap.wallMs / 1000) : 0)).sort((a, b) => a - b),
    latencies: [...tracker.latencies].sort((a, b) => a - b),
    rssPerConnection: (after.rss - before.rss) / N,
    heapPerConnection: (after.heap - before.heap) / N,
    connectMs,
  } satisfies RunResult;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
/** The median lap's deliveries per second. */
const throughput = (r: RunResult) => percentile(r.rates, 50);

/** A message shaped and sized like the Muse a Tolk reader receives. */
function museLike(conversation: number, clientId: string, job: Job, seq: number): Muse {
  const to = job.language === 'en' ? 'es' : 'en';
  return {
    id: randomUUID(),
    conversationId: `00000000-0000-4000-8000-${conversation.toString().padStart(12, '0')}`,
    seq,
    clientId,
    sender: { username: `fan-${clientIndex(conversation, job.sender)}`, displayName: '', memberId: randomUUID() },
    side: null,
    text: job.text,
    from: job.language,
    detectedFrom: null,
    transliteration: null,
    photo: null,
    createdAt: new Date().toISOString(),
    editedAt: null,
    deleted: false,
    translation: {
      to,
      text: job.text,
      transliteration: null,
      engine: 'apertium',
      state: 'ready',
      reason: null,
      pivot: null,
    },
  };
}

/** A relay run's send: a Muse-like message from the job's sender, done when the whole group has it. */
function relaySend(tracker: Tracker, deliver: (job: Job, message: Muse) => unknown) {
  let seq = 0;
  return async (job: Job) => {
    const clientId = randomUUID();
    const { sent, delivered } = tracker.send(clientId, GROUP_SIZE, job.measured);
    const message = museLike(job.conversation, clientId, job, ++seq);
    sent();
    await deliver(job, message);
    await delivered;
  };
}

// ---------------------------------------------------------------------------------------------
// 1. Baseline: raw ws broadcast

/** A ws frame's payload as text (a Buffer unless fragmented or configured otherwise). */
const textOf = (data: RawData) =>
  (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8');

async function baseline(): Promise<RunResult> {
  const server = http.createServer();
  const wss = new WebSocketServer({ server });
  const groups = new Map<number, Set<WebSocket>>();
  wss.on('connection', (ws, request) => {
    const group = Number(new URL(request.url ?? '/', 'http://localhost').searchParams.get('g'));
    let members = groups.get(group);
    if (!members) groups.set(group, (members = new Set()));
    const own = members;
    own.add(ws);
    ws.on('close', () => own.delete(ws));
    ws.on('message', (data) => {
      // Parse and serialise once per message, as a chat server must at the least.
      const message = JSON.parse(textOf(data)) as Muse;
      const out = JSON.stringify(message);
      for (const member of own) member.send(out);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const tracker = new Tracker();
  const { clients, connectMs, before, after } = await connectAll(50, async (i) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/?g=${Math.floor(i / GROUP_SIZE)}`);
    await opened(ws, 'open', 'error');
    ws.on('message', (data) => {
      const muse = JSON.parse(textOf(data)) as Muse;
      tracker.received(muse.clientId);
    });
    return ws;
  });

  const measured = await warmThenMeasure(
    'baseline',
    tracker,
    relaySend(tracker, (job, message) => {
      clients[clientIndex(job.conversation, job.sender)]!.send(JSON.stringify(message));
    }),
  );

  await Promise.all(
    clients.map(
      (ws) =>
        new Promise<void>((resolve) => {
          ws.once('close', () => {
            resolve();
          });
          ws.close();
        }),
    ),
  );
  await new Promise<void>((resolve) => {
    wss.close(() => {
      resolve();
    });
  });
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  return result('raw ws baseline', measured, tracker, before, after, connectMs);
}

// ---------------------------------------------------------------------------------------------
// 2. Floor: bare Socket.IO relay

/**
 * Socket.IO configured as Tolk configures it (connection-state recovery, the same limits), relaying
 * each message to its group's room and nothing else: no accounts, no database, no translation.
 * The same socket.io-client clients as Tolk's run. What any Socket.IO server can at best do on this
 * machine, and so the part of the gap to the raw baseline that no application code can close.
 */
async function socketIoFloor(): Promise<RunResult> {
  const server = http.createServer();
  const io = new SocketIoServer(server, SOCKET_SERVER_OPTIONS);
  io.on('connection', (socket) => {
    const room = `g:${String(socket.handshake.auth.g)}`;
    void socket.join(room);
    socket.on('send', (message: Muse, ack: (ok: boolean) => void) => {
      ack(true);
      io.to(room).emit('muse', message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const tracker = new Tracker();
  const { clients, connectMs, before, after } = await connectAll(20, async (i) => {
    const socket = connectSocket(`http://127.0.0.1:${port}`, {
      auth: { g: Math.floor(i / GROUP_SIZE) },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    await opened(socket, 'connect', 'connect_error');
    socket.on('muse', (muse: Muse) => {
      tracker.received(muse.clientId);
    });
    return socket;
  });

  const measured = await warmThenMeasure(
    'floor',
    tracker,
    relaySend(tracker, (job, message) =>
      clients[clientIndex(job.conversation, job.sender)]!.emitWithAck('send', message),
    ),
  );

  for (const socket of clients) socket.disconnect();
  await io.close();
  return result('bare Socket.IO relay', measured, tracker, before, after, connectMs);
}

// ---------------------------------------------------------------------------------------------
// 3. Tolk

/** The translator port, counting each (text, target language) asked for while `counting` is on. */
class CountingTranslator implements MuseTranslator {
  inner: MuseTranslator | undefined;
  counting = false;
  readonly requests = new Map<string, number>();

  private get delegate(): MuseTranslator {
    if (!this.inner) throw new Error('the counting translator was used before the app was built');
    return this.inner;
  }

  translate = (text: string, from: string, to: string[]) => {
    if (this.counting) {
      for (const language of to) {
        const key = `${text}\u0000${language}`;
        this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
      }
    }
    return this.delegate.translate(text, from, to);
  };

  detect = (text: string, fallback: string) => this.delegate.detect(text, fallback);
  transliterate = (text: string, language: string) => this.delegate.transliterate(text, language);
}

/** Texts nobody has sent: a number no other muse of the run has. */
const COLD_TEXTS: Record<(typeof ALL_LANGUAGES)[number], (n: number) => string> = {
  en: (n) => `I have ${n} apples in the kitchen.`,
  es: (n) => `Tengo ${n} manzanas en la cocina.`,
  fr: (n) => `J'ai ${n} pommes dans la cuisine.`,
  pt: (n) => `Tenho ${n} maçãs na cozinha.`,
};

interface TolkResult extends RunResult {
  pendingFirst: number;
  unavailable: number;
  requestsPerMuseLanguage: number;
  maxRequestsPerMuseLanguage: number;
  translationTargets: number;
  engineCalls: number;
  setupMs: number;
  cold: { muses: number; targets: number; engineCalls: number };
}

async function openBenchDatabase(dir: string): Promise<{ database: DatabaseHandle; dispose: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    return { database, dispose: () => database.close() };
  }
  const name = uniqueName('tolk_fanout');
  await adminQuery(url, `create database ${name}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), pgliteDir: '', poolSize: 10 });
  return {
    database,
    dispose: async () => {
      await database.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}

const engineCalls = async (app: FastifyInstance) =>
  (await app.translation.status()).engines.reduce((sum, engine) => sum + engine.calls, 0);

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * FANOUT_CPU_PROFILE=name: a CPU profile of each run's measured part (not its setup), written to
 * name.baseline.cpuprofile, name.floor.cpuprofile and name.tolk.cpuprofile.
 */
async function startProfile(run: string): Promise<(() => Promise<void>) | undefined> {
  const prefix = process.env.FANOUT_CPU_PROFILE;
  if (!prefix) return undefined;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(`${prefix.replace(/\.cpuprofile$/, '')}.${run}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  };
}

async function tolk(): Promise<TolkResult> {
  const setupStart = performance.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-fanout-'));
  const { database, dispose } = await openBenchDatabase(dir);
  await database.migrate();
  await bootstrap(database.db, 'bench-admin-password');
  const config = loadConfig({
    TOLK_DATA_DIR: dir,
    TOLK_WEB_DIR: path.join(dir, 'no-web'),
    LOG_LEVEL: 'silent',
    PATH: process.env.PATH,
  });
  const translator = new CountingTranslator();
  const app = await buildApp({
    config,
    database,
    logger: false,
    registerLimit: { max: 1_000_000, timeWindow: 60_000 },
    translator,
  });
  translator.inner = museTranslatorFrom(app.translation);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;

  async function inject<T>(method: 'POST', url: string, payload: object, token?: string): Promise<T> {
    const res = await app.inject({
      method,
      url,
      payload,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  }

  // Accounts: argon2 runs on the libuv pool, so a few registrations at once go faster.
  const accounts = new Array<LoginResponse>(N);
  await runAll(
    Array.from({ length: N }, (_, i) => i),
    4,
    async (i) => {
      accounts[i] = await inject<LoginResponse>('POST', '/api/auth/register', {
        username: `fan-${i}`,
        password: PASSWORD,
        language: languageOf(i % GROUP_SIZE),
      });
    },
  );

  // Group conversations: creation names at most 50 members, the rest are added 50 at a time.
  const GROUP_MAX = 50;
  const conversationIds: string[] = [];
  for (let c = 0; c < CONVERSATIONS; c++) {
    const owner = accounts[clientIndex(c, 0)]!;
    const others = Array.from({ length: GROUP_SIZE - 1 }, (_, j) => accounts[clientIndex(c, j + 1)]!.username);
    const created = await inject<Conversation>(
      'POST',
      '/api/conversations',
      { kind: 'group', title: `Fan-out ${c}`, members: others.slice(0, GROUP_MAX) },
      owner.token,
    );
    for (let from = GROUP_MAX; from < others.length; from += GROUP_MAX) {
      await inject<Conversation>(
        'POST',
        `/api/conversations/${created.id}/members`,
        { members: others.slice(from, from + GROUP_MAX) },
        owner.token,
      );
    }
    conversationIds.push(created.id);
  }

  // Warm the translation memory: every text once, from its language, into every other language.
  if (LANGUAGES_PER_GROUP > 1) {
    const speakers = Array.from({ length: LANGUAGES_PER_GROUP }, (_, j) => accounts[j]!);
    const warm = await inject<Conversation>(
      'POST',
      '/api/conversations',
      { kind: 'group', title: 'Warm-up', members: speakers.slice(1).map((a) => a.username) },
      speakers[0]!.token,
    );
    for (let j = 0; j < LANGUAGES_PER_GROUP; j++) {
      for (const text of TEXTS[languageOf(j)]) {
        await inject<Muse>(
          'POST',
          `/api/conversations/${warm.id}/muses`,
          { clientId: randomUUID(), text, from: languageOf(j) },
          speakers[j]!.token,
        );
      }
    }
    await app.muses.idle();
  }
  const setupMs = performance.now() - setupStart;

  // Sockets: connect and join, all N.
  const tracker = new Tracker();
  let pendingFirst = 0;
  let unavailable = 0;
  const measuredIds = new Set<string>();
  const {
    clients: sockets,
    connectMs,
    before,
    after,
  } = await connectAll(20, async (i) => {
    const socket: Client = connectSocket(`http://127.0.0.1:${port}`, {
      auth: { token: accounts[i]!.token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    await opened(socket, 'connect', 'connect_error');
    const got = new Set<string>();
    const onMuse = (muse: Muse, event: 'new' | 'updated') => {
      const state = muse.translation?.state;
      if (event === 'new' && state === 'pending' && measuredIds.has(muse.clientId)) pendingFirst++;
      if (state === 'unavailable' && measuredIds.has(muse.clientId)) unavailable++;
      if ((state === 'ready' || state === 'skipped') && !got.has(muse.clientId)) {
        got.add(muse.clientId);
        tracker.received(muse.clientId);
      }
    };
    socket.on('muse:new', (muse) => {
      onMuse(muse, 'new');
    });
    socket.on('muse:updated', (muse) => {
      onMuse(muse, 'updated');
    });
    const ack = await socket.emitWithAck('conversation:join', {
      conversationId: conversationIds[Math.floor(i / GROUP_SIZE)]!,
      lastSeq: 0,
    });
    if (!ack.ok) throw new Error(`join failed: ${ack.error.message}`);
    return socket;
  });

  // Senders: one keep-alive agent per loopback address, at most 100 muses per address.
  const agents = new Map<string, http.Agent>();
  const sentBy = new Map<number, number>();
  function agentFor(sender: number): http.Agent {
    const nth = sentBy.get(sender) ?? 0;
    sentBy.set(sender, nth + 1);
    const slot = sender * 1000 + Math.floor(nth / 100);
    const address = `127.${1 + Math.floor(slot / 62_500)}.${Math.floor(slot / 250) % 250}.${1 + (slot % 250)}`;
    let agent = agents.get(address);
    if (!agent) agents.set(address, (agent = new http.Agent({ keepAlive: true, localAddress: address })));
    return agent;
  }
  function post(agent: http.Agent, url: string, token: string, body: object): Promise<number> {
    const json = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(json),
            authorization: `Bearer ${token}`,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            resolve(response.statusCode ?? 0);
          });
        },
      );
      request.on('error', reject);
      request.end(json);
    });
  }

  const expectedRequests = new Map<string, number>();
  for (const job of jobs()) {
    if (!job.measured) continue;
    for (let j = 0; j < LANGUAGES_PER_GROUP; j++) {
      const to = languageOf(j);
      if (to === job.language) continue;
      const key = `${job.text}\u0000${to}`;
      expectedRequests.set(key, (expectedRequests.get(key) ?? 0) + REPEAT);
    }
  }

  let failedSends = 0;
  const send = async (job: Job) => {
    const sender = clientIndex(job.conversation, job.sender);
    const clientId = randomUUID();
    if (job.measured) measuredIds.add(clientId);
    const { sent, delivered } = tracker.send(clientId, GROUP_SIZE, job.measured);
    sent();
    const conversationId = conversationIds[job.conversation]!;
    const stored =
      VIA === 'socket'
        ? await sockets[sender]!.emitWithAck('muse:send', {
            conversationId,
            clientId,
            text: job.text,
            from: job.language,
          }).then((ack) => ack.ok && ack.created)
        : (await post(agentFor(sender), `/api/conversations/${conversationId}/muses`, accounts[sender]!.token, {
            clientId,
            text: job.text,
            from: job.language,
          })) === 201;
    if (!stored) {
      failedSends++;
      return;
    }
    await delivered;
  };
  let callsBefore = 0;
  const measured = await warmThenMeasure('tolk', tracker, send, {
    // The warm round is over: count from here.
    measuring: async () => {
      await app.muses.idle();
      callsBefore = await engineCalls(app);
      translator.counting = true;
    },
    settled: () => app.muses.idle(),
  });
  translator.counting = false;
  const callsDuring = (await engineCalls(app)) - callsBefore;
  if (failedSends) console.error(`warning: ${failedSends} sends failed`);

  // Cold pass: memory empty for these texts, one muse at a time so no two share an engine batch.
  const cold = { muses: 0, targets: 0, engineCalls: 0 };
  const coldBefore = await engineCalls(app);
  for (let c = 0; c < CONVERSATIONS; c++) {
    const sender = c % LANGUAGES_PER_GROUP;
    const language = languageOf(sender);
    const status = await post(
      agentFor(clientIndex(c, sender)),
      `/api/conversations/${conversationIds[c]!}/muses`,
      accounts[clientIndex(c, sender)]!.token,
      { clientId: randomUUID(), text: COLD_TEXTS[language](100_000 + c), from: language },
    );
    if (status !== 201) throw new Error(`cold muse ${c}: ${status}`);
    await app.muses.idle();
    cold.muses++;
    cold.targets += LANGUAGES_PER_GROUP - 1;
  }
  cold.engineCalls = (await engineCalls(app)) - coldBefore;

  let requested = 0;
  let targets = 0;
  let maxRatio = 0;
  for (const [key, expected] of expectedRequests) {
    const got = translator.requests.get(key) ?? 0;
    requested += got;
    targets += expected;
    maxRatio = Math.max(maxRatio, got / expected);
  }
  for (const [key, got] of translator.requests) {
    if (!expectedRequests.has(key)) {
      requested += got;
      maxRatio = Infinity;
    }
  }

  for (const socket of sockets) socket.disconnect();
  for (const agent of agents.values()) agent.destroy();
  await app.close();
  await dispose();
  fs.rmSync(dir, { recursive: true, force: true });

  return {
    ...result(
      `Tolk (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
      measured,
      tracker,
      before,
      after,
      connectMs,
    ),
    pendingFirst,
    unavailable,
    requestsPerMuseLanguage: targets ? requested / targets : NaN,
    maxRequestsPerMuseLanguage: targets ? maxRatio : NaN,
    translationTargets: targets,
    engineCalls: callsDuring,
    setupMs,
    cold,
  };
}

// ---------------------------------------------------------------------------------------------
// Report

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join(' | ');
  const [head, ...body] = rows;
  console.log(line(head!));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of body) console.log(line(row));
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const count = (value: number) => Math.round(value).toLocaleString('en-US');
const range = (r: RunResult) => `${count(r.rates[0] ?? 0)} - ${count(r.rates.at(-1) ?? 0)}`;

console.log(
  `Fan-out: ${N} clients, ${CONVERSATIONS} conversations of ${GROUP_SIZE}, ${LANGUAGE_COUNT} reading languages ` +
    `(${LANGUAGES.join(', ')}), ${MUSES} measured muses per conversation (${REPEAT} laps), ${CONCURRENCY} in flight, ` +
    `Tolk's muses sent over ${VIA === 'socket' ? 'the socket' : 'HTTP'}; ` +
    `node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}` +
    (globalThis.gc ? '' : ', no --expose-gc (memory is rough)'),
);
const base = await baseline();
console.log(`baseline done (connect ${ms(base.connectMs)} ms)`);
const floor = await socketIoFloor();
console.log(`Socket.IO floor done (connect ${ms(floor.connectMs)} ms)`);
const mine = await tolk();
console.log(`Tolk done (setup ${ms(mine.setupMs)} ms, connect + join ${ms(mine.connectMs)} ms)`);
console.log('');

table([
  ['', base.label, floor.label, mine.label],
  ['messages / muses sent (measured)', count(base.messages), count(floor.messages), count(mine.messages)],
  [
    'deliveries received / expected',
    `${base.deliveries}/${base.expected}`,
    `${floor.deliveries}/${floor.expected}`,
    `${mine.deliveries}/${mine.expected}`,
  ],
  [
    `deliveries / second, median of ${REPEAT} laps`,
    count(throughput(base)),
    count(throughput(floor)),
    count(throughput(mine)),
  ],
  ['deliveries / second, slowest to fastest lap', range(base), range(floor), range(mine)],
  [
    'latency p50 (ms)',
    ms(percentile(base.latencies, 50)),
    ms(percentile(floor.latencies, 50)),
    ms(percentile(mine.latencies, 50)),
  ],
  [
    'latency p99 (ms)',
    ms(percentile(base.latencies, 99)),
    ms(percentile(floor.latencies, 99)),
    ms(percentile(mine.latencies, 99)),
  ],
  [
    'latency max (ms)',
    ms(percentile(base.latencies, 100)),
    ms(percentile(floor.latencies, 100)),
    ms(percentile(mine.latencies, 100)),
  ],
  ['RSS per connection (KiB)', kib(base.rssPerConnection), kib(floor.rssPerConnection), kib(mine.rssPerConnection)],
  ['heap per connection (KiB)', kib(base.heapPerConnection), kib(floor.heapPerConnection), kib(mine.heapPerConnection)],
  ['deliveries that arrived pending first', '-', '-', count(mine.pendingFirst)],
  ['deliveries marked unavailable', '-', '-', count(mine.unavailable)],
  [
    'translation requests per (muse, language)',
    '-',
    '-',
    Number.isFinite(mine.requestsPerMuseLanguage)
      ? `${mine.requestsPerMuseLanguage.toFixed(2)} (max ${mine.maxRequestsPerMuseLanguage.toFixed(2)}, ${mine.translationTargets} pairs)`
      : 'n/a (one language)',
  ],
  ['engine calls during the measured run', '-', '-', count(mine.engineCalls)],
  [
    'engine calls per (muse, language), cold',
    '-',
    '-',
    mine.cold.targets
      ? `${(mine.cold.engineCalls / mine.cold.targets).toFixed(2)} (${mine.cold.engineCalls} calls / ${mine.cold.muses} muses × ${LANGUAGES_PER_GROUP - 1} languages)`
      : 'n/a (one language)',
  ],
]);

const ratio = throughput(mine) / throughput(base);
const p99 = percentile(mine.latencies, 99);
const complete =
  mine.deliveries === mine.expected && base.deliveries === base.expected && floor.deliveries === floor.expected;
const checks: [string, boolean, string][] = [
  ['every delivery arrived', complete, `${mine.deliveries}/${mine.expected}`],
  ['Tolk throughput ≥ half the baseline', ratio >= 0.5, `${(ratio * 100).toFixed(1)} % of baseline`],
  ['Tolk p99 ≤ 50 ms', p99 <= 50, `${ms(p99)} ms`],
  [
    'translation requests per (muse, language) = 1.00',
    mine.requestsPerMuseLanguage.toFixed(2) === '1.00' && mine.maxRequestsPerMuseLanguage.toFixed(2) === '1.00',
    Number.isFinite(mine.requestsPerMuseLanguage) ? mine.requestsPerMuseLanguage.toFixed(2) : 'n/a',
  ],
  [
    'engine calls per (muse, language) = 1.00',
    mine.cold.targets > 0 && (mine.cold.engineCalls / mine.cold.targets).toFixed(2) === '1.00',
    mine.cold.targets ? (mine.cold.engineCalls / mine.cold.targets).toFixed(2) : 'n/a',
  ],
];
console.log(`load average at the end: ${os.loadavg()[0]!.toFixed(1)} (other work on the machine skews every figure)`);
const reference = N === 1000 && CONVERSATIONS === 50 && LANGUAGE_COUNT === 4;
console.log('');
console.log(
  `Targets (set for 1,000 clients, 50 conversations, 4 languages${reference ? '' : '; this run is another size, so indicative only'}):`,
);
for (const [name, pass, detail] of checks) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
console.log(
  `For reference: bare Socket.IO reaches ${((throughput(floor) / throughput(base)) * 100).toFixed(1)} % of the baseline; ` +
    `Tolk reaches ${((throughput(mine) / throughput(floor)) * 100).toFixed(1)} % of bare Socket.IO.`,
);
