// Translation speed, English to Spanish with the local Apertium engine: the raw null-flush
// pipeline on its own, then the whole module (routing, batching, SQL and in-process memory) with
// the memory empty and full, the latency of one short text, and how many times each distinct
// (text, language) reached the engine. A throwaway PGlite database holds the memory.
// Run: npx tsx bench/translation.ts [sentences]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apertiumInstalled } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createApertiumEngine } from '../apps/server/src/modules/translation/engines/apertium';
import type { TranslationEngine } from '../apps/server/src/modules/translation/engines/engine';
import { normaliseText, splitProtected } from '../apps/server/src/modules/translation/protected-text';
import { createTranslationRepository } from '../apps/server/src/modules/translation/translation.repository';
import {
  createTranslationService,
  type TranslationService,
} from '../apps/server/src/modules/translation/translation.service';

const MODES_DIR = '/usr/share/apertium/modes';
if (!apertiumInstalled(MODES_DIR)) {
  console.error('apertium is not installed: apt-get install apertium apertium-eng-spa apertium-fr-es cg3');
  process.exit(1);
}
const count = Number(process.argv[2] ?? 2000);

// Distinct everyday sentences without digits (digits would be protected, not translated).
const subjects = [
  'The old man',
  'My sister',
  'The teacher',
  'Our neighbour',
  'The little girl',
  'A tourist',
  'The doctor',
  'His friend',
];
const verbs = ['reads', 'buys', 'finds', 'wants', 'sells', 'paints', 'carries', 'forgets'];
const objects = [
  'a red book',
  'the new car',
  'some fresh bread',
  'an old map',
  'the blue door',
  'a small dog',
  'the cold water',
  'a long letter',
];
const places = [
  'in the garden',
  'at the market',
  'near the station',
  'in the kitchen',
  'on the beach',
  'after dinner',
  'every morning',
  'in the city',
];
const sentences: string[] = [];
for (const s of subjects)
  for (const v of verbs) for (const o of objects) for (const p of places) sentences.push(`${s} ${v} ${o} ${p}.`);
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
sentences.sort(() => random() - 0.5);
if (count + 50 > sentences.length) {
  console.error(`at most ${sentences.length - 50} sentences`);
  process.exit(1);
}
const corpus = sentences.slice(0, count);
// Short chat lines for the latency figures (subject, verb, object), distinct and none in the corpus.
const shortTexts: string[] = [];
for (const s of subjects) for (const v of verbs) for (const o of objects) shortTexts.push(`${s} ${v} ${o}.`);
shortTexts.sort(() => random() - 0.5).splice(400);

const pct = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(2);
};
const rate = (n: number, ms: number) => (n / (ms / 1000)).toFixed(0).padStart(6);
const never = () => new AbortController().signal;

// 1. The raw pipeline: one long-lived process, 100 sentences a call, nothing around it.
const raw = createApertiumEngine({ modesDir: MODES_DIR });
await raw.translate({ from: 'en', to: ['es'], texts: [splitProtected('Warm up.')] }, never());
const rawTexts = corpus.map((s) => splitProtected(normaliseText(s)));
const t0 = performance.now();
for (let i = 0; i < rawTexts.length; i += 100) {
  await raw.translate({ from: 'en', to: ['es'], texts: rawTexts.slice(i, i + 100) }, never());
}
const rawMs = performance.now() - t0;
const [[sample]] = (await raw.translate({ from: 'en', to: ['es'], texts: [splitProtected(corpus[0]!)] }, never())) as [
  [string],
];
await raw.close?.();

// 2. The whole module, with an engine wrapper that counts each (text, language) it is sent.
const sent = new Map<string, number>();
function counting(engine: TranslationEngine): TranslationEngine {
  return {
    name: engine.name,
    limits: engine.limits,
    pivots: engine.pivots,
    languagePairs: (signal) => engine.languagePairs(signal),
    translate(batch, signal) {
      for (const parts of batch.texts) {
        for (const to of batch.to) {
          const key = `${batch.from}>${to}\u0000${parts.map((part) => part.value).join('')}`;
          sent.set(key, (sent.get(key) ?? 0) + 1);
        }
      }
      return engine.translate(batch, signal);
    },
    close: () => engine.close?.() ?? Promise.resolve(),
  };
}
const requested = new Set<string>();

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-bench-translation-'));
const database = await openDatabase({ pgliteDir: dir });
await database.migrate();
const service: TranslationService = createTranslationService({
  engines: [counting(createApertiumEngine({ modesDir: MODES_DIR }))],
  store: createTranslationRepository(database.db),
  cacheSize: 10_000,
  timeoutMs: 10_000,
});
// Start the pipeline with a text outside the corpus, so "cold" measures translation, not a process start.
await service.translate({ texts: ['Warm up the pipeline.'], to: ['es'], from: 'en' });
sent.clear();

/** The corpus as a chat server sends it: requests of 10 sentences, 20 requests in flight. */
async function throughCorpus(): Promise<number> {
  const perRequest = 10;
  const inFlight = 20;
  const requests: string[][] = [];
  for (let i = 0; i < corpus.length; i += perRequest) requests.push(corpus.slice(i, i + perRequest));
  for (const texts of requests) for (const text of texts) requested.add(`en>es\u0000${normaliseText(text)}`);
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < requests.length) {
        const texts = requests[next++]!;
        const results = await service.translate({ texts, to: ['es'], from: 'en' });
        if (results.some((r) => r.translations[0]!.state !== 'ready')) throw new Error('a sentence did not translate');
      }
    }),
  );
  return performance.now() - start;
}

async function oneAtATime(texts: string[]): Promise<number[]> {
  const samples: number[] = [];
  for (const text of texts) {
    requested.add(`en>es\u0000${normaliseText(text)}`);
    const start = performance.now();
    await service.translate({ texts: [text], to: ['es'], from: 'en' });
    samples.push(performance.now() - start);
  }
  return samples;
}

const coldMs = await throughCorpus();
const warmMs = await throughCorpus();
const shortCold = await oneAtATime(shortTexts);
const shortWarm = await oneAtATime(shortTexts);

// The same new sentences asked for by 10 requests at once: in-flight sharing, not the memory.
const burst = sentences.slice(count, count + 50);
await Promise.all(
  Array.from({ length: 10 }, () => {
    for (const text of burst) requested.add(`en>es\u0000${normaliseText(text)}`);
    return service.translate({ texts: burst, to: ['es'], from: 'en' });
  }),
);

const engineItems = [...sent.values()].reduce((sum, n) => sum + n, 0);
const status = await service.status();
await service.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });

console.log(`English -> Spanish, ${corpus.length} distinct sentences, local Apertium, ${os.cpus().length} CPUs`);
console.log('');
console.log('raw apertium pipeline (one null-flush process, 100 sentences a call):');
console.log(`  ${rate(corpus.length, rawMs)} sentences/s`);
console.log(`  e.g. "${corpus[0]}" -> "${sample}"`);
console.log('');
console.log('whole module (requests of 10 sentences, 20 in flight):');
console.log(`  cold, memory empty: ${rate(corpus.length, coldMs)} sentences/s`);
console.log(`  warm, memory full:  ${rate(corpus.length, warmMs)} sentences/s`);
console.log('');
console.log(`one short text per request, ${shortTexts.length} texts (ms):`);
console.log(`  new text (engine call): p50 ${pct(shortCold, 50)}  p99 ${pct(shortCold, 99)}`);
console.log(`  repeated (memory):      p50 ${pct(shortWarm, 50)}  p99 ${pct(shortWarm, 99)}`);
console.log('');
console.log(
  `engine calls per distinct (text, language): ${(engineItems / requested.size).toFixed(2)}` +
    ` (${engineItems} texts sent to the engine for ${requested.size} distinct; ${status.engines[0]!.calls} calls;` +
    ` memory hit rate ${(status.memory.hitRate * 100).toFixed(0)}%)`,
);
