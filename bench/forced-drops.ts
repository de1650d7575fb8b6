// The R2 at full scale (#17): 1,000 members in groups, each connection cut under it every
// 15 s and kept offline 2 s, while muses flow. Every reader must end with every acknowledged muse
// once (missing and duplicates counted as the web client's thread would show them), and the
// replay (from the moment a device is back to the answer of its rejoin, the replayed muses sent)
// should be at most 2 s at p99. The server runs in its own process (PGlite in a fresh folder, or
// a fresh database on DATABASE_URL); the clients are apps/server/src/test/live-client.ts, half
// reconnecting as the web does (the session resumed where the server can), half afresh (as after
// a reload, or on several instances, where nothing is resumed).
// Run: npx tsx bench/forced-drops.ts [--clients 1000] [--group 20] [--duration 60] [--cut-every 15]
//        [--offline 2] [--send-every 20]
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { LoginResponse } from '@tolk/shared/schemas/auth';
import type { Conversation, Muse } from '@tolk/shared/schemas/conversations';
import { adminQuery, uniqueName, withDatabase } from '../apps/server/src/test/databases';
import { auditThreads, LiveClient, percentile } from '../apps/server/src/test/live-client';
import { FROM_SOURCES, ServerProcess } from '../apps/server/src/test/server-process';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    group: { type: 'string', default: '20' },
    duration: { type: 'string', default: '60' },
    'cut-every': { type: 'string', default: '15' },
    offline: { type: 'string', default: '2' },
    'send-every': { type: 'string', default: '20' },
  },
});
const CLIENTS = Number(args.clients);
const GROUP = Number(args.group);
const RUN_MS = Number(args.duration) * 1000;
const CUT_EVERY_MS = Number(args['cut-every']) * 1000;
const OFFLINE_MS = Number(args.offline) * 1000;
const SEND_EVERY_MS = Number(args['send-every']) * 1000;
const GROUPS = Math.floor(CLIENTS / GROUP);
const PASSWORD = 'Forced-drops-bench-1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const jitter = (ms: number, spread: number) => ms * (1 - spread + Math.random() * 2 * spread);
const figure = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms, ` +
  `max ${Math.max(...values).toFixed(0)} ms (${values.length})`;

/** CPU seconds a process has used so far (user and system), from /proc. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Runs `work` on every item, `concurrency` at a time. */
async function eachLimited<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-bench-drops-'));
  const url = process.env.DATABASE_URL;
  const databaseName = uniqueName('tolk_drops');
  if (url) await adminQuery(url, `create database ${databaseName}`);
  const server = new ServerProcess({
    args: FROM_SOURCES,
    dataDir,
    env: {
      DATABASE_URL: url ? withDatabase(url, databaseName) : '',
      REDIS_URL: '',
      TOLK_ADMIN_PASSWORD: 'forced drops bench admin password',
      TOLK_LIMIT_REGISTER_PER_HOUR: '1000000',
      // Delivery is measured, not an engine: readers of es get "no engine" at once (set it to try one).
      TRANSLATION_ENGINES: process.env.TRANSLATION_ENGINES ?? 'none',
    },
  });
  await server.start();
  try {
    const setup = performance.now();
    const post = async <T>(pathname: string, body: unknown, token?: string): Promise<T> => {
      const res = await fetch(`${server.url}/api${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${pathname} ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const accounts = new Array<LoginResponse>(GROUPS * GROUP);
    await eachLimited([...accounts.keys()], 4, async (i) => {
      accounts[i] = await post<LoginResponse>('/auth/register', {
        username: `drops-${i}-${randomUUID().slice(0, 6)}`,
        password: PASSWORD,
        language: i % 2 ? 'es' : 'en',
      });
    });
    const groups: { id: string; clients: LiveClient[] }[] = [];
    for (let g = 0; g < GROUPS; g++) {
      const members = accounts.slice(g * GROUP, (g + 1) * GROUP);
      const conversation = await post<Conversation>(
        '/conversations',
        { kind: 'group', title: `Drops ${g}`, members: members.slice(1).map((m) => m.username) },
        members[0]!.token,
      );
      const clients = members.map(
        (member, m) =>
          new LiveClient({
            url: () => server.url,
            token: member.token,
            conversationId: conversation.id,
            recovering: m % 2 === 0,
            offlineMs: OFFLINE_MS,
          }),
      );
      groups.push({ id: conversation.id, clients });
    }
    const everyone = groups.flatMap((g) => g.clients);
    await eachLimited(everyone, 50, (client) => client.start());
    console.log(
      `${everyone.length} members in ${GROUPS} groups of ${GROUP}, connected in ${((performance.now() - setup) / 1000).toFixed(0)} s; ` +
        `cut every ${CUT_EVERY_MS / 1000} s (±25%) for ${OFFLINE_MS / 1000} s, a muse every ${SEND_EVERY_MS / 1000} s ` +
        `(±50%) from each, for ${RUN_MS / 1000} s`,
    );

    const timers: NodeJS.Timeout[] = [];
    const every = (ms: number, spread: number, action: () => void) => {
      const tick = () => {
        action();
        timers.push(setTimeout(tick, jitter(ms, spread)));
      };
      timers.push(setTimeout(tick, Math.random() * ms));
    };
    let cuts = 0;
    // Where the time goes: the server's CPU, and how late this process's own event loop runs
    // (a late client loop makes every figure below late too).
    const serverCpu = cpuSeconds(server.pid);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const runStart = performance.now();
    for (const client of everyone) {
      every(CUT_EVERY_MS, 0.25, () => {
        if (!client.connected) return;
        cuts++;
        client.cut();
      });
      every(SEND_EVERY_MS, 0.5, () => client.send());
    }
    await sleep(RUN_MS);
    for (const timer of timers) clearTimeout(timer);
    loop.disable();
    const busy = (cpuSeconds(server.pid) - serverCpu) / ((performance.now() - runStart) / 1000);
    console.log(
      `during the run: load average ${os.loadavg()[1]!.toFixed(1)} on ${os.cpus().length} cores (other work on the ` +
        `machine skews every figure); server process ${(busy * 100).toFixed(0)}% of a core; this process's event loop ` +
        `late by p50 ${(loop.percentile(50) / 1e6).toFixed(0)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms`,
    );

    const settleStart = performance.now();
    while (everyone.some((c) => !c.settled)) {
      if (performance.now() - settleStart > 120_000) {
        throw new Error(`${everyone.filter((c) => !c.settled).length} clients did not settle within 120 s`);
      }
      await sleep(200);
    }
    await eachLimited(everyone, 50, (client) => client.catchUp());

    let acknowledgedTotal = 0;
    let missing = 0;
    let duplicates = 0;
    let unacknowledged = 0;
    for (const group of groups) {
      const acknowledged = new Map<string, Muse>();
      for (const client of group.clients) for (const [id, muse] of client.acknowledged) acknowledged.set(id, muse);
      acknowledgedTotal += acknowledged.size;
      const audit = auditThreads(group.clients, acknowledged);
      missing += audit.missing;
      duplicates += audit.duplicates;
      unacknowledged += audit.unacknowledged;
    }
    const replays = (recovering: boolean) =>
      everyone.filter((c) => c.options.recovering === recovering).flatMap((c) => c.replays);
    const copies = everyone.flatMap((c) => [...c.copies.values()]);
    const resent = everyone.flatMap((c) => c.attempts).filter((a) => a.outcome !== 'stored').length;
    console.log(`cuts: ${cuts}; muses acknowledged: ${acknowledgedTotal} (${resent} sends went again)`);
    console.log(`replay, all rejoins:        ${figure([...replays(true), ...replays(false)])}`);
    console.log(
      `replay, session resumed:    ${figure(replays(true))}; resumed ${everyone.reduce((n, c) => n + c.recovered, 0)} times`,
    );
    console.log(`replay, new socket:         ${figure(replays(false))}`);
    console.log(
      `reader threads: missing ${missing}, duplicates ${duplicates}, shown but never acknowledged ${unacknowledged}; ` +
        `${copies.filter((n) => n > 1).length} of ${copies.length} (reader, muse) pairs came more than once on the wire, ` +
        `${everyone.reduce((n, c) => n + c.fromPage, 0)} only through the newest page after a rejoin; ` +
        `${everyone.reduce((n, c) => n + c.joinFailures, 0)} joins failed`,
    );
    for (const client of everyone) client.close();
  } finally {
    await server.stop().catch(() => server.kill());
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (url) await adminQuery(url, `drop database if exists ${databaseName} with (force)`);
  }
}

await main();
