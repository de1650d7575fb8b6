// Many sockets on one Tolk instance: what idle members cost in memory, and a reconnect storm.
//
// Same processes as bench/fanout.ts (its server process on a seeded PGlite or PostgreSQL
// database, the minimal Engine.IO clients spread over --client-processes), and its sizes: groups
// x members x devices sockets, each device its own session, every socket joined to its group.
//   (i) Idle: every socket connects, authenticates and joins; the server's RSS and heap after the
//       warm-up and before any socket, then with all of them idle (after full collections): growth
//       in all and per socket.
//  (ii) Storm: one muse per group, then the server restarts (--restart graceful: closed as a
//       deploy closes it, its sockets let go; kill: SIGKILL) and a new server process opens the
//       same database on the same port. Every socket comes back as the web client would
//       (bench/fanout/storm-client.ts: RECONNECT's pacing and jitter from packages/shared, a join
//       with its newest sequence). From the restart on, one sender per group posts a muse per
//       second for --storm-seconds, as the web app sends (its client id, resent while the server
//       is away or answers 503), and /api/health/ready is read every 250 ms.
//       Then every socket's muses are checked against its conversation's newest sequence.
// Targets (issue 35): all sockets rejoined and caught up within 30 s of the restart, p99 join
// (conversation:join to its answer) under 2 s, 0 missing, no muse stored twice, no 5xx or 429 to a
// sender, health ready from its first ready on; idle growth at most 200 MB for 10,000 sockets on
// PostgreSQL (printed for PGlite too).
//
// Run (from the repository root; 5,000 sockets, then 10,000):
//   node --import tsx bench/sockets.ts --db pglite --groups 25 [--restart graceful|kill] [--storm-seconds 10]
//   node --import tsx bench/sockets.ts --db postgres --groups 25 --devices 20
// Seeding signs every device in (argon2): 5,000 sessions take about two minutes here.
// FANOUT_CPU_PROFILE=/tmp/storm profiles the restarted server (npx tsx bench/fanout/profile-summary.ts FILE).
// FANOUT_HEAP_SNAPSHOT=/tmp/idle writes the server's heap before and after the idle sockets (open
// both in Chrome's DevTools, Memory, Comparison): what each socket holds. A snapshot's own memory
// inflates the RSS figures of that run; the heap figures hold.
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { freePort } from '../apps/server/src/test/server-process';
import { assign, seedTolk, sleep, start, startServer } from './fanout/run';
import { currentEpoch, nowMicros, percentiles, type ProcessMemory, type SparseHistogram } from './fanout/protocol';
import {
  accountIndex,
  CLIENT_PROCESSES,
  DB,
  GROUPS,
  languageOf,
  RESTART,
  SOCKETS,
  STORM_SECONDS,
  TEXTS,
} from './fanout/options';

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

console.log(
  `sockets bench: ${SOCKETS.toLocaleString('en-US')} sockets (${GROUPS} groups), ${DB}, restart ${RESTART}, ` +
    `${CLIENT_PROCESSES} client processes; load average ${load()} (${os.cpus().length} cores)`,
);
const epoch = currentEpoch();
const setupStart = performance.now();
const env = await seedTolk();
// The restarted server listens where its clients knew it.
const port = await freePort();
const serverEnv = { ...env, FANOUT_PORT: String(port) };
let server = await startServer('tolk', serverEnv);
console.log(`seeded and listening in ${((performance.now() - setupStart) / 1000).toFixed(0)} s`);
const { sockets } = assign(server.ready);
const clients = Array.from({ length: CLIENT_PROCESSES }, (_, p) =>
  start('storm-client.ts', { FANOUT_CLIENT_PROCESS: String(p) }),
);

// (i) Idle memory.
const before = await server.call<ProcessMemory>('usage', true);
const heapSnapshot = process.env.FANOUT_HEAP_SNAPSHOT;
if (heapSnapshot) await server.call('heapSnapshot', `${heapSnapshot}.before.heapsnapshot`);
// FANOUT_CPU_PROFILE=/tmp/storm also writes /tmp/storm.connect.cpuprofile: every socket connecting and joining.
const profile = process.env.FANOUT_CPU_PROFILE;
if (profile) await server.call('profileStart');
const connectStart = performance.now();
const connected = await Promise.all(
  clients.map((client, p) =>
    client.call<{ joins: SparseHistogram; connects: SparseHistogram }>('connect', {
      port,
      path: server.ready.path,
      epoch,
      sockets: sockets[p],
    }),
  ),
);
const connectMs = performance.now() - connectStart;
if (profile) await server.call('profileStop', `${profile}.connect.cpuprofile`);
await sleep(2000);
const after = await server.call<ProcessMemory>('usage', true);
if (heapSnapshot) await server.call('heapSnapshot', `${heapSnapshot}.after.heapsnapshot`);
const growth = after.rss - before.rss;
console.log(
  `idle: ${SOCKETS} sockets connected and joined in ${(connectMs / 1000).toFixed(1)} s; server RSS ` +
    `${mib(before.rss)} -> ${mib(after.rss)} MiB (+${mib(growth)} MiB, ${(growth / SOCKETS / 1024).toFixed(1)} KiB per socket), ` +
    `heap ${mib(before.heapUsed)} -> ${mib(after.heapUsed)} MiB, external ${mib(before.external)} -> ${mib(after.external)} MiB`,
);
/** p50 / p99 / max of merged histograms, for a line of the report. */
const spread = (parts: SparseHistogram[]) => {
  const { p50, p99, max } = percentiles(parts);
  return `p50 ${p50} ms, p99 ${p99} ms, max ${max.toFixed(0)} ms`;
};
console.log(
  `  (25 at a time per client process) connect to authenticated ${spread(connected.map((c) => c.connects))}; ` +
    `join ${spread(connected.map((c) => c.joins))}`,
);

// (ii) Storm.
const base = `http://127.0.0.1:${port}`;
/** Each group's sender: its first member's first device, as the seed signed it in. */
const senders = Array.from({ length: GROUPS }, (_, g) => ({
  token: server.ready.accounts[accountIndex(g, 0)]!.tokens[0]!,
  conversationId: server.ready.accounts[accountIndex(g, 0)]!.conversationId,
  language: languageOf(0),
}));
const statuses = new Map<string, number>();
const tally = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);

/** Sends one muse as the web app does: the same client id until the server takes it. */
async function sendMuse(sender: (typeof senders)[number], text: string): Promise<void> {
  const body = JSON.stringify({ clientId: randomUUID(), text, from: sender.language });
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(`${base}/api/conversations/${sender.conversationId}/muses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` },
        body,
      });
      await response.arrayBuffer();
      tally(String(response.status));
      if (response.ok) return;
      // 503 is the server saying "a moment" (shedding, or not ready yet): the web client resends.
      if (response.status !== 503) throw new Error(`a muse was refused: ${response.status}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('a muse was refused')) throw error;
      tally('no connection');
    }
    await sleep(Math.min(250 * 2 ** attempt, 2000));
  }
}

/** Each conversation's newest sequence, as its sender reads it. */
async function newestSeqs(): Promise<Record<string, number>> {
  const seqs: Record<string, number> = {};
  for (const sender of senders) {
    const response = await fetch(`${base}/api/conversations/${sender.conversationId}`, {
      headers: { authorization: `Bearer ${sender.token}` },
    });
    seqs[sender.conversationId] = ((await response.json()) as { lastSeq: number }).lastSeq;
  }
  return seqs;
}

await Promise.all(senders.map((sender) => sendMuse(sender, TEXTS.en[0]!)));
const seqsBefore = await newestSeqs();
await sleep(1000);

const restartAt = nowMicros(epoch);
await Promise.all(clients.map((client) => client.call('restart', restartAt)));
const sinceRestart = () => (nowMicros(epoch) - restartAt) / 1000;

/** over: the storm's end; oldGone: from then on every answer is the new process's. */
const storm = { over: false, oldGone: false };
const health = { firstReadyMs: NaN, notReadyAfter: 0, reads: 0 };
const healthPoll = (async () => {
  for (; !storm.over; await sleep(250)) {
    const asked = storm.oldGone;
    const response = await fetch(`${base}/api/health/ready`).catch(() => undefined);
    await response?.arrayBuffer();
    // Down between the two processes (no answer), or the old one answering: not a reading.
    if (!response || !asked) continue;
    health.reads++;
    if (response.status === 200 && Number.isNaN(health.firstReadyMs)) health.firstReadyMs = sinceRestart();
    else if (response.status !== 200 && !Number.isNaN(health.firstReadyMs)) health.notReadyAfter++;
  }
})();
const sending = Promise.all(
  senders.map(async (sender, g) => {
    for (let k = 0; k < STORM_SECONDS; k++) {
      const due = restartAt + (k + g / GROUPS) * 1e6;
      await sleep(Math.max(0, (due - nowMicros(epoch)) / 1000));
      await sendMuse(sender, TEXTS.en[(k + 1) % TEXTS.en.length]!);
    }
  }),
);

const old = server;
const exited = new Promise((resolve) => old.child.once('exit', resolve));
if (RESTART === 'kill') old.child.kill('SIGKILL');
else await old.call('close', true);
await exited;
storm.oldGone = true;
const downAtMs = sinceRestart();
// And /tmp/storm.restart.cpuprofile: the new process from its start to the storm's end.
server = await startServer('tolk', {
  ...serverEnv,
  FANOUT_RESTART: '1',
  ...(profile ? { FANOUT_PROFILE_FROM_START: '1' } : {}),
});
const listeningMs = sinceRestart();
const steps = await server.call<Record<string, number>>('steps');

let progress = { rejoined: 0, lastAt: 0 };
while (sinceRestart() < 120_000) {
  const parts = await Promise.all(
    clients.map((client) => client.call<{ rejoined: number; lastAt: number }>('progress')),
  );
  progress = {
    rejoined: parts.reduce((sum, part) => sum + part.rejoined, 0),
    lastAt: Math.max(...parts.map((part) => part.lastAt)),
  };
  if (progress.rejoined === SOCKETS) break;
  await sleep(250);
}
const allRejoinedMs = progress.rejoined === SOCKETS ? (progress.lastAt - restartAt) / 1000 : NaN;
await sending;
await sleep(2000);
storm.over = true;
await healthPoll;
if (profile) await server.call('profileStop', `${profile}.restart.cpuprofile`);

const lastSeqs = await newestSeqs();
const expectedMuses = GROUPS * STORM_SECONDS;
const storedMuses = senders.reduce(
  (total, { conversationId }) => total + lastSeqs[conversationId]! - seqsBefore[conversationId]!,
  0,
);
const verified = await Promise.all(
  clients.map((client) =>
    client.call<{
      missing: number;
      redelivered: number;
      socketsMissing: number;
      disconnected: number;
      joins: SparseHistogram;
      connects: SparseHistogram;
      counts: Record<string, number>;
    }>('verify', lastSeqs),
  ),
);
const sum = (key: 'missing' | 'redelivered' | 'socketsMissing' | 'disconnected') =>
  verified.reduce((total, part) => total + part[key], 0);
const counts: Record<string, number> = {};
for (const part of verified) for (const [key, n] of Object.entries(part.counts)) counts[key] = (counts[key] ?? 0) + n;
const joins = percentiles(verified.map((part) => part.joins));
const refusedSends = [...statuses].filter(([status]) => /^(5\d\d|429)$/.test(status) && status !== '503');
const shedSends = statuses.get('503') ?? 0;

console.log('');
console.log(`storm (${RESTART} restart, load average ${load()}):`);
console.log(
  `  old server gone at ${(downAtMs / 1000).toFixed(1)} s, new one started and warm at ${(listeningMs / 1000).toFixed(1)} s, ` +
    `ready at ${(health.firstReadyMs / 1000).toFixed(1)} s (${health.reads} health reads)`,
);
console.log(
  `  new process, ms from its start: ${Object.entries(steps)
    .map(([step, ms]) => `${step} ${ms.toFixed(0)}`)
    .join(', ')}`,
);
console.log(
  `  rejoined ${progress.rejoined} / ${SOCKETS}; joins p50 ${joins.p50} ms, p99 ${joins.p99} ms, max ${joins.max.toFixed(0)} ms; ` +
    `connects that succeeded ${spread(verified.map((part) => part.connects))}; connection errors ${counts.connectErrors ?? 0}, refusals ${counts.refusals ?? 0}, join timeouts ${counts.joinTimeouts ?? 0}, join failures ${counts.joinFailures ?? 0}`,
);
console.log(
  `  muses: ${storedMuses} stored for ${expectedMuses} sent; missing at a socket ${sum('missing')} ` +
    `(${sum('socketsMissing')} sockets), redelivered ${sum('redelivered')} (a reader keeps one), ` +
    `sockets down at the end ${sum('disconnected')}`,
);
console.log(
  `  sender answers: ${[...statuses].map(([status, n]) => `${status} x${n}`).join(', ')} (503 is resent by the client)`,
);
const targets: [string, boolean][] = [
  [`all rejoined and caught up within 30 s: ${(allRejoinedMs / 1000).toFixed(1)} s`, allRejoinedMs <= 30_000],
  [`p99 join under 2 s: ${joins.p99} ms`, joins.p99 < 2000],
  [`0 missing: ${sum('missing')}`, sum('missing') === 0 && sum('disconnected') === 0],
  [`no muse stored twice or lost: ${storedMuses} for ${expectedMuses}`, storedMuses === expectedMuses],
  [
    `no 5xx but 503, no 429: ${refusedSends.length ? refusedSends.join(' ') : 'none'} (503 x${shedSends})`,
    !refusedSends.length,
  ],
  [`health ready from its first ready on: ${health.notReadyAfter} not-ready reads after`, health.notReadyAfter === 0],
];
if (SOCKETS >= 10_000 && DB === 'postgres') {
  targets.push([`10,000 idle sockets grow RSS at most 200 MB: ${mib(growth)} MiB`, growth <= 200e6]);
}
for (const [label, pass] of targets) console.log(`  ${verdict(pass)}  ${label}`);

await Promise.all(clients.map((client) => client.call('close').catch(() => undefined)));
await server.call('close');
process.exit(targets.every(([, pass]) => pass) ? 0 : 1);
