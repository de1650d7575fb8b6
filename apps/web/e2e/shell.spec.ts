import { randomBytes } from 'node:crypto';
import ar from '../src/locales/ar.json' with { type: 'json' };
import de from '../src/locales/de.json' with { type: 'json' };
import enLocale from '../src/locales/en.json' with { type: 'json' };
import esLocale from '../src/locales/es.json' with { type: 'json' };
import frLocale from '../src/locales/fr.json' with { type: 'json' };
import idLocale from '../src/locales/id.json' with { type: 'json' };
import itLocale from '../src/locales/it.json' with { type: 'json' };
import jaLocale from '../src/locales/ja.json' with { type: 'json' };
import koLocale from '../src/locales/ko.json' with { type: 'json' };
import nbLocale from '../src/locales/nb.json' with { type: 'json' };
import ptLocale from '../src/locales/pt.json' with { type: 'json' };
import ruLocale from '../src/locales/ru.json' with { type: 'json' };
import slLocale from '../src/locales/sl.json' with { type: 'json' };
import viLocale from '../src/locales/vi.json' with { type: 'json' };
import zhLocale from '../src/locales/zh.json' with { type: 'json' };
import { appIsIn, expect, test } from './fixtures';
import { E2E_ADMIN_PASSWORD } from './server';

const LOCALES = {
  ar,
  de,
  en: enLocale,
  es: esLocale,
  fr: frLocale,
  id: idLocale,
  it: itLocale,
  ja: jaLocale,
  ko: koLocale,
  nb: nbLocale,
  pt: ptLocale,
  ru: ruLocale,
  sl: slLocale,
  vi: viLocale,
  zh: zhLocale,
} as const;
const CODES = Object.keys(LOCALES) as (keyof typeof LOCALES)[];

/** A locale chunk of the build: assets/<code>-<hash>.js (each language is two: its first screen and the rest). */
const localeChunk = new RegExp(`/assets/(${CODES.join('|')})-[\\w-]{8}\\.js$`);

const MEMBER_MENU = [
  'Home',
  'Interpreter',
  'Connect',
  'People',
  'Places',
  'Things',
  'Messages',
  'Profile',
  'References',
  'Account',
  'Subscribe',
];

test('each of the 15 interface languages renders the landing page translated', async ({ page }) => {
  expect(CODES).toHaveLength(15);
  await page.goto('/');
  for (const code of CODES) {
    await page.evaluate((language) => {
      localStorage.setItem('uiLanguage', language);
    }, code);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expect(page.locator('html')).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LOCALES[code].landing.heroTitle);
    await expect(page.locator('#mission-title')).toHaveText(LOCALES[code].landing.missionTitle);
  }
});

test('bottom navigation labels fit whole at 320 and 390 px in every language, Arabic included', async ({ page }) => {
  await page.goto('/');
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 700 });
    for (const code of CODES) {
      await page.evaluate((language) => {
        localStorage.setItem('uiLanguage', language);
      }, code);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      const problems = await page.locator('.bottom-nav a').evaluateAll((links) =>
        links.flatMap((link) => {
          const label = link.querySelector('span');
          if (!label) return ['no label'];
          const box = label.getBoundingClientRect();
          const cell = link.getBoundingClientRect();
          const clipped =
            label.scrollWidth > label.clientWidth + 1 ||
            label.scrollHeight > label.clientHeight + 1 ||
            box.left < cell.left - 1 ||
            box.right > cell.right + 1 ||
            box.bottom > cell.bottom + 1 ||
            label.getClientRects().length === 0;
          return clipped ? [`${label.textContent} (${Math.round(box.width)}x${Math.round(box.height)})`] : [];
        }),
      );
      expect(problems, `${code} at ${width} px`).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${code} at ${width} px: page wider than the screen`).toBeLessThanOrEqual(0);
    }
  }
});

test('the page fetches only the interface language it shows', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const match = localeChunk.exec(new URL(request.url()).pathname);
    if (match?.[1]) fetched.push(match[1]);
  });
  await page.addInitScript(() => {
    if (!localStorage.getItem('uiLanguage')) localStorage.setItem('uiLanguage', 'de');
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.landing.heroTitle);
  // The rest of German follows once the page is idle; nothing of another language comes with it.
  await expect.poll(() => fetched).toEqual(['de', 'de']);

  await page.getByRole('button', { name: de.header.chooseLanguage }).click();
  await page.locator('#language-list').getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(enLocale.landing.heroTitle);
  expect(fetched).toEqual(['de', 'de', 'en', 'en']);
});

test('the landing page shows the spec sections and every action leads to its screen', async ({ page }) => {
  await page.goto('/landinghome');
  for (const title of [
    'Connecting the world',
    'Our Mission',
    'How It Works',
    'Real-Time Translation',
    'Engage in Meaningful Chats',
    'Create your account',
    'Find connections',
    'Travel & meet',
    'Join Us',
  ]) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('.banner-subtitle')).toHaveText('Tolk');
  // On a desktop no section stands half width beside an empty column.
  await page.setViewportSize({ width: 1280, height: 900 });
  const alone = await page.locator('.landing > section').evaluateAll((sections) => {
    const landing = sections[0]?.parentElement?.getBoundingClientRect();
    const boxes = sections.map((section) => section.getBoundingClientRect());
    return boxes.flatMap((box, index) => {
      const spans = landing !== undefined && box.width > landing.width * 0.9;
      const paired = boxes.some((other, j) => j !== index && Math.abs(other.top - box.top) < 2);
      return spans || paired ? [] : [sections[index]?.querySelector('h2')?.textContent ?? `#${index}`];
    });
  });
  expect(alone).toEqual([]);
  // The translator is right there: no extra "Try translation" button under it.
  await expect(page.getByRole('link', { name: 'Try translation' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'Open messages' }).click();
  await expect(page).toHaveURL(/\/muses$/);
  await expect(page.getByText('This feature is for registered members')).toBeVisible();
  await page.goto('/no/such/place');
  await expect(page.getByRole('heading', { name: 'Connecting the world' })).toBeVisible();
});

test('dark mode is a stored true/false flag and a class on the body', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('body')).toHaveClass(/dark-mode/);
  expect(await page.evaluate(() => localStorage.getItem('tolk.darkMode'))).toBe('true');
  await page.reload();
  await expect(page.locator('body')).toHaveClass(/dark-mode/);
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(page.locator('body')).not.toHaveClass(/dark-mode/);
  expect(await page.evaluate(() => localStorage.getItem('tolk.darkMode'))).toBe('false');
});

test('the language picker switches the interface, Arabic mirrors it, and another tab follows', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Choose interface language' }).click();
  const list = page.locator('#language-list');
  for (const name of ['English', 'Deutsch', 'العربية', '日本語', 'Norsk bokmål', '中文']) {
    await expect(list.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await list.getByRole('button', { name: 'العربية' }).click();
  await expect(list).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.landing.heroTitle);
  expect(await page.evaluate(() => localStorage.getItem('uiLanguage'))).toBe('ar');
  // The side menu slides in from the right in Arabic.
  const menuButton = page.getByRole('banner').getByRole('button').first();
  await menuButton.click();
  const menu = page.locator('#side-menu');
  await expect(menu).toBeVisible();
  // It slides in: measure once its transition has ended, not mid-way.
  const width = page.viewportSize()!.width;
  await expect
    .poll(async () => {
      const box = await menu.boundingBox();
      return box ? box.x + box.width : 0;
    })
    .toBeGreaterThan(width - 2);
  await page.keyboard.press('Escape');

  const other = await context.newPage();
  await other.goto('/');
  await expect(other.locator('html')).toHaveAttribute('lang', 'ar');
  await page.getByRole('button', { name: ar.header.chooseLanguage }).click();
  await page.locator('#language-list').getByRole('button', { name: 'Deutsch' }).click();
  await expect(other.locator('html')).toHaveAttribute('lang', 'de');
  await expect(other.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(de.landing.heroTitle);
});

test('the side menu lists entries by role, closes on Escape or a choice, and keeps focus inside', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.locator('.status-text')).toHaveText('sign in');
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await expect(openMenu).toHaveAttribute('aria-expanded', 'false');
  await expect(openMenu).toHaveAttribute('aria-controls', 'side-menu');
  await openMenu.click();
  await expect(openMenu).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu.getByRole('link')).toHaveText(['Home', 'Interpreter', 'Connect']);
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('#side-menu') !== null)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  const username = `menu-${randomBytes(3).toString('hex')}`;
  const password = `Compass-${randomBytes(6).toString('hex')}`;
  expect((await request.post('/api/auth/register', { data: { username, password } })).status()).toBe(201);
  await page.goto('/signin');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // Registered without a display name: the header shows the username, and says what selecting it does.
  await expect(banner.locator('.status-text')).toHaveText(username);
  await expect(banner.getByRole('button', { name: `Sign out ${username}` })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu.getByRole('link')).toHaveText(MEMBER_MENU);
  await menu.getByRole('link', { name: 'Places' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/place$/);
  await expect(page.getByText('no places found')).toBeVisible();
});

test('cookie consent: Accept stores version 1 and hides the banner; the policy page brings it back', async ({
  page,
}) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'We use cookies' });
  await expect(banner).toBeVisible();
  // Measured in the app's own banner: the one in the page rendered ahead is replaced as the app comes in.
  await appIsIn(page);
  // A compact bar, not a third of a phone's screen.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 320, height: 568 },
  ]) {
    await page.setViewportSize(viewport);
    const box = await banner.boundingBox();
    expect(box?.height ?? Infinity).toBeLessThan(viewport.height * 0.12);
  }
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  const stored = await page.evaluate(() => localStorage.getItem('tolk.cookieConsent.v1'));
  expect(JSON.parse(stored!)).toEqual({ necessary: true, analytics: true, marketing: true, version: 1 });
  await page.reload();
  await expect(banner).toBeHidden();

  await page.goto('/cookie-policy');
  await expect(page.getByText('Last updated August 27, 2025')).toBeVisible();
  for (const section of [
    'What cookies are',
    'How we use cookies',
    'Your choices',
    'Third parties',
    'Retention',
    'Contact',
  ]) {
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Change cookie choices' }).click();
  await expect(banner).toBeVisible();

  await page.evaluate(() => {
    localStorage.setItem('tolk.cookieConsent.v1', JSON.stringify({ necessary: true, version: 2 }));
  });
  await page.reload();
  await expect(banner).toBeVisible();
});

test('the debug screens call the server with and without authorization and only log', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  await page.goto('/debug/claims');
  await expect.poll(() => logs.filter((l) => l.startsWith('[debug]')).length).toBe(2);
  expect(logs.some((l) => l.includes('without authorization (noAuth) failed'))).toBe(true);
});

test('a superadmin sees the members menu and the display name, and signing out ends the session', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  const banner = page.getByRole('banner');
  await expect(banner.locator('.status-text')).toHaveText('Administrator');
  const status = banner.getByRole('button', { name: 'Sign out Administrator' });
  await expect(status).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  // The spec's list, as a user's, then the superadmin's own: the queue of what members reported
  // and the mail the server sent.
  await expect(menu.getByRole('list').first().getByRole('link')).toHaveText(MEMBER_MENU);
  await expect(menu.getByRole('link')).toHaveText([...MEMBER_MENU, 'Reports', 'Outgoing mail']);
  await menu.getByRole('link', { name: 'Reports' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/connect\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

  await status.click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(banner.locator('.status-text')).toHaveText('sign in');
  expect(await page.evaluate(() => localStorage.getItem('tolk.loginResponse'))).toBeNull();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu.getByRole('link')).toHaveText(['Home', 'Interpreter', 'Connect']);
});
