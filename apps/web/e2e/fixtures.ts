import { test as base } from '@playwright/test';
import { TolkServer } from './server';

/** One server (with its own data folder) per test file; `baseURL` points at it. */
export const test = base.extend<object, { server: TolkServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = new TolkServer();
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

export { expect } from '@playwright/test';
