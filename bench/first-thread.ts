/// <reference lib="dom" />
// How fast a member's first thread shows its muses after signing in, in Debian's Chromium with a
// cold cache (a new browser context per run), against the built server, timed inside the page:
//   - sign-in to thread: from pressing "Sign in" on /signin?returnTo=<thread> to the first muse on
//     screen (the thread screen, the realtime client and the muses all load after the press);
//   - list to thread: signed in and on the conversation list, from the click on the conversation
//     to its first muse on screen;
//   - open /signin to thread: from opening /signin to the first muse, typing and pressing at once
//     (what a page rendered ahead still loads when the press comes is in it).
// With --before DIR (another build of apps/web, e.g. copied from main's apps/web/dist), each run
// measures that build and then this one, alternating, each served by its own server process, so a
// busy machine weighs on both alike. Prints every run and the medians.
//   npm run build && npx tsx bench/first-thread.ts [--before DIR] [--runs 7]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunch } from '../apps/web/playwright.config';
import { SERVER_BUNDLE, ServerProcess } from '../apps/server/src/test/server-process';
import { apiPost } from './api-post';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const runs = Number(option('--runs') ?? 7);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');
const repoRoot = path.resolve(import.meta.dirname, '..');
const builds: { label: string; webDir: string }[] = [];
const before = option('--before');
if (before) builds.push({ label: 'before', webDir: path.resolve(before) });
builds.push({ label: before ? 'after' : 'this build', webDir: path.join(repoRoot, 'apps/web/dist') });
for (const { webDir } of builds) {
  if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error(`${webDir} has no index.html: build it first`);
}
if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run npm run build first`);

const MUSES = ['Is the ferry on time today?', 'I will wait at the harbour café.', 'See you at nine.'];

interface Member {
  username: string;
  password: string;
  token: string;
}

/** A server on one build, with a reader, a writer and their thread of three muses. */
async function serve(webDir: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-bench-thread-'));
  const server = new ServerProcess({
    args: ['--enable-source-maps', SERVER_BUNDLE],
    cwd: repoRoot,
    dataDir,
    env: { TOLK_WEB_DIR: webDir, TOLK_WARM_UP: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
  });
  await server.start();
  const base = `http://localhost:${server.port}`;
  const call = <T>(url: string, body: unknown, token?: string) => apiPost<T>(base, url, body, token);
  const member = async (prefix: string, displayName: string): Promise<Member> => {
    const username = `${prefix}-${randomBytes(3).toString('hex')}`;
    const password = `Harbour-${randomBytes(6).toString('hex')}`;
    const { token } = await call<{ token: string }>('/api/auth/register', {
      username,
      password,
      displayName,
      language: 'en',
    });
    return { username, password, token };
  };
  const reader = await member('reader', 'Reader');
  const writer = await member('writer', 'Writer');
  const { id } = await call<{ id: string }>(
    '/api/conversations',
    { kind: 'direct', members: [reader.username] },
    writer.token,
  );
  for (const text of MUSES) {
    await call(`/api/conversations/${id}/muses`, { clientId: randomUUID(), text, from: 'en' }, writer.token);
  }
  return {
    base,
    reader,
    thread: `/muses/${id}`,
    async dispose() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
type Served = Awaited<ReturnType<typeof serve>>;

/**
 * Times in the page itself, not by polling from outside (Playwright's waits poll every 100 to 500
 * ms, coarser than what is measured): from the next click to the frame after the thread's log
 * first holds the first muse. The app navigates without reloading, so the page lives throughout.
 */
async function armTiming(page: Page): Promise<void> {
  await page.evaluate((text) => {
    const timing = window as unknown as { clickedAt?: number; shownAt?: number };
    timing.clickedAt = undefined;
    timing.shownAt = undefined;
    document.addEventListener(
      'click',
      () => {
        timing.clickedAt = performance.now();
      },
      { capture: true, once: true },
    );
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[role="log"]')?.textContent.includes(text)) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        timing.shownAt = performance.now();
      });
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true });
  }, MUSES[0]!);
}

/** The click and the muse on screen, in ms from the page's navigation start. */
async function measured(page: Page): Promise<{ clickedAt: number; shownAt: number }> {
  await page.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt !== undefined, null, {
    polling: 'raf',
    timeout: 30_000,
  });
  const { clickedAt, shownAt } = await page.evaluate(() => {
    const timing = window as unknown as { clickedAt?: number; shownAt?: number };
    return { clickedAt: timing.clickedAt, shownAt: timing.shownAt };
  });
  if (clickedAt === undefined || shownAt === undefined) throw new Error('the click or the muse was not seen');
  return { clickedAt, shownAt };
}
const measuredMs = async (page: Page) => {
  const { clickedAt, shownAt } = await measured(page);
  return shownAt - clickedAt;
};

/**
 * A person's pace: /signin comes rendered ahead, typeable before its app is in (which loads once
 * the browser is idle or at the first touch); nobody types a name and a password faster than it
 * loads, so the press waits for the app's own page. A build without pages rendered ahead has none
 * to wait for.
 */
const appIsIn = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.prerendered === undefined, null, { polling: 'raf' });

async function signIn(page: Page, served: Served, returnTo?: string) {
  await page.goto(`${served.base}/signin${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
  await page.getByLabel('Username').fill(served.reader.username);
  await page.getByLabel('Password', { exact: true }).fill(served.reader.password);
}
const pressSignIn = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();

/** Milliseconds from pressing "Sign in" to the thread's first muse on screen. */
async function signInToThread(browser: Browser, served: Served): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await signIn(page, served, served.thread);
    await appIsIn(page);
    await armTiming(page);
    await pressSignIn(page);
    return await measuredMs(page);
  } finally {
    await context.close();
  }
}

/**
 * Milliseconds from opening /signin to the thread's first muse on screen, typing and pressing
 * "Sign in" as fast as a machine can: whatever is still loading when the press comes is waited for.
 */
async function openToThread(browser: Browser, served: Served): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await signIn(page, served, served.thread);
    await armTiming(page);
    await pressSignIn(page);
    return (await measured(page)).shownAt;
  } finally {
    await context.close();
  }
}

/** Milliseconds from the click on the conversation in the list to its first muse on screen. */
async function listToThread(browser: Browser, served: Served): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await signIn(page, served);
    await pressSignIn(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign out Reader' }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Messages' }).click();
    const conversation = page.getByRole('link', { name: /Writer/ });
    await conversation.waitFor();
    await armTiming(page);
    await conversation.click();
    return await measuredMs(page);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const browser = await chromium.launch(chromiumLaunch);
const served = await Promise.all(builds.map((build) => serve(build.webDir)));
const results = builds.map(() => ({ signIn: [] as number[], list: [] as number[], open: [] as number[] }));
try {
  console.log(
    `load average: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  // One untimed pass each: the server's own first requests (its caches, the database) are not the web build's.
  for (const s of served) await signInToThread(browser, s);
  for (let run = 1; run <= runs; run++) {
    for (const [i, build] of builds.entries()) {
      const signInMs = await signInToThread(browser, served[i]!);
      const listMs = await listToThread(browser, served[i]!);
      const openMs = await openToThread(browser, served[i]!);
      results[i]!.signIn.push(signInMs);
      results[i]!.list.push(listMs);
      results[i]!.open.push(openMs);
      console.log(
        `run ${run} ${build.label.padEnd(10)} sign-in to thread ${signInMs.toFixed(0).padStart(5)} ms   list to thread ${listMs.toFixed(0).padStart(5)} ms   open /signin to thread ${openMs.toFixed(0).padStart(5)} ms`,
      );
    }
  }
} finally {
  await browser.close();
  await Promise.all(served.map((s) => s.dispose()));
}
console.log(
  `load average: ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
console.log(`medians of ${runs} runs, cold cache each:`);
for (const [i, build] of builds.entries()) {
  console.log(
    `  ${build.label.padEnd(10)} sign-in to thread ${median(results[i]!.signIn).toFixed(0).padStart(5)} ms   list to thread ${median(results[i]!.list).toFixed(0).padStart(5)} ms   open /signin to thread ${median(results[i]!.open).toFixed(0).padStart(5)} ms  (${build.webDir})`,
  );
}
