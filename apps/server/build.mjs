// Bundles the server into dist/main.js (and its backup command into dist/backup.js): our code and @tolk/shared (TypeScript) inlined, every npm
// package left to node_modules. Migrations are copied beside it, where the database client looks.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions } from './bundle-options.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
fs.rmSync(dist, { recursive: true, force: true });

await build({
  ...bundleOptions,
  // The server, and the backup and restore commands (scripts/backup.mjs), which share its code.
  entryPoints: { main: path.join(here, 'src/main.ts'), backup: path.join(here, 'src/backups/main.ts') },
  outdir: dist,
  sourcemap: true,
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
// The threads' files, loaded by path beside the bundle: the embedded database's (src/db/pglite-thread.ts)
// and Japanese romanization's (transliteration/japanese.ts).
fs.copyFileSync(path.join(here, 'src/db/pglite-worker.mjs'), path.join(dist, 'pglite-worker.mjs'));
fs.copyFileSync(
  path.join(here, 'src/modules/translation/transliteration/japanese-worker.mjs'),
  path.join(dist, 'japanese-worker.mjs'),
);
console.log(`server bundle: ${(fs.statSync(path.join(dist, 'main.js')).size / 1024).toFixed(0)} KiB`);
