// `npm run backup` and `npm run restore`: scripts/backup.mjs runs this, bundled as dist/backup.js.
import { runBackupCommand } from './cli';

// npm runs scripts from the project's folder; paths typed on the command line are the caller's.
const outcome = await runBackupCommand(process.argv.slice(2), process.env, process.env.INIT_CWD ?? process.cwd());
for (const line of outcome.out) process.stdout.write(`${line}\n`);
for (const line of outcome.err) process.stderr.write(`${line}\n`);
process.exit(outcome.code);
