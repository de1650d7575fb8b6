import type { Page } from '@playwright/test';
import ar from '../src/locales/ar.json' with { type: 'json' };
import en from '../src/locales/en.json' with { type: 'json' };
import es from '../src/locales/es.json' with { type: 'json' };
import fr from '../src/locales/fr.json' with { type: 'json' };
import { appIsIn, expect, test } from './fixtures';

// The landing page, the interpreter and sign-in come rendered ahead in the reader's language
// (apps/web/scripts/prerender.ts); the app takes them over once idle or at the first touch.

// The page as the network brings it: a service worker (registered on localhost, a secure
// context) would answer a reload from its cache, past the hold on the app's chunk below.
test.use({ serviceWorkers: 'block' });

/** Holds the app's chunk until `release` is called: the page as a reader sees it before the app is in. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Console errors, a refused inline script (Content-Security-Policy) among them. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('without any script', () => {
  test.use({ javaScriptEnabled: false, locale: 'es-ES' });

  test("the landing page, the interpreter and sign-in arrive whole in the browser's language", async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.landing.heroTitle);
    await expect(page.getByRole('link', { name: es.landing.heroCta })).toHaveAttribute('href', '/register');
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.auth.signInTitle);
    await page.goto('/interpret');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.interpreter.title);
  });
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the page rendered ahead is right-to-left, and a click before the app is in happens once it is', async ({
    page,
  }) => {
    const errors = consoleErrors(page);
    const release = await holdTheApp(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.landing.heroTitle);
    await page.getByRole('button', { name: ar.header.openMenu }).click();
    // The menu is always in the page, off screen and hidden from assistive technology until opened.
    const menu = page.locator('#side-menu');
    await expect(menu).toHaveAttribute('aria-hidden', 'true');
    release();
    await appIsIn(page);
    await expect(menu).not.toHaveAttribute('aria-hidden', 'true');
    await expect(menu.getByRole('link').first()).toBeInViewport();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.landing.heroTitle);
    expect(errors).toEqual([]);
  });
});

test('text typed into sign-in before the app is in stays, and the form is sent by the app, not the browser', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  const release = await holdTheApp(page);
  await page.goto('/signin');
  await page.getByLabel(en.auth.username).fill('nobody-here');
  const password = page.getByRole('textbox', { name: en.auth.password });
  await password.fill('not the password');
  await password.press('Enter');
  // Held: the browser's own sending would have put the password in the address.
  expect(new URL(page.url()).search).toBe('');
  release();
  await appIsIn(page);
  await expect(page.getByLabel(en.auth.username)).toHaveValue('nobody-here');
  // The app sent it: the server's answer shows.
  await expect(page.getByRole('alert').first()).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  expect(errors.filter((e) => !/\b401\b|Unauthorized/i.test(e))).toEqual([]);
});

test("a chosen language and dark mode hold from the first paint, the server sending the chosen language's page", async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: en.header.darkModeOn }).click();
  await page.getByRole('button', { name: en.header.chooseLanguage }).click();
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.landing.heroTitle);

  // The page as it first paints, the app held back: French from the server, dark before any module ran.
  const release = await holdTheApp(page);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'landing');
  await expect(page.locator('body')).toHaveClass(/dark-mode/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.landing.heroTitle);
  release();
  await appIsIn(page);
  await expect(page.getByRole('button', { name: fr.header.darkModeOff })).toBeVisible();
});

test.describe('on a narrow phone', () => {
  test.use({ viewport: { width: 320, height: 740 } });

  test('nothing on the landing page moves when the app and then the try box come in', async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto('/');
    // Read after the next two frames: sections that came near the screen are laid out by then
    // (content-visibility decides that at a rendering update, not at the scroll).
    const boxes = () =>
      page.locator('main section, footer').evaluateAll(async (elements) => {
        for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
        return elements.map((element) => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return [x, y + window.scrollY, width, height].map(Math.round).join(',');
        });
      });
    // The reader scrolls to the try box: its place is held by the box itself, its controls
    // disabled until it can send.
    const field = page.getByLabel(en.landing.tryLabel);
    await field.scrollIntoViewIfNeeded();
    await expect(field).toBeDisabled();
    const before = await boxes();
    release();
    await appIsIn(page);
    // It loads as it nears the screen.
    await expect(field).toBeEnabled();
    expect(await boxes()).toEqual(before);
  });
});

test.describe('on a phone with the cookie bar up', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('no page rendered ahead shifts as the app takes it over and measures the bar', async ({ page }) => {
    // Every layout shift the browser reports, from the first paint on.
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { shifts: string[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; sources: { node?: Node }[] }[]) {
          shifts.push(`${entry.value.toFixed(4)} ${entry.sources.map((source) => source.node?.nodeName).join(',')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of ['/', '/interpret', '/signin']) {
      await page.goto(path);
      await appIsIn(page);
      await expect(page.getByRole('region', { name: en.cookies.bannerText })).toBeVisible();
      // The bar's room is set once the page is laid out (cookie-banner.tsx): two frames on.
      await page.evaluate(async () => {
        for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
      });
      expect(
        await page.evaluate(() => document.documentElement.style.getPropertyValue('--cookie-cover')),
        path,
      ).not.toBe('');
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), path).toEqual([]);
    }
  });
});

test.describe('taking the page over', () => {
  test.use({ locale: 'ar', colorScheme: 'dark' });

  test('the app keeps the elements of the page rendered ahead, each as the app renders it', async ({ page }) => {
    const errors = consoleErrors(page);
    // What the page rendered ahead cannot know: a guest's own interpreter pair (and dark mode, from the system).
    const pair = {
      id: 'guest-pair-1',
      name: 'Café',
      userLanguage: 'ar',
      audienceLanguage: 'fr',
      voice: { enabled: true, rate: 1 },
      createdAt: '2026-11-01T10:00:00.000Z',
    };
    await page.addInitScript(
      (stored) => {
        localStorage.setItem('tolk.interpreterProfiles', stored);
      },
      JSON.stringify([pair]),
    );
    for (const path of ['/', '/interpret', '/signin']) {
      const release = await holdTheApp(page);
      await page.goto(path);
      const heading = await page.locator('h1').elementHandle();
      release();
      await appIsIn(page);
      await page.unroute(/\/assets\/main-[\w-]+\.js$/);
      // Taken over where it stands (hydration): the very element, not a copy.
      expect(await heading.evaluate((element) => element.isConnected), path).toBe(true);
      await expect(page.getByRole('button', { name: ar.header.darkModeOff })).toBeVisible();
      if (path === '/interpret') await expect(page.getByText(pair.name)).toBeVisible();
      // Every attribute the app sets is in the page as the app has it. A page rendered ahead that
      // differs from the app's first render keeps the difference silently (React does not patch
      // attributes when it takes a page over): read against React's own props for each element.
      const differences = await page.evaluate(() => {
        const found: string[] = [];
        const checked = ['id', 'htmlFor', 'href', 'className', 'aria-label', 'aria-labelledby', 'aria-describedby'];
        for (const element of document.querySelectorAll('#root *')) {
          const key = Object.keys(element).find((name) => name.startsWith('__reactProps$'));
          const props = key ? (element as unknown as Record<string, Record<string, unknown>>)[key] : undefined;
          if (!props) continue;
          for (const prop of checked) {
            const value = props[prop];
            if (typeof value !== 'string') continue;
            const attribute = prop === 'htmlFor' ? 'for' : prop === 'className' ? 'class' : prop;
            if (element.getAttribute(attribute) !== value) {
              found.push(
                `<${element.tagName.toLowerCase()}> ${attribute}="${element.getAttribute(attribute)}", the app's "${value}"`,
              );
            }
          }
          const pressed = props['aria-pressed'];
          if (typeof pressed === 'boolean' && element.getAttribute('aria-pressed') !== String(pressed)) {
            found.push(
              `<${element.tagName.toLowerCase()}> aria-pressed="${element.getAttribute('aria-pressed')}", the app's ${pressed}`,
            );
          }
        }
        return found;
      });
      expect(differences, path).toEqual([]);
    }
    expect(errors.filter((error) => !/Service Worker/.test(error))).toEqual([]);
  });
});
