// Sign-in timing: a wrong password for a known account against an unknown account, and a
// successful sign-in, through the whole app (inject) on a throwaway PGlite database.
// Run: npx tsx bench/auth-timing.ts [rounds]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { bootstrap } from '../apps/server/src/modules/accounts/bootstrap';
import { emptyProfile } from '../apps/server/src/modules/profiles/profiles.service';

const rounds = Number(process.argv[2] ?? 40);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-bench-'));
const database = await openDatabase({ pgliteDir: dir });
await database.migrate();
await bootstrap(database.db, 'bench admin password', emptyProfile);
const config = loadConfig({ TOLK_DATA_DIR: dir, TOLK_WEB_DIR: path.join(dir, 'none') });
const app = await buildApp({
  config,
  database,
  logger: false,
  signInThrottle: { windowMs: 1, perAccount: 1e9, perAccountAndAddress: 1e9, perAddress: 1e9 },
});
await app.inject({
  method: 'POST',
  url: '/api/auth/register',
  payload: { username: 'bench-user', password: 'Bench-password-1' },
});

async function time(username: string, password: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password } });
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b);
}
const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(1);

await time('bench-user', 'warm-up'); // first argon2 and JIT costs
const known = await time('bench-user', 'wrong password');
const unknown = await time('nobody-here', 'wrong password');
const success = await time('bench-user', 'Bench-password-1');
console.log(`sign-in over ${rounds} rounds each (ms, p50 / p95):`);
console.log(`  wrong password, known account : ${pct(known, 50)} / ${pct(known, 95)}`);
console.log(`  unknown account               : ${pct(unknown, 50)} / ${pct(unknown, 95)}`);
console.log(`  correct password              : ${pct(success, 50)} / ${pct(success, 95)}`);
await app.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
