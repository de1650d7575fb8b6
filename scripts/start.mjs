// `npm start`: install if needed, build if changed, then run the server (it migrates and bootstraps).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, ensureDependencies, log, root } from './lib.mjs';

try {
  await ensureDependencies();
  await buildIfStale();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(error.exitCode ?? 1);
}

log(`starting on http://localhost:${process.env.PORT ?? 3000}`);
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
