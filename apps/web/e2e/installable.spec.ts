import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import es from '../src/locales/es.json' with { type: 'json' };
import { chromiumLaunch } from '../playwright.config';
import { expect, test } from './fixtures';

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

let profile: string;
let context: BrowserContext;
let page: Page;

// A browser profile of its own, as a person's: Chromium does not offer to install from an
// incognito-like context, which is what Playwright's other contexts are.
test.beforeEach(async ({ server }) => {
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-pwa-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunch,
    baseURL: server.url,
    locale: 'es-ES',
    viewport: { width: 390, height: 844 },
  });
  page = context.pages()[0] ?? (await context.newPage());
});

test.afterEach(async () => {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
});

/** The files the service worker keeps, as paths. */
const cachedPaths = () =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

/** The colour the browser's bar takes: the first theme-color whose media matches. */
const themeColor = () =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('meta[name="theme-color"]')]
        .find((meta) => matchMedia(meta.getAttribute('media') ?? 'all').matches)
        ?.getAttribute('content') ?? null,
  );

const apiAnswers = () =>
  page.evaluate(() =>
    fetch('/api/health').then(
      (response) => response.status,
      () => 'no answer',
    ),
  );

test('installs as an app, opens offline in the interface language, and comes back', async ({ server }) => {
  const heroTitle = page.getByRole('heading', { level: 1, name: es.landing.heroTitle });
  await page.goto('/');
  await expect(heroTitle).toBeVisible();

  // The worker installs after the page has loaded and takes this page over at once.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  // It keeps the Spanish strings the page fetched before it was there.
  await expect.poll(cachedPaths).toContainEqual(expect.stringMatching(/^\/assets\/es-[\w-]{8}\.js$/));
  expect(await cachedPaths()).toContain('/index.html');

  // Chromium's own installability check, the one behind its install prompt.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  // The manifest Chromium read: Tolk, standalone, the light theme's colours, icons that load.
  const { url: manifestUrl, errors, data } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  expect(new URL(manifestUrl).pathname).toBe('/manifest.webmanifest');
  const manifest = JSON.parse(data ?? '{}') as WebManifest;
  // A DevTools session left attached makes the next page load forget the offline emulation below.
  await cdp.detach();
  expect(manifest).toMatchObject({ name: 'Tolk', short_name: 'Tolk', start_url: '/', display: 'standalone' });
  expect(manifest.background_color).toBe('#f7f7f4');
  expect(manifest.icons.map((icon) => icon.purpose)).toEqual(expect.arrayContaining(['any', 'maskable']));
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const png = await response.body();
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // The bar takes the light theme's colour, then the dark one with the app's own dark mode.
  expect(await themeColor()).toBe(manifest.theme_color);
  await page.getByRole('button', { name: es.header.darkModeOn }).click();
  expect(await themeColor()).toBe('#172120');
  await page.getByRole('button', { name: es.header.darkModeOff }).click();
  expect(await themeColor()).toBe(manifest.theme_color);

  // No network at all, and the server down: the app still opens, in Spanish, and says so.
  expect(await apiAnswers()).toBe(200);
  await server.stop();
  await context.setOffline(true);
  await page.reload();
  await expect(heroTitle).toBeVisible();
  await expect(page.getByText(es.app.offline)).toBeVisible();
  // The landing's lazy try box came from the cache too.
  await expect(page.getByLabel(es.landing.tryLabel)).toBeVisible();
  // The API is never answered from the cache.
  expect(await apiAnswers()).toBe('no answer');
  // A language this device never fetched cannot come now: the page stays as it is, in Spanish,
  // without reloading, and the choice is not kept for the next start.
  await page.evaluate(() => {
    (window as { samePage?: boolean }).samePage = true;
  });
  await page.getByRole('button', { name: es.header.chooseLanguage }).click();
  await page.locator('#language-list button[lang="de"]').click();
  await expect(page.locator('#language-list')).toBeHidden();
  await expect(heroTitle).toBeVisible();
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('uiLanguage')])).toEqual([
    'es',
    'es',
  ]);

  // Back: the notice says so and goes, and the API answers again.
  await server.start();
  await context.setOffline(false);
  await expect(page.getByText(es.common.backOnline)).toBeVisible();
  await expect(page.getByText(es.app.offline)).toBeHidden();
  await expect.poll(apiAnswers).toBe(200);
});
