// The bench's server process bundled as `npm start` runs the server (--server-from build, the
// default): the server's own build first (apps/server/dist, with its migrations and the PGlite
// thread's file), then server-process.ts bundled the same way beside it, so every path the server
// finds from its own file (migrations, the PGlite worker) is the one the production bundle finds.
// Start-up is then what a deploy's is, not tsx compiling the sources (7 s of a restart).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions } from '../../apps/server/bundle-options.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverDir = path.join(root, 'apps/server');

let bundled: Promise<string> | undefined;

/** The bundled server process's file; built once per bench run. */
export function serverBundle(): Promise<string> {
  bundled ??= (async () => {
    execFileSync(process.execPath, [path.join(serverDir, 'build.mjs')], { stdio: 'ignore' });
    const outfile = path.join(serverDir, 'dist/fanout-server-process.js');
    await build({
      ...bundleOptions,
      entryPoints: [path.join(root, 'bench/fanout/server-process.ts')],
      outfile,
    });
    return outfile;
  })();
  return bundled;
}
