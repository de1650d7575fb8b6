import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { serviceWorker } from './scripts/service-worker-plugin.ts';
import { localeParts } from './locale-parts';
import { firstPaintScriptTag } from './scripts/first-paint-plugin.ts';

const api = process.env.TOLK_DEV_API ?? 'http://localhost:3000';

/**
 * The largest libraries of the first screens, each a chunk of its own: src/boot.ts runs a page's
 * files one per task, and one chunk holding React's DOM, the router and the language library would
 * run all three in one task, long enough on a slow phone to hold up a reader already on the page.
 */
const LIBRARY_CHUNKS = [
  { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ },
  { name: 'react-router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
  { name: 'i18next', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/ },
];

export default defineConfig(({ isSsrBuild }) => ({
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
    // The prerender (scripts/prerender.ts) runs in Node, all at once: no chunks of its own needed.
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: LIBRARY_CHUNKS } } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
}));
