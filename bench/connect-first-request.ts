/// <reference lib="dom" />
// How soon /connect asks the API for its data, opened by a signed-in member in Debian's Chromium
// with a cold cache (a new browser context per run), against the built server. Timed by the page
// itself (Resource Timing, from the navigation's start):
//   - first data request: when the first /api/connect/ request starts;
//   - screen code loaded: when the last script the page fetched before that request finished;
//   - scripts in before it: how many scripts had arrived by then (Chrome takes six requests to a
//     host at a time over HTTP/1.1, so a screen of dozens of files queues);
//   - header: when the app's header is first on screen (the shell, not a grey skeleton).
// On localhost, and on a throttled network (Chrome's CDP Network.emulateNetworkConditions: 150 ms
// latency, 1.6 Mbit/s down, 750 kbit/s up, a slow phone network).
// With --before DIR (another build of apps/web, e.g. a copy of main's apps/web/dist), each run
// measures that build and then this one, alternating, each served by its own server process, so a
// busy machine weighs on both alike. Prints every run and the medians. --trace prints, for the
// first run of each build, every request the page made before its first data request.
//   npm run build && npx tsx bench/connect-first-request.ts [--before DIR] [--runs 5] [--trace]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunch } from '../apps/web/playwright.config';
import { SERVER_BUNDLE, ServerProcess } from '../apps/server/src/test/server-process';
import { apiPost } from './api-post';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const runs = Number(option('--runs') ?? 5);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');
const trace = args.includes('--trace');
const repoRoot = path.resolve(import.meta.dirname, '..');
const builds: { label: string; webDir: string }[] = [];
const before = option('--before');
if (before) builds.push({ label: 'before', webDir: path.resolve(before) });
builds.push({ label: before ? 'after' : 'this build', webDir: path.join(repoRoot, 'apps/web/dist') });
for (const { webDir } of builds) {
  if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error(`${webDir} has no index.html: build it first`);
}
if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run npm run build first`);

const NETWORKS = {
  localhost: undefined,
  'slow phone': { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 },
} as const;
type NetworkName = keyof typeof NETWORKS;

/** A server on one build, with a member signed in through the API. */
async function serve(webDir: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-bench-connect-'));
  const server = new ServerProcess({
    args: ['--enable-source-maps', SERVER_BUNDLE],
    cwd: repoRoot,
    dataDir,
    env: { TOLK_WEB_DIR: webDir, TOLK_WARM_UP: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    readyTimeoutMs: 180_000,
  });
  await server.start();
  const base = `http://localhost:${server.port}`;
  const loginResponse = await apiPost<Record<string, unknown> & { token: string }>(base, '/api/auth/register', {
    username: `reader-${randomBytes(3).toString('hex')}`,
    password: `Harbour-${randomBytes(6).toString('hex')}`,
    displayName: 'Reader',
    language: 'en',
  });
  return {
    base,
    loginResponse,
    async dispose() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
type Served = Awaited<ReturnType<typeof serve>>;

interface Timing {
  firstRequest: number;
  codeLoaded: number;
  scripts: number;
  header: number;
  before: { name: string; start: number; end: number }[];
}

/** Opens /connect signed in, on a cold cache, and reads the timings from the page. */
async function openConnect(browser: Browser, served: Served, network: NetworkName): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  try {
    await context.addCookies([{ name: 'tolk_access_token', value: served.loginResponse.token, url: served.base }]);
    await context.addInitScript((stored) => {
      localStorage.setItem('tolk.loginResponse', stored);
      localStorage.setItem(
        'tolk.cookieConsent.v1',
        JSON.stringify({ necessary: true, analytics: true, marketing: true, version: 1 }),
      );
      // When the header is first in the document: the shell is on screen from the next frame.
      const seen = new MutationObserver(() => {
        if (!document.querySelector('header.app-header')) return;
        seen.disconnect();
        (window as unknown as { headerAt?: number }).headerAt = performance.now();
      });
      seen.observe(document, { subtree: true, childList: true });
    }, JSON.stringify(served.loginResponse));
    const page = await context.newPage();
    const conditions = NETWORKS[network];
    if (conditions) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', conditions);
    }
    await page.goto(`${served.base}/connect`);
    await page.waitForFunction(
      () =>
        performance
          .getEntriesByType('resource')
          .some((entry) => new URL(entry.name).pathname.startsWith('/api/connect/')) &&
        (window as unknown as { headerAt?: number }).headerAt !== undefined,
      null,
      { polling: 'raf', timeout: 60_000 },
    );
    return await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const first = entries.find((entry) => new URL(entry.name).pathname.startsWith('/api/connect/'))!;
      const earlier = entries.filter((entry) => entry.startTime < first.startTime);
      const scripts = earlier.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
      return {
        firstRequest: first.startTime,
        codeLoaded: Math.max(0, ...scripts.map((entry) => entry.responseEnd)),
        scripts: scripts.filter((entry) => entry.responseEnd <= first.startTime).length,
        header: (window as unknown as { headerAt: number }).headerAt,
        before: earlier.map((entry) => ({
          name: new URL(entry.name).pathname,
          start: entry.startTime,
          end: entry.responseEnd,
        })),
      };
    });
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;
const line = (timing: Pick<Timing, 'firstRequest' | 'codeLoaded' | 'scripts' | 'header'>) =>
  `first data request ${ms(timing.firstRequest)}   screen code loaded ${ms(timing.codeLoaded)}   scripts in before it ${String(Math.round(timing.scripts)).padStart(3)}   header ${ms(timing.header)}`;

const browser = await chromium.launch(chromiumLaunch);
// One after the other: two servers starting at once on a busy machine may each miss their deadline.
const served: Served[] = [];
for (const build of builds) served.push(await serve(build.webDir));
const networks = Object.keys(NETWORKS) as NetworkName[];
const results = builds.map(() => new Map(networks.map((network) => [network, [] as Timing[]])));
try {
  console.log(
    `load average: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  // One untimed pass each: the server's own first requests (its caches, the database) are not the web build's.
  for (const s of served) await openConnect(browser, s, 'localhost');
  for (let run = 1; run <= runs; run++) {
    for (const network of networks) {
      for (const [i, build] of builds.entries()) {
        const timing = await openConnect(browser, served[i]!, network);
        results[i]!.get(network)!.push(timing);
        console.log(`run ${run} ${network.padEnd(10)} ${build.label.padEnd(10)} ${line(timing)}`);
        if (trace && run === 1) {
          for (const entry of timing.before) console.log(`    ${ms(entry.start)} → ${ms(entry.end)}  ${entry.name}`);
        }
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(served.map((s) => s.dispose()));
}
console.log(`medians of ${runs} runs, cold cache each:`);
for (const network of networks) {
  for (const [i, build] of builds.entries()) {
    const timings = results[i]!.get(network)!;
    const of = (key: 'firstRequest' | 'codeLoaded' | 'scripts' | 'header') => median(timings.map((t) => t[key]));
    console.log(
      `  ${network.padEnd(10)} ${build.label.padEnd(10)} ${line({ firstRequest: of('firstRequest'), codeLoaded: of('codeLoaded'), scripts: of('scripts'), header: of('header') })}`,
    );
  }
}
