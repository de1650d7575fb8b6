// Fan-out bench, the parent's side of one server's run: starts the server process and the client
// processes, then the phases: connect + authenticate + join every socket and idle (memory per
// socket), the offered load (latency), a rising offered rate until deliveries stop keeping up, and a
// saturated hold (profiled with FANOUT_CPU_PROFILE); for Tolk also the translation counts.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { uniqueName } from '../../apps/server/src/test/databases';
import { serverBundle } from './server-bundle';
import { cpuBetween, cpuSeconds, databaseCpu } from './cpu';
import {
  caller,
  currentEpoch,
  nowMicros,
  percentiles,
  type ClientStats,
  type ProcessMemory,
  type SendResult,
  type SenderSpec,
  type ServerReady,
  type SocketSpec,
} from './protocol';
import {
  ACCOUNTS,
  CLIENT_PROCESSES,
  DEVICES,
  GROUP_SOCKETS,
  HOLD_SECONDS,
  languageOf,
  LANGUAGES,
  LOAD_SECONDS,
  MEMBERS,
  OFFERED,
  processOf,
  SENDERS_PER_GROUP,
  SERVER_FROM,
  STEP_SECONDS,
  TEXTS,
  VIA,
  type ServerKind,
} from './options';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Phase {
  offered: number;
  /** Deliveries per second received inside the phase's window (its first second left out). */
  delivered: number;
  latency: ReturnType<typeof percentiles>;
  accepted: number;
  failed: number;
  /** Sends turned away as past saturation (Tolk's send gate). */
  shed: number;
  expected: number;
  maxLagMs: number;
  /** From a send leaving to its answer, accepted sends of every client process. */
  answers: ReturnType<typeof percentiles>;
  /** Share of one core the server process used, and the client processes together, in the window. */
  serverCpu: number;
  clientsCpu: number;
  /** PostgreSQL's backends for the run's database (NaN with PGlite, which is inside the server). */
  databaseCpu: number;
  pendingFirst: number;
  unavailable: number;
  texts: Record<string, number>;
}

export interface ServerRun {
  kind: ServerKind;
  connectMs: number;
  failedJoins: number;
  rssPerSocket: number;
  heapPerSocket: number;
  load: Phase;
  steps: Phase[];
  hold: Phase;
  saturation: number;
  /** The phase that delivered the most: the saturation figure and its CPU shares. */
  peak: Phase;
  /** From the start to the server listening: seeding and warming Tolk. */
  setupMs: number;
  tolk?: {
    requestsPerMuseLanguage: number;
    maxRequestsPerMuseLanguage: number;
    pairs: number;
    engineCalls: number;
    cold: { muses: number; targets: number; engineCalls: number };
  };
}

type Call = ReturnType<typeof caller>;

/** A bench process running `file` of this folder through tsx, or a bundle of it (an absolute path). */
export function start(file: string, env: Record<string, string>): { child: ChildProcess; call: Call } {
  const bundled = path.isAbsolute(file);
  const child = fork(bundled ? file : path.join(here, file), process.argv.slice(2), {
    execArgv: bundled ? ['--expose-gc', '--enable-source-maps'] : ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, ...env },
  });
  return { child, call: caller(child) };
}

/** The server process: bundled as production runs it (--server-from build) or from the sources. */
const startServerProcess = async (env: Record<string, string>) =>
  start(SERVER_FROM === 'build' ? await serverBundle() : 'server-process.ts', env);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each client process's sockets, and among them its senders (member m < L of a group, first device). */
export function assign(ready: ServerReady) {
  const sockets: SocketSpec[][] = Array.from({ length: CLIENT_PROCESSES }, () => []);
  const senders: SenderSpec[][] = Array.from({ length: CLIENT_PROCESSES }, () => []);
  for (let account = 0; account < ACCOUNTS; account++) {
    const own = sockets[processOf(account)]!;
    const { tokens, conversationId } = ready.accounts[account]!;
    for (let device = 0; device < DEVICES; device++) {
      own.push({ account, token: tokens[device]!, conversationId });
      const member = account % MEMBERS;
      if (device === 0 && member < SENDERS_PER_GROUP) {
        const language = languageOf(member);
        senders[processOf(account)]!.push({
          socket: own.length - 1,
          account,
          token: tokens[device]!,
          conversationId,
          language,
          texts: TEXTS[language],
        });
      }
    }
  }
  return { sockets, senders };
}

/** Tolk's database and seed, made by a process of their own before the server starts. */
export async function seedTolk(): Promise<Record<string, string>> {
  const env = {
    FANOUT_SERVER: 'tolk',
    FANOUT_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-fanout-')),
    FANOUT_DB_NAME: uniqueName('tolk_fanout'),
  };
  const seeding = (await startServerProcess({ ...env, FANOUT_SEED: '1' })).child;
  const code = await new Promise((resolve) => seeding.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding Tolk failed (${String(code)})`);
  return env;
}

/** A server process of `kind` with `env` (seedTolk's for Tolk), once it listens. */
export async function startServer(kind: ServerKind, env: Record<string, string>) {
  const server = await startServerProcess({ ...env, FANOUT_SERVER: kind });
  const ready = await new Promise<ServerReady>((resolve, reject) => {
    server.child.on('message', (message: { ready?: ServerReady }) => {
      if (message.ready) resolve(message.ready);
    });
    server.child.once('exit', (code) => {
      reject(new Error(`the ${kind} server process exited (${code})`));
    });
  });
  return { ...server, ready };
}

export async function runServer(kind: ServerKind, profilePrefix: string | undefined): Promise<ServerRun> {
  const epoch = currentEpoch();
  const setupStart = performance.now();
  const env = kind === 'tolk' ? await seedTolk() : { FANOUT_SERVER: kind };
  const server = await startServer(kind, env);
  const { ready } = server;
  const postgres = kind === 'tolk' ? databaseCpu(env.FANOUT_DB_NAME) : undefined;
  const setupMs = performance.now() - setupStart;
  const clients = Array.from({ length: CLIENT_PROCESSES }, (_, p) =>
    start('client-process.ts', { FANOUT_CLIENT_PROCESS: String(p) }),
  );
  const { sockets, senders } = assign(ready);
  const totalSenders = senders.reduce((sum, own) => sum + own.length, 0);

  // (i) Connect, authenticate and join every socket, then idle: memory per socket. A tenth first,
  // so what the first sockets load once (code, pools, buffers) is not counted per socket.
  const connectSlice = async (from: number, to: number) =>
    Promise.all(
      clients.map((client, p) =>
        client.call<{ ms: number; failed: number }>('connect', {
          port: ready.port,
          path: ready.path,
          epoch,
          offset: Math.floor(sockets[p]!.length * from),
          sockets: sockets[p]!.slice(Math.floor(sockets[p]!.length * from), Math.floor(sockets[p]!.length * to)),
          senders: senders[p],
        }),
      ),
    );
  const first = await connectSlice(0, 0.1);
  const measured = sockets.reduce((sum, own) => sum + own.length - Math.floor(own.length * 0.1), 0);
  await sleep(1000);
  const before = await server.call<ProcessMemory>('usage', true);
  const connectStart = performance.now();
  const connects = [...first, ...(await connectSlice(0.1, 1))];
  const connectMs = performance.now() - connectStart;
  await sleep(2000);
  const after = await server.call<ProcessMemory>('usage', true);
  const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  const memory = (u: ProcessMemory) =>
    `RSS ${mib(u.rss)} (anon ${mib(u.rssAnon)}, file ${mib(u.rssFile)}), heap ${mib(u.heapUsed)} used / ${mib(u.heapTotal)}, external ${mib(u.external)} MiB`;
  console.log(`  ${kind} memory with a tenth of the sockets: ${memory(before)}; with all: ${memory(after)}`);
  if (kind === 'tolk') await server.call('startCounting');

  /** One phase: `offered` deliveries per second for `seconds`, open loop, then drained. */
  async function phase(offered: number, seconds: number, profile?: string): Promise<Phase> {
    const musesPerSecond = offered / GROUP_SOCKETS;
    const startMicros = nowMicros(epoch) + 300_000;
    const window = {
      sendFromMicros: startMicros,
      rateFromMicros: startMicros + 1e6,
      rateToMicros: startMicros + seconds * 1e6,
    };
    await Promise.all(clients.map((client) => client.call('phase', window)));
    // CPU shares over the rate window, read at its edges: the server's, and the client processes' together.
    const cpuAt = async (micros: number) => {
      await sleep((micros - nowMicros(epoch)) / 1000);
      return {
        at: nowMicros(epoch) / 1e6,
        server: cpuSeconds(server.child.pid),
        clients: clients.reduce((sum, c) => sum + cpuSeconds(c.child.pid), 0),
        database: await postgres?.read(),
      };
    };
    const cpuFrom = cpuAt(window.rateFromMicros);
    const cpuTo = cpuAt(window.rateToMicros);
    if (profile) await server.call('profileStart');
    const profiled = profile
      ? sleep((window.rateToMicros - nowMicros(epoch)) / 1000).then(() => server.call('profileStop', profile))
      : undefined;
    const results = await Promise.all(
      clients.map((client, p) => {
        const rate = (musesPerSecond * senders[p]!.length) / totalSenders;
        return client.call<SendResult>('send', {
          via: VIA,
          port: ready.port,
          startMicros,
          musesPerSecond: rate,
          count: Math.round(rate * seconds),
        });
      }),
    );
    const accepted = results.reduce((sum, r) => sum + r.accepted, 0);
    const expected = accepted * GROUP_SOCKETS;
    // Drained: every delivery in, or nothing new for 10 s.
    let received = 0;
    let lastProgress = performance.now();
    while (received < expected && performance.now() - lastProgress < 10_000) {
      await sleep(250);
      const now = (await Promise.all(clients.map((c) => c.call<number>('received')))).reduce((a, b) => a + b, 0);
      if (now > received) lastProgress = performance.now();
      received = now;
    }
    if (kind === 'tolk') await server.call('idle');
    await profiled;
    const [from, to] = await Promise.all([cpuFrom, cpuTo]);
    const stats = await Promise.all(clients.map((c) => c.call<ClientStats>('stats')));
    const texts: Record<string, number> = {};
    for (const r of results) for (const [key, n] of Object.entries(r.texts)) texts[key] = (texts[key] ?? 0) + n;
    return {
      offered,
      delivered: stats.reduce((sum, s) => sum + s.inWindow, 0) / (seconds - 1),
      latency: percentiles(stats.map((s) => s.histogram)),
      accepted,
      failed: results.reduce((sum, r) => sum + r.failed, 0),
      shed: results.reduce((sum, r) => sum + r.shed, 0),
      expected,
      maxLagMs: Math.max(...results.map((r) => r.maxLagMs)),
      answers: percentiles(results.map((r) => r.answers)),
      serverCpu: (to.server - from.server) / (to.at - from.at),
      clientsCpu: (to.clients - from.clients) / (to.at - from.at),
      databaseCpu: from.database && to.database ? cpuBetween(from.database, to.database) / (to.at - from.at) : NaN,
      pendingFirst: stats.reduce((sum, s) => sum + s.pendingFirst, 0),
      unavailable: stats.reduce((sum, s) => sum + s.unavailable, 0),
      texts,
    };
  }

  // (ii) The offered load; (iii) rising rates until deliveries fall behind, then a saturated hold.
  const load = await phase(OFFERED, LOAD_SECONDS);
  progress(kind, 'load', load);
  const steps: Phase[] = [];
  let best = load.delivered;
  // Two steps in a row behind their offer end the climb: one can be a stall of the machine's.
  for (let rate = Math.max(OFFERED, load.delivered) * 1.5, behind = 0; steps.length < 12 && behind < 2; rate *= 1.5) {
    const step = await phase(rate, STEP_SECONDS);
    steps.push(step);
    progress(kind, 'step', step);
    best = Math.max(best, step.delivered);
    behind = step.delivered < 0.9 * rate ? behind + 1 : 0;
  }
  const hold = await phase(best * 1.25, HOLD_SECONDS, profilePrefix && `${profilePrefix}.${kind}.cpuprofile`);
  progress(kind, 'hold', hold);

  let tolk: ServerRun['tolk'];
  if (kind === 'tolk') tolk = await translationCounts(server.call, [load, ...steps, hold]);

  await Promise.all(clients.map((client) => client.call('close').catch(() => undefined)));
  // Before the server drops the database, which ends this connection too.
  await postgres?.close();
  await server.call('close').catch(() => undefined);
  return {
    kind,
    setupMs,
    connectMs,
    failedJoins: connects.reduce((sum, c) => sum + c.failed, 0),
    rssPerSocket: (after.rss - before.rss) / measured,
    heapPerSocket: (after.heapUsed - before.heapUsed) / measured,
    load,
    steps,
    hold,
    saturation: Math.max(best, hold.delivered),
    peak: [load, ...steps, hold].reduce((a, b) => (b.delivered > a.delivered ? b : a)),
    tolk,
  };
}

/** Deliveries of the phase's accepted muses that never arrived. */
export const missing = (p: Phase) => Math.max(0, p.expected - p.latency.count);

function progress(kind: string, name: string, p: Phase) {
  console.log(
    `  ${kind} ${name}: offered ${Math.round(p.offered)}/s, delivered ${Math.round(p.delivered)}/s, ` +
      `p50 ${p.latency.p50} ms, p99 ${p.latency.p99} ms, server CPU ${(p.serverCpu * 100).toFixed(0)} %, ` +
      (Number.isNaN(p.databaseCpu) ? '' : `PostgreSQL CPU ${(p.databaseCpu * 100).toFixed(0)} %, `) +
      `clients CPU ${(p.clientsCpu * 100).toFixed(0)} %, send lag ${p.maxLagMs.toFixed(0)} ms, answer p99 ${p.answers.p99} ms` +
      (p.failed ? `, ${p.failed} failed sends` : '') +
      (p.shed ? `, ${p.shed} sends shed (503)` : '') +
      (missing(p) ? `, ${missing(p)} deliveries missing` : ''),
  );
}

/** Translation requests per (muse, target language) over every measured muse, and the cold pass's engine calls. */
async function translationCounts(call: Call, phases: Phase[]) {
  const expected = new Map<string, number>();
  for (const p of phases) {
    for (const [key, n] of Object.entries(p.texts)) {
      const [from, text] = key.split('\u0000') as [string, string];
      for (const to of LANGUAGES.slice(0, SENDERS_PER_GROUP)) {
        if (to !== from) expected.set(`${text}\u0000${to}`, (expected.get(`${text}\u0000${to}`) ?? 0) + n);
      }
    }
  }
  const counts = await call<{ requests: Record<string, number>; engineCalls: number }>('counts');
  let requested = 0;
  let targets = 0;
  let max = 0;
  for (const [key, n] of expected) {
    const got = counts.requests[key] ?? 0;
    requested += got;
    targets += n;
    max = Math.max(max, got / n);
  }
  for (const [key, got] of Object.entries(counts.requests)) {
    if (!expected.has(key)) {
      requested += got;
      max = Infinity;
    }
  }
  const cold = await call<{ muses: number; targets: number; engineCalls: number }>('cold');
  return {
    requestsPerMuseLanguage: targets ? requested / targets : NaN,
    maxRequestsPerMuseLanguage: targets ? max : NaN,
    pairs: targets,
    engineCalls: counts.engineCalls,
    cold,
  };
}
