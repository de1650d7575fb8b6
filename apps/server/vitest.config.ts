import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // Each file gets its own database; argon2 and PGlite are CPU-bound, so two cores, two files.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
