// `npm run backup` and `npm run restore`: install if needed, build the server if changed, then run
// its backup command (apps/server/src/backups) with the same environment the server reads.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, ensureDependencies, root } from './lib.mjs';

try {
  await ensureDependencies();
  await buildIfStale(['server']);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(error.exitCode ?? 1);
}

const command = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/backup.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => command.kill(signal));
command.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
