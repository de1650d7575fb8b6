// Fan-out bench report: the header line, the results table, the targets and the reference ratios.
import os from 'node:os';
import { percentile, throughput, type RunResult } from './measure';
import {
  CONCURRENCY,
  CONVERSATIONS,
  GROUP_SIZE,
  LANGUAGE_COUNT,
  LANGUAGES,
  LANGUAGES_PER_GROUP,
  MUSES,
  N,
  REPEAT,
  VIA,
} from './options';
import type { TolkResult } from './tolk';

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join(' | ');
  const [head, ...body] = rows;
  console.log(line(head!));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of body) console.log(line(row));
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const count = (value: number) => Math.round(value).toLocaleString('en-US');
const range = (r: RunResult) => `${count(r.rates[0] ?? 0)} - ${count(r.rates.at(-1) ?? 0)}`;

/** The line that opens every run's output: sizes, flags and the machine. */
export function printHeader() {
  console.log(
    `Fan-out: ${N} clients, ${CONVERSATIONS} conversations of ${GROUP_SIZE}, ${LANGUAGE_COUNT} reading languages ` +
      `(${LANGUAGES.join(', ')}), ${MUSES} measured muses per conversation (${REPEAT} laps), ${CONCURRENCY} in flight, ` +
      `Tolk's muses sent over ${VIA === 'socket' ? 'the socket' : 'HTTP'}; ` +
      `node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}` +
      (globalThis.gc ? '' : ', no --expose-gc (memory is rough)'),
  );
}

/** The table of the three runs, then the targets (PASS / FAIL) and how the runs compare. */
export function printReport(base: RunResult, floor: RunResult, mine: TolkResult) {
  /** A row with one cell per run: baseline, floor, Tolk. */
  const each = (label: string, cell: (r: RunResult) => string) => [label, cell(base), cell(floor), cell(mine)];
  /** A row only Tolk fills. */
  const tolkOnly = (label: string, cell: string) => [label, '-', '-', cell];
  const cold = mine.cold.targets ? mine.cold.engineCalls / mine.cold.targets : NaN;

  table([
    ['', base.label, floor.label, mine.label],
    each('messages / muses sent (measured)', (r) => count(r.messages)),
    each('deliveries received / expected', (r) => `${r.deliveries}/${r.expected}`),
    each(`deliveries / second, median of ${REPEAT} laps`, (r) => count(throughput(r))),
    each('deliveries / second, slowest to fastest lap', range),
    each('latency p50 (ms)', (r) => ms(percentile(r.latencies, 50))),
    each('latency p99 (ms)', (r) => ms(percentile(r.latencies, 99))),
    each('latency max (ms)', (r) => ms(percentile(r.latencies, 100))),
    each('RSS per connection (KiB)', (r) => kib(r.rssPerConnection)),
    each('heap per connection (KiB)', (r) => kib(r.heapPerConnection)),
    tolkOnly('deliveries that arrived pending first', count(mine.pendingFirst)),
    tolkOnly('deliveries marked unavailable', count(mine.unavailable)),
    tolkOnly(
      'translation requests per (muse, language)',
      Number.isFinite(mine.requestsPerMuseLanguage)
        ? `${mine.requestsPerMuseLanguage.toFixed(2)} (max ${mine.maxRequestsPerMuseLanguage.toFixed(2)}, ${mine.translationTargets} pairs)`
        : 'n/a (one language)',
    ),
    tolkOnly('engine calls during the measured run', count(mine.engineCalls)),
    tolkOnly(
      'engine calls per (muse, language), cold',
      mine.cold.targets
        ? `${cold.toFixed(2)} (${mine.cold.engineCalls} calls / ${mine.cold.muses} muses × ${LANGUAGES_PER_GROUP - 1} languages)`
        : 'n/a (one language)',
    ),
  ]);

  const ratio = throughput(mine) / throughput(base);
  const p99 = percentile(mine.latencies, 99);
  const complete = [base, floor, mine].every((r) => r.deliveries === r.expected);
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
      mine.cold.targets > 0 && cold.toFixed(2) === '1.00',
      mine.cold.targets ? cold.toFixed(2) : 'n/a',
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
}
