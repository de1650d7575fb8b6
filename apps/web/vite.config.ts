import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { serviceWorker } from './scripts/service-worker-plugin.ts';
import { localeParts } from './locale-parts';
import { firstPaintScriptTag } from './scripts/first-paint-plugin.ts';

const api = process.env.TOLK_DEV_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), localeParts(), firstPaintScriptTag(), serviceWorker()],
  server: {
    proxy: {
      '/api': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: bench/bundle-size.ts follows it to what the landing page loads.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
