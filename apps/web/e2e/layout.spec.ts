import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import ar from '../src/locales/ar.json' with { type: 'json' };
import en from '../src/locales/en.json' with { type: 'json' };
import es from '../src/locales/es.json' with { type: 'json' };
import { expect, test } from './fixtures';

/**
 * What a new user hits on a small phone (issue 30): the plaza's composers and its conversation,
 * the header in a long language, toasts, the cookie bar over the navigation, the end of a thread.
 */

const SMALL = { width: 320, height: 568 };
const PHONE = { width: 390, height: 844 };
const LOCALES = { ar, en, es } as const;
type Language = keyof typeof LOCALES;

interface Member {
  username: string;
  token: string;
  loginResponse: string;
}

async function register(
  request: APIRequestContext,
  prefix: string,
  language: string,
  displayName = prefix,
): Promise<Member> {
  const username = `${prefix}-${randomBytes(3).toString('hex')}`;
  const password = `Lantern-${randomBytes(6).toString('hex')}`;
  const res = await request.post('/api/auth/register', {
    data: { username, password, displayName, language },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { token: string };
  return { username, token: body.token, loginResponse: JSON.stringify(body) };
}

/** A page in `language`, signed in as `member` (or a guest), with the cookie bar up or accepted. */
async function open(
  browser: Browser,
  baseURL: string,
  options: { language: Language; member?: Member; cookies: 'shown' | 'accepted'; dark?: boolean },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: options.language });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  if (options.member) {
    await context.addCookies([{ name: 'tolk_access_token', value: options.member.token, url: baseURL }]);
  }
  await context.addInitScript(
    ({ language, loginResponse, accepted, dark }) => {
      localStorage.setItem('uiLanguage', language);
      localStorage.setItem('tolk.darkMode', String(dark));
      if (loginResponse) localStorage.setItem('tolk.loginResponse', loginResponse);
      if (accepted) {
        localStorage.setItem(
          'tolk.cookieConsent.v1',
          JSON.stringify({ necessary: true, analytics: true, marketing: true, version: 1 }),
        );
      }
    },
    {
      language: options.language,
      loginResponse: options.member?.loginResponse ?? '',
      accepted: options.cookies === 'accepted',
      dark: options.dark ?? false,
    },
  );
  return context.newPage();
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, `a box for ${locator.toString()}`).not.toBeNull();
  return found as { x: number; y: number; width: number; height: number };
};

type Box = Awaited<ReturnType<typeof box>>;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

/** A host's plaza (both composers on this phone), English to Spanish, with a few muses said. */
async function plazaWithMuses(request: APIRequestContext, host: Member): Promise<string> {
  const headers = { Authorization: `Bearer ${host.token}` };
  const created = await request.post('/api/plazas', { headers, data: { userLanguage: 'en', audienceLanguage: 'es' } });
  expect(created.status()).toBe(201);
  const plazaId = ((await created.json()) as { plaza: { id: string } }).plaza.id;
  const lines = [
    { side: 'user', text: 'Good morning, where is the station?' },
    { side: 'audience', text: 'Buenos días, la estación está cerca.' },
    { side: 'user', text: 'Thank you very much.' },
  ];
  for (const { side, text } of lines) {
    const sent = await request.post(`/api/plazas/${plazaId}/muses`, {
      headers,
      data: { clientId: randomBytes(8).toString('hex'), side, text },
    });
    expect(sent.status()).toBe(201);
  }
  return plazaId;
}

test('the plaza fits a 320 px phone and gives the conversation the height at 390 × 844', async ({
  browser,
  request,
  server,
}) => {
  test.setTimeout(120_000);
  const host = await register(request, 'host', 'en');
  const plazaId = await plazaWithMuses(request, host);

  for (const language of ['en', 'es', 'ar'] as const) {
    const t = LOCALES[language];
    const page = await open(browser, server.url, { language, member: host, cookies: 'accepted' });
    await page.setViewportSize(SMALL);
    await page.goto(`/interpret/${plazaId}`);
    const composers = page.locator('.plaza-composer');
    await expect(composers).toHaveCount(2);
    await expect(page.locator('.plaza-muse')).toHaveCount(3);

    // 320 × 568: nothing sideways, and each side's Send button whole on the screen.
    expect(await sideways(page), `${language} at 320 px`).toBeLessThanOrEqual(0);
    const sends = page.getByRole('button', { name: t.interpreter.send, exact: true });
    await expect(sends).toHaveCount(2);
    for (const send of await sends.all()) {
      const button = await box(send);
      expect(button.x, `${language}: Send inside the screen`).toBeGreaterThanOrEqual(0);
      expect(button.x + button.width).toBeLessThanOrEqual(SMALL.width);
      expect(button.y).toBeGreaterThanOrEqual(0);
      expect(button.y + button.height).toBeLessThanOrEqual(SMALL.height);
    }

    // 390 × 844, two composers: the conversation gets at least 40 % of the screen's height.
    await page.setViewportSize(PHONE);
    await expect(composers).toHaveCount(2);
    const log = await box(page.getByRole('log'));
    expect(log.height / PHONE.height, `${language}: the conversation's share of 844 px`).toBeGreaterThanOrEqual(0.4);
    expect(log.y + log.height).toBeLessThanOrEqual(PHONE.height);
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // The original is labelled as the original, in the reader's language.
    const original = page
      .locator('.plaza-muse')
      .filter({ hasText: 'Good morning, where is the station?' })
      .locator('[data-kind="comment"] .plaza-version-label');
    await expect(original).toHaveText(new RegExp(`^${t.translation.original} · `));
    await page.context().close();
  }
});

test('the bottom navigation and the cookie bar cover at most a third of a 320 × 568 phone in Arabic', async ({
  browser,
  server,
}) => {
  for (const dark of [false, true]) {
    const page = await open(browser, server.url, { language: 'ar', cookies: 'shown', dark });
    await page.setViewportSize(SMALL);
    for (const route of ['/', '/interpret', '/connect']) {
      await page.goto(route);
      const banner = page.getByRole('region', { name: ar.cookies.bannerText });
      await expect(banner).toBeVisible();
      const nav = await box(page.getByRole('navigation', { name: ar.nav.main }));
      const bar = await box(banner);
      const covered = SMALL.height - Math.min(nav.y, bar.y);
      expect(covered, `${route}${dark ? ', dark' : ''}: px covered at the bottom`).toBeLessThanOrEqual(
        SMALL.height / 3,
      );
    }
    await page.context().close();
  }
});

test('in Spanish the header logo never runs under the dark-mode toggle, at 320 and 390 px', async ({
  browser,
  request,
  server,
}) => {
  const member = await register(request, 'esperanza', 'es', 'Esperanza Bautista');
  for (const who of [undefined, member]) {
    const page = await open(browser, server.url, { language: 'es', member: who, cookies: 'accepted' });
    for (const size of [SMALL, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/');
      const header = page.getByRole('banner');
      const toggle = await box(header.getByRole('button', { name: es.header.darkModeOn }));
      const brand = header.getByRole('link', { name: es.app.name });
      const where = `${who ? 'member' : 'guest'} at ${size.width} px`;
      expect(overlap(await box(brand.locator('img')), toggle), `${where}: logo and toggle`).toBe(false);
      // The brand's box clips its name: whatever of it shows stays clear of the toggle.
      expect(overlap(await box(brand), toggle), `${where}: brand and toggle`).toBe(false);
      const name = await brand.locator('.brand-name').boundingBox();
      const shown = await box(brand);
      if (name && name.y < shown.y + shown.height - 1)
        expect(name.x + name.width, `${where}: the name shows whole`).toBeLessThanOrEqual(shown.x + shown.width + 0.5);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    }
    await page.context().close();
  }
});

test('a success toast leaves the header and its controls uncovered', async ({ browser, request, server }) => {
  const host = await register(request, 'toaster', 'en');
  const plazaId = await plazaWithMuses(request, host);
  for (const language of ['en', 'ar'] as const) {
    const page = await open(browser, server.url, { language, member: host, cookies: 'accepted' });
    for (const size of [SMALL, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(`/interpret/${plazaId}`);
      const card = page.locator('.plaza-muse').filter({ hasText: 'Thank you very much.' });
      await card.getByRole('button', { name: LOCALES[language].interpreter.copyComment }).click();
      const toast = page.locator('.Toastify__toast--success');
      await expect(toast).toHaveText(LOCALES[language].copy.userComment);
      // Top right (spec section 9), once it has slid in: its end near the screen's right edge.
      await expect
        .poll(async () => {
          const slid = await box(toast);
          return slid.x + slid.width;
        })
        .toBeGreaterThan(size.width - 24);
      const shown = await box(toast);
      const header = page.getByRole('banner');
      expect(overlap(shown, await box(header)), `${language} at ${size.width} px: toast over the header`).toBe(false);
      for (const control of await header.locator('a, button').all()) {
        expect(overlap(shown, await box(control))).toBe(false);
      }
      await toast.getByRole('button').click();
      await expect(toast).toHaveCount(0);
    }
    await page.context().close();
  }
});

test('at the end of a thread the last muse shows whole above the composer, with or without the cookie bar', async ({
  browser,
  request,
  server,
}) => {
  test.setTimeout(120_000);
  const reader = await register(request, 'reader', 'en');
  const writer = await register(request, 'writer', 'es');
  const chat = await request.post('/api/conversations', {
    headers: { Authorization: `Bearer ${writer.token}` },
    data: { kind: 'direct', members: [reader.username] },
  });
  expect(chat.status()).toBe(201);
  const conversationId = ((await chat.json()) as { id: string }).id;
  for (let i = 1; i <= 12; i++) {
    const author = i % 2 ? writer : reader;
    const sent = await request.post(`/api/conversations/${conversationId}/muses`, {
      headers: { Authorization: `Bearer ${author.token}` },
      data: { clientId: randomBytes(8).toString('hex'), text: `Message number ${i}`, from: 'en' },
    });
    expect(sent.status()).toBe(201);
  }

  for (const language of ['en', 'ar'] as const) {
    for (const cookies of ['shown', 'accepted'] as const) {
      const page = await open(browser, server.url, { language, member: reader, cookies });
      for (const size of [SMALL, PHONE]) {
        await page.setViewportSize(size);
        await page.goto(`/muses/${conversationId}`);
        // By its number in the thread: its text runs into its time ("Message number 1" + "2:07 PM").
        const last = page.locator('.muse[data-seq="12"]');
        await expect(last).toBeVisible();
        // Scrolled to the end of the log; the page itself has nothing more under the composer.
        await page.locator('.muse-log').evaluate((log) => {
          log.scrollTop = log.scrollHeight;
        });
        const where = `${language}, cookie bar ${cookies}, ${size.width}×${size.height}`;
        expect(
          await page.evaluate(() => {
            const root = document.scrollingElement ?? document.documentElement;
            return root.scrollHeight - root.clientHeight;
          }),
          `${where}: the page scrolls under the thread`,
        ).toBeLessThanOrEqual(1);
        const composer = await box(page.locator('form.composer'));
        await page.mouse.move(size.width / 2, composer.y - 40);
        await page.mouse.wheel(0, 2000);
        expect((await box(page.locator('form.composer'))).y, `${where}: the composer stays put`).toBeCloseTo(
          composer.y,
          0,
        );
        const muse = await box(last);
        const head = await box(page.locator('.thread-head'));
        expect(muse.y, `${where}: the last muse below the thread's head`).toBeGreaterThanOrEqual(
          head.y + head.height - 0.5,
        );
        expect(muse.y + muse.height, `${where}: the last muse above the composer`).toBeLessThanOrEqual(
          composer.y + 0.5,
        );
        // The composer itself clear of the navigation and the cookie bar.
        const nav = await box(page.getByRole('navigation', { name: LOCALES[language].nav.main }));
        expect(composer.y + composer.height, `${where}: composer above the navigation`).toBeLessThanOrEqual(
          nav.y + 0.5,
        );
        if (cookies === 'shown') {
          const bar = await box(page.getByRole('region', { name: LOCALES[language].cookies.bannerText }));
          expect(composer.y + composer.height, `${where}: composer above the cookie bar`).toBeLessThanOrEqual(
            bar.y + 0.5,
          );
        }
      }
      await page.context().close();
    }
  }
});
