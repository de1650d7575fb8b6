// Lighthouse (mobile preset) on a running Tolk: performance and accessibility scores, LCP, CLS, TBT
// and the longest main-thread task, for the landing page, the interpreter and the sign-in screen,
// one after another in one browser. A page passes when its performance is >= 95, and the goal is
// every run: one run can pass by luck, so --runs 5 repeats all pages and passes only when every
// run of every page does. Uses Debian's Chromium; nothing is downloaded.
//   npm run build && PORT=3456 TOLK_DATA_DIR=$(mktemp -d) node apps/server/dist/main.js &
//   node bench/lighthouse.mjs --runs 5 http://localhost:3456
// Options: --pages /,/signin picks other paths; --runs N repeats them N times (default 1);
// --json DIR writes each full report there (its long tasks: audits long-tasks, bootup-time,
// mainthread-work-breakdown). CHROME_PATH picks another browser. TBT depends on how busy the
// machine is: the load average is printed with the figures.
// The longest task is Lighthouse's own figure: simulated, on a CPU 4 times slower than this one,
// so a 13 ms task here is a 52 ms one there. The longest blocking one is the longest between FCP
// and Time to Interactive, the tasks TBT adds up (the page's own parse and layout come before).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PAGES = ['/', '/interpret', '/signin'];
const GOALS = { performance: 95, accessibility: 100, lcpMs: 2500, cls: 0.1 };

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const optionValues = new Set(['--json', '--pages', '--runs'].map(option));
const base = args.find((arg) => !arg.startsWith('--') && !optionValues.has(arg)) ?? 'http://localhost:3000';
const pages = option('--pages')?.split(',') ?? PAGES;
const jsonDir = option('--json');
const runs = Number(option('--runs') ?? 1);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');
if (jsonDir) fs.mkdirSync(jsonDir, { recursive: true });

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * The longest main-thread task Lighthouse counted, and what it was (a script's URL, or
 * Unattributable); with `blocking`, of those TBT counts.
 */
function longestTask(lhr, { blocking = false } = {}) {
  const from = lhr.audits['first-contentful-paint']?.numericValue ?? 0;
  const to = lhr.audits.interactive?.numericValue ?? Infinity;
  const tasks = (lhr.audits['long-tasks']?.details?.items ?? []).filter(
    (task) => !blocking || (task.startTime + task.duration > from && task.startTime < to),
  );
  const longest = tasks.reduce((top, task) => (top && top.duration >= task.duration ? top : task), undefined);
  if (!longest) return { ms: 0, what: 'none over 50 ms', at: NaN, count: 0 };
  const what =
    typeof longest.url === 'string' ? longest.url.replace(new URL(base).origin, '') || '/' : 'Unattributable';
  return { ms: Math.round(longest.duration), what, at: Math.round(longest.startTime), count: tasks.length };
}

const passes = (row) => row.performance >= GOALS.performance;
const rows = [];
try {
  console.log(`load average before: ${load()} (${os.cpus().length} cores)`);
  for (let run = 1; run <= runs; run++) {
    if (runs > 1) console.log(`\n=== run ${run} of ${runs} (load average ${load()})`);
    for (const page of pages) rows.push(await measure(page, run));
  }
} finally {
  await chrome.kill();
}

/**
 * One Lighthouse report. A report Lighthouse could not record (NO_NAVSTART, "please run Lighthouse
 * again") says nothing of the page: it is taken again, once, so it does not end a series of runs.
 */
async function report(url) {
  for (let attempt = 1; ; attempt++) {
    // No config: Lighthouse's default is the mobile preset (Moto G class device, slow 4G, 4x CPU slowdown).
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError || attempt > 1) return lhr;
    console.log(`\n${url}: ${lhr.runtimeError.code}, taken again`);
  }
}

async function measure(page, run) {
  const url = new URL(page, base).href;
  const lhr = await report(url);
  if (jsonDir) {
    const name = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'landing';
    const file = runs > 1 ? `${name}-run${run}.json` : `${name}.json`;
    fs.writeFileSync(path.join(jsonDir, file), JSON.stringify(lhr, null, 2));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);

  const score = (id) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? NaN : Math.round(value * 100);
  };
  const audit = (id) => lhr.audits[id];
  const value = (id) => audit(id)?.numericValue ?? NaN;
  const row = {
    page,
    run,
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    si: value('speed-index'),
    longest: longestTask(lhr),
    blocking: longestTask(lhr, { blocking: true }),
  };

  console.log(`\nLighthouse ${lhr.lighthouseVersion} on ${lhr.finalDisplayedUrl} (${lhr.configSettings.formFactor})`);
  console.log(`performance score:   ${row.performance} ${passes(row) ? 'PASS' : 'FAIL'} (>= ${GOALS.performance})`);
  console.log(`accessibility score: ${row.accessibility}`);
  console.log(`FCP:                 ${Math.round(row.fcp)} ms`);
  console.log(`LCP:                 ${Math.round(row.lcp)} ms`);
  console.log(`CLS:                 ${row.cls.toFixed(3)}`);
  console.log(`TBT:                 ${Math.round(row.tbt)} ms`);
  console.log(`Speed Index:         ${Math.round(row.si)} ms`);
  const describe = ({ ms, what, at, count }) =>
    `${ms} ms${count ? ` at ${at} ms, ${what} (${count} long task${count > 1 ? 's' : ''})` : ` (${what})`}`;
  console.log(`longest task:        ${describe(row.longest)}`);
  console.log(`longest blocking:    ${describe(row.blocking)}`);

  // What keeps a score down, so the number comes with its reasons.
  const failing = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => audit(ref.id))
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'notApplicable');
  for (const a of failing) console.log(`  accessibility: ${a.id}: ${a.title}`);
  const savings = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) >= 100)
    .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0));
  for (const a of savings) console.log(`  opportunity: ${a.id}: about ${Math.round(a.numericValue)} ms`);
  return row;
}

const met = (row) =>
  row.performance >= GOALS.performance &&
  row.accessibility >= GOALS.accessibility &&
  row.lcp <= GOALS.lcpMs &&
  row.cls <= GOALS.cls;
console.log(`\nload average after: ${load()}`);
console.log(
  `goals: performance >= ${GOALS.performance}, accessibility ${GOALS.accessibility}, LCP <= ${GOALS.lcpMs} ms, CLS <= ${GOALS.cls}`,
);
console.log('page            run  perf  a11y    FCP ms    LCP ms    CLS    TBT ms  longest ms  blocking ms  goals');
for (const row of rows) {
  console.log(
    [
      row.page.padEnd(14),
      String(row.run).padStart(4),
      String(row.performance).padStart(5),
      String(row.accessibility).padStart(5),
      String(Math.round(row.fcp)).padStart(9),
      String(Math.round(row.lcp)).padStart(9),
      row.cls.toFixed(3).padStart(6),
      String(Math.round(row.tbt)).padStart(9),
      String(row.longest.ms).padStart(11),
      String(row.blocking.ms).padStart(12),
      met(row) ? ' met' : ' MISSED',
    ].join(' '),
  );
}

// Performance on every run: each page's scores, its lowest, and one verdict for them all.
console.log(`\nperformance >= ${GOALS.performance} on each of ${runs} run${runs > 1 ? 's' : ''}:`);
for (const page of pages) {
  const own = rows.filter((row) => row.page === page);
  const scores = own.map((row) => row.performance);
  const longest = Math.max(...own.map((row) => row.longest.ms));
  const blocking = Math.max(...own.map((row) => row.blocking.ms));
  console.log(
    `${page.padEnd(14)} ${scores.join(', ')}  min ${Math.min(...scores)}  TBT max ${Math.round(Math.max(...own.map((row) => row.tbt)))} ms  longest task ${longest} ms (blocking ${blocking} ms)  ${own.every(passes) ? 'PASS' : 'FAIL'}`,
  );
}
const allPass = rows.every(passes);
console.log(allPass ? 'overall: PASS' : 'overall: FAIL');
