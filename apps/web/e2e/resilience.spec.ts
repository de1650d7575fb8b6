import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { register, sendMuse, signedIn, type Member } from './members';

/** When the connection drops after a screen is opened: the issue saw it at 1 to 1.5 s. */
const DROP_AFTER_MS = 1200;

/** The chunks of the shell's lazy parts: the header's sign-out control and the live listeners with the badge. */
const SHELL_PARTS = /\/assets\/(sign-out-button|live|requests-badge)-[\w-]{8}\.js$/;

async function directConversation(request: APIRequestContext, from: Member, to: Member): Promise<string> {
  const res = await request.post('/api/conversations', {
    headers: { Authorization: `Bearer ${from.loginResponse.token}` },
    data: { kind: 'direct', members: [to.username] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

/**
 * A short drop of the connection that the files matching `pattern` run into, whatever this machine's
 * pace: each one asked for before the drop waits for it and then fails as a request does offline
 * (so the part they bring is always one that loads after the drop); asked for after the network is
 * back, they load. Routed on the context, so requests a service worker makes are held as well.
 */
async function dropFor(context: BrowserContext, pattern: RegExp) {
  let state: 'before' | 'offline' | 'back' = 'before';
  let dropped!: () => void;
  const drop = new Promise<void>((resolve) => {
    dropped = resolve;
  });
  const held: string[] = [];
  await context.route(pattern, async (route) => {
    if (state === 'back') {
      await route.fallback();
      return;
    }
    held.push(new URL(route.request().url()).pathname);
    await drop;
    await route.abort('internetdisconnected');
  });
  return {
    held,
    /** Goes offline once the page has heard of it (so it knows the failures are the network's). */
    async offline(page: Page) {
      await context.setOffline(true);
      await expect(page.getByText('You are offline.', { exact: false })).toBeVisible();
      state = 'offline';
      dropped();
    },
    async online() {
      state = 'back';
      await context.setOffline(false);
    },
  };
}

/** The screen's frame: the header with its menu, and the bottom navigation. */
async function expectShell(page: Page) {
  await expect(page.getByRole('banner').getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByText('This screen could not be loaded.')).toHaveCount(0);
}

test('a drop right after opening a thread leaves the thread, its composer and the shell; a muse written offline arrives once', async ({
  browser,
  request,
  server,
}) => {
  const anna = await register(request, 'anna', 'Anna', 'en');
  const kari = await register(request, 'kari', 'Kari', 'en');
  const id = await directConversation(request, kari, anna);
  const reader = await signedIn(browser, server.url, kari);
  const { context, page } = await signedIn(browser, server.url, anna);
  try {
    const network = await dropFor(context, SHELL_PARTS);
    const opened = Date.now();
    await page.goto(`/muses/${id}`);
    await expect(page.getByRole('heading', { name: 'Kari' })).toBeVisible();
    await page.waitForTimeout(Math.max(0, DROP_AFTER_MS - (Date.now() - opened)));
    await network.offline(page);
    expect(network.held.some((file) => file.includes('/sign-out-button-'))).toBe(true);

    // The sign-out control could not load: a retry in its place, everything else still there.
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Could not load – try again' })).toBeVisible();
    await expectShell(page);
    await expect(page.getByRole('heading', { name: 'Kari' })).toBeVisible();

    // Written offline, it waits in the queue.
    const log = page.getByRole('log');
    await sendMuse(page, 'On my way, the bus is late');
    await expect(log.locator('li.muse.pending.queued', { hasText: 'On my way' })).toBeVisible();

    // Back online: it is delivered, once, and the sign-out control comes by itself.
    await network.online();
    await expect(log.locator('li.muse:not(.pending)', { hasText: 'On my way' })).toHaveCount(1);
    await expect(banner.getByRole('button', { name: 'Sign out Anna' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Could not load – try again' })).toHaveCount(0);
    await expectShell(page);

    await reader.page.goto(`/muses/${id}`);
    await expect(reader.page.getByRole('log').locator('li.muse', { hasText: 'On my way' })).toHaveCount(1);
    await expect(log.locator('li.muse', { hasText: 'On my way' })).toHaveCount(1);
  } finally {
    await context.close();
    await reader.context.close();
  }
});

test('a drop right after opening /connect leaves the screen and the shell; the retry in the header works by hand too', async ({
  browser,
  request,
  server,
}) => {
  const ola = await register(request, 'ola', 'Ola', 'en');
  const { context, page } = await signedIn(browser, server.url, ola);
  try {
    const network = await dropFor(context, SHELL_PARTS);
    const opened = Date.now();
    await page.goto('/connect');
    await expect(page.getByRole('heading', { level: 1, name: 'Connect' })).toBeVisible();
    await page.waitForTimeout(Math.max(0, DROP_AFTER_MS - (Date.now() - opened)));
    await network.offline(page);

    const banner = page.getByRole('banner');
    const retry = banner.getByRole('button', { name: 'Could not load – try again' });
    await expect(retry).toBeVisible();
    await expectShell(page);
    await expect(page.getByRole('tab', { name: 'Discover', selected: true })).toBeVisible();
    // The tabs still work offline.
    await page.getByRole('tab', { name: 'Requests' }).click();
    await expect(page.getByRole('tab', { name: 'Requests', selected: true })).toBeVisible();

    // Asked by hand while still offline, it fails again and stays a retry, the screen untouched.
    await retry.click();
    await expect(retry).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Connect' })).toBeVisible();

    await network.online();
    await expect(banner.getByRole('button', { name: 'Sign out Ola' })).toBeVisible();
    await expectShell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Connect' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a screen whose own code is lost in a drop says so inside the shell and comes by itself once back online', async ({
  browser,
  request,
  server,
}) => {
  const per = await register(request, 'per', 'Per', 'en');
  const { context, page } = await signedIn(browser, server.url, per);
  try {
    const network = await dropFor(context, /\/assets\/connect-screen-[\w-]{8}\.js$/);
    await page.goto('/connect');
    // The shell is up while the screen's code is still on its way.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect.poll(() => network.held.length).toBeGreaterThan(0);
    await network.offline(page);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'This screen could not be loaded.' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    await network.online();
    await expect(page.getByRole('heading', { level: 1, name: 'Connect' })).toBeVisible();
    await expectShell(page);
    // The bottom navigation leads elsewhere and back: the screen stays loaded.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Messages' }).click();
    await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Connect' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("/connect asks for its data while the screen's own code is still loading, the shell already up", async ({
  browser,
  request,
  server,
}) => {
  const lea = await register(request, 'lea', 'Lea', 'en');
  const { context, page } = await signedIn(browser, server.url, lea);
  try {
    const events: string[] = [];
    let dataAsked!: () => void;
    const asked = new Promise<void>((resolve) => {
      dataAsked = resolve;
    });
    context.on('request', (req) => {
      if (!new URL(req.url()).pathname.startsWith('/api/connect/')) return;
      events.push('data requested');
      dataAsked();
    });
    // The screen's code is held until its data has been asked for; were the request waiting for
    // the code, the hold would end only after 20 s, and the order below would say so.
    await context.route(/\/assets\/connect-screen-[\w-]{8}\.js$/, async (route) => {
      events.push('screen code requested');
      await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      events.push('screen code delivered');
      await route.fallback();
    });
    await page.goto('/connect');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Connect' })).toBeVisible({ timeout: 30_000 });
    // Either may be asked for first (the screen's code waits for its stylesheets); the data is
    // asked for before the code has arrived.
    expect(events).toContain('screen code delivered');
    expect(events.indexOf('data requested')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('data requested')).toBeLessThan(events.indexOf('screen code delivered'));
    await expect(page.getByRole('tab', { name: 'Discover', selected: true })).toBeVisible();
  } finally {
    await context.close();
  }
});
