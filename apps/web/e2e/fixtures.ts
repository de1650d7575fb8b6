import { expect, test as base, type Page } from '@playwright/test';
import { TolkServer } from './server';

/**
 * One server (with its own data folder) per test file; `baseURL` points at it. A file may set the
 * server's environment with `test.use({ serverEnv: { ... } })`.
 */
export const test = base.extend<object, { server: TolkServer; serverEnv: Record<string, string> }>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv }, use) => {
      const server = new TolkServer(undefined, serverEnv);
      await server.start();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };

/**
 * Waits until the app has taken over a page the build rendered ahead (/, /interpret, /signin):
 * before that the page is the HTML the server sent, and the app's commit replaces its elements, so
 * a one-shot reading of an element (its box, say) may find it gone.
 */
export const appIsIn = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.dataset.prerendered ?? 'app')).toBe('app');

/**
 * Closes every toast with its close button, as a person would. Toasts sit top right over the
 * header on a phone and pause while the pointer is over them (spec section 9), so a test that
 * clicks a header control under one would wait on a toast its own pointer keeps open.
 */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.Toastify__toast');
  for (let left = await toasts.count(); left > 0; left = await toasts.count()) {
    // By its class, not its name: the close button is named in the interface's language.
    await toasts
      .first()
      .locator('.Toastify__close-button')
      .click({ timeout: 5_000 })
      .catch(() => undefined); // it may have closed on its own meanwhile
    await expect.poll(() => toasts.count()).toBeLessThan(left);
  }
}
