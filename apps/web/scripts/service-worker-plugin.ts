import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { shellFiles, staticClosure, type BuildManifest } from '../src/service-worker/shell-files.ts';

/** What the first screen needs besides the entry: the landing page, and the worker's registration. */
const FIRST_SCREENS = ['src/features/landing/screens/landing-screen.tsx', 'src/lib/register-service-worker.ts'];
/** The app, which the entry (src/boot.ts) imports once the page is on screen: its own chunks, not every screen and language it can load. */
const APP = 'src/main.tsx';
const WORKER_SOURCE = 'src/service-worker/sw.ts';

interface WebManifest {
  icons?: { src: string }[];
}

/**
 * Writes dist/sw.js after the app's build: the worker (src/service-worker/sw.ts) bundled into
 * one classic script, with the shell of this build written in - the pages and files from the
 * build manifest (dist/.vite/manifest.json), index.html, the web app manifest and its icons - and
 * a version that changes whenever any of their contents does, so browsers install the new worker
 * and drop the old cache.
 */
export function serviceWorker(): Plugin {
  let root = process.cwd();
  return {
    name: 'tolk:service-worker',
    // The browser build's: not the build's prerender of first screens (scripts/prerender.ts).
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options) {
      const dist = options.dir ?? path.join(root, 'dist');
      const read = (file: string) => fs.readFileSync(path.join(dist, file));
      const buildManifest = JSON.parse(read('.vite/manifest.json').toString('utf8')) as BuildManifest;
      const webManifest = JSON.parse(read('manifest.webmanifest').toString('utf8')) as WebManifest;
      const urls = [
        '/index.html',
        '/manifest.webmanifest',
        '/favicon.svg',
        ...(webManifest.icons ?? []).map((icon) => icon.src),
        ...staticClosure(buildManifest, [APP]).map((file) => `/${file}`),
        ...shellFiles(buildManifest, FIRST_SCREENS),
      ].filter((url, at, all) => all.indexOf(url) === at);

      const hash = createHash('sha256');
      for (const url of urls) hash.update(url).update(read(url.slice(1)));
      const shell = { version: hash.digest('hex').slice(0, 16), urls };

      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: { __TOLK_SHELL__: JSON.stringify(shell) },
        build: {
          outDir: dist,
          emptyOutDir: false,
          copyPublicDir: false,
          manifest: false,
          sourcemap: false,
          lib: {
            entry: path.join(root, WORKER_SOURCE),
            formats: ['iife'],
            name: 'tolkServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
    },
  };
}
