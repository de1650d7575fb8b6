// Fan-out bench report: the conditions, one column per server, the targets (PASS / FAIL).
import os from 'node:os';
import {
  CLIENT_PROCESSES,
  DB,
  DEVICES,
  GROUPS,
  HOLD_SECONDS,
  LANGUAGES,
  LOAD_SECONDS,
  MEMBERS,
  OFFERED,
  SOCKETS,
  STEP_SECONDS,
  VIA,
} from './options';
import { missing, type Phase, type ServerRun } from './run';

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join(' | ');
  const [head, ...body] = rows;
  console.log(line(head!));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of body) console.log(line(row));
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const count = (value: number) => Math.round(value).toLocaleString('en-US');
const percent = (share: number) => `${(share * 100).toFixed(0)} %`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const cpu = (p: Phase) =>
  `${percent(p.serverCpu)} / ${Number.isNaN(p.databaseCpu) ? '-' : percent(p.databaseCpu)} / ${percent(p.clientsCpu)}`;
/** Deliveries per second of server CPU (PostgreSQL's backends included): what it did with the CPU it got. */
const perCpuSecond = (run: ServerRun) =>
  run.peak.delivered / (run.peak.serverCpu + (Number.isNaN(run.peak.databaseCpu) ? 0 : run.peak.databaseCpu));

const NAMES = { ws: 'raw ws floor', relay: 'bare Socket.IO relay', tolk: 'Tolk' } as const;

/** The conditions every figure depends on. */
export function printHeader() {
  console.log(
    `Fan-out, out of process: ${SOCKETS} sockets = ${GROUPS} groups x ${MEMBERS} members x ${DEVICES} devices, ` +
      `${LANGUAGES.length} reading languages (${LANGUAGES.join(', ')}), translations warm; Tolk on ` +
      `${DB === 'pglite' ? 'PGlite' : 'PostgreSQL'}, muses sent by ${VIA === 'http' ? 'HTTP' : 'socket'}; ` +
      `${CLIENT_PROCESSES} client process(es); ${OFFERED} deliveries/s offered for ${LOAD_SECONDS} s, ` +
      `then steps of ${STEP_SECONDS} s rising x1.5 and a ${HOLD_SECONDS} s saturated hold at 1.25 x the best rate.`,
  );
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average ${load()}`,
  );
}

export function printReport(runs: ServerRun[]) {
  const floor = runs.find((run) => run.kind === 'ws');
  const tolk = runs.find((run) => run.kind === 'tolk');
  const each = (label: string, cell: (run: ServerRun) => string) => [label, ...runs.map(cell)];
  const tolkOnly = (label: string, cell: (t: NonNullable<ServerRun['tolk']>) => string) =>
    each(label, (run) => (run.tolk ? cell(run.tolk) : '-'));
  const ratio = (run: ServerRun) => (floor ? run.saturation / floor.saturation : NaN);
  const efficiency = (run: ServerRun) => (floor ? perCpuSecond(run) / perCpuSecond(floor) : NaN);
  const coldRatio = (t: NonNullable<ServerRun['tolk']>) => t.cold.engineCalls / t.cold.targets;

  table([
    ['', ...runs.map((run) => NAMES[run.kind])],
    each('deliveries/s at saturation', (run) => count(run.saturation)),
    each('  ratio to the raw ws floor', (run) => fixed(ratio(run), 2)),
    each('  CPU there: server / PostgreSQL / clients', (run) => cpu(run.peak)),
    each('  deliveries per server (+ PostgreSQL) CPU-second', (run) => count(perCpuSecond(run))),
    each('  ratio of those to the raw ws floor', (run) => fixed(efficiency(run), 2)),
    each('  rates offered -> delivered (k/s)', (run) =>
      [run.load, ...run.steps, run.hold]
        .map((p) => `${fixed(p.offered / 1000, 0)}>${fixed(p.delivered / 1000, 0)}`)
        .join(' '),
    ),
    each(`deliveries/s at ${count(OFFERED)}/s offered`, (run) => count(run.load.delivered)),
    each('  latency p50 (ms)', (run) => fixed(run.load.latency.p50)),
    each('  latency p99 (ms)', (run) => fixed(run.load.latency.p99)),
    each('  latency max (ms)', (run) => fixed(run.load.latency.max)),
    each('  deliveries received / expected', (run) => `${run.load.latency.count}/${run.load.expected}`),
    each('  CPU: server / PostgreSQL / clients', (run) => cpu(run.load)),
    each('  sends failed, client send lag (ms)', (run) => `${run.load.failed}, ${fixed(run.load.maxLagMs, 0)}`),
    each('  hold: sends shed (503), p99 of the rest (ms)', (run) => `${run.hold.shed}, ${run.hold.latency.p99}`),
    each('RSS per idle socket (KiB)', (run) => kib(run.rssPerSocket)),
    each('heap per idle socket (KiB)', (run) => kib(run.heapPerSocket)),
    each('setup: seed and start (s)', (run) => fixed(run.setupMs / 1000)),
    each(
      'connect + join the last 90 % (ms)',
      (run) => `${count(run.connectMs)}${run.failedJoins ? ` (${run.failedJoins} failed)` : ''}`,
    ),
    each('deliveries pending first / unavailable', (run) => {
      const phases = [run.load, ...run.steps, run.hold];
      return `${count(phases.reduce((s, p) => s + p.pendingFirst, 0))} / ${count(phases.reduce((s, p) => s + p.unavailable, 0))}`;
    }),
    tolkOnly(
      'translation requests per (muse, language)',
      (t) => `${fixed(t.requestsPerMuseLanguage, 2)} (max ${fixed(t.maxRequestsPerMuseLanguage, 2)}, ${t.pairs} pairs)`,
    ),
    tolkOnly('engine calls in the measured phases', (t) => count(t.engineCalls)),
    tolkOnly(
      'engine calls per (muse, language), cold',
      (t) => `${fixed(coldRatio(t), 2)} (${t.cold.engineCalls} / ${t.cold.targets})`,
    ),
  ]);
  console.log(`load average at the end: ${load()} (other work on the machine skews every figure)`);
  if (!tolk) return;

  const minimum = DB === 'postgres' ? 0.5 : 0.35;
  const t = tolk.tolk!;
  const checks: [string, boolean, string][] = [
    [`saturation >= ${minimum} x the raw ws floor`, ratio(tolk) >= minimum, fixed(ratio(tolk), 2)],
    [
      `p99 <= 50 ms at ${count(OFFERED)} deliveries/s offered`,
      tolk.load.latency.p99 <= 50 && tolk.load.latency.count === tolk.load.expected,
      `${fixed(tolk.load.latency.p99)} ms, ${tolk.load.latency.count}/${tolk.load.expected} delivered`,
    ],
    ['RSS per idle authenticated socket <= 20 KiB', tolk.rssPerSocket <= 20 * 1024, `${kib(tolk.rssPerSocket)} KiB`],
    [
      'translation requests per (muse, language) = 1.00',
      fixed(t.requestsPerMuseLanguage, 2) === '1.00' && fixed(t.maxRequestsPerMuseLanguage, 2) === '1.00',
      fixed(t.requestsPerMuseLanguage, 2),
    ],
    ['engine calls per (muse, language) = 1.00', fixed(coldRatio(t), 2) === '1.00', fixed(coldRatio(t), 2)],
  ];
  console.log('');
  console.log('Targets (issue #17, set for the reference sizes):');
  for (const [name, pass, detail] of checks) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);

  // Issue 35: Tolk's cost over the bare relay with the same clients, and past saturation.
  const relay = runs.find((run) => run.kind === 'relay');
  const lost = (run: ServerRun) => [run.load, ...run.steps, run.hold].reduce((sum, p) => sum + missing(p), 0);
  const WITHOUT = 'n/a (run with --servers ws,relay,tolk)';
  /** Tolk's figure against another server's of the same run, `of` and `against` written by `unit`. */
  const versus = (of: number, against: number | undefined, unit: (value: number) => string) =>
    against === undefined ? WITHOUT : `${fixed(of / against, 2)}x (${unit(of)} against ${unit(against)})`;
  const capacity: [string, boolean, string][] = [
    [
      'saturation >= 0.95 x the bare Socket.IO relay',
      !!relay && tolk.saturation >= 0.95 * relay.saturation,
      versus(tolk.saturation, relay?.saturation, count),
    ],
    [
      `p99 at ${count(OFFERED)} deliveries/s offered <= 1.2 x the relay's`,
      !!relay && tolk.load.latency.p99 <= 1.2 * relay.load.latency.p99,
      versus(tolk.load.latency.p99, relay?.load.latency.p99, (ms) => `${fixed(ms)} ms`),
    ],
    [
      'deliveries per server CPU-second >= 0.6 x the raw ws floor',
      !!floor && efficiency(tolk) >= 0.6,
      floor ? versus(perCpuSecond(tolk), perCpuSecond(floor), count) : WITHOUT,
    ],
    [
      'past saturation: p99 of the muses delivered < 1 s, every accepted muse delivered',
      tolk.hold.latency.p99 < 1000 && lost(tolk) === 0,
      `${fixed(tolk.hold.latency.p99 / 1000, 2)} s, ${count(tolk.hold.shed)} sends shed, ${count(lost(tolk))} deliveries missing`,
    ],
  ];
  if (DB === 'pglite') {
    capacity.push([
      'RSS per idle authenticated socket on PGlite <= 20 KiB',
      tolk.rssPerSocket <= 20 * 1024,
      `${kib(tolk.rssPerSocket)} KiB`,
    ]);
  }
  console.log('');
  console.log('Targets (issue #35, capacity; on a quiet machine, two runs per database):');
  for (const [name, pass, detail] of capacity) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
}
