// The app a bench measures: a fresh database (PGlite in a temporary folder, or a new PostgreSQL
// database when DATABASE_URL is set), migrated and bootstrapped, and the app built on it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { bootstrap } from '../apps/server/src/modules/accounts/bootstrap';
import { emptyProfile } from '../apps/server/src/modules/profiles/profiles.service';
import { adminQuery, uniqueName, withDatabase } from '../apps/server/src/test/databases';

export async function benchApp(
  prefix: string,
  options: { poolSize?: number; /** More settings, as environment variables. */ env?: Record<string, string> } = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix.replace(/_/g, '-')}-`));
  const url = process.env.DATABASE_URL;
  const name = uniqueName(prefix);
  if (url) await adminQuery(url, `create database ${name}`);
  const database = url
    ? await openDatabase({ databaseUrl: withDatabase(url, name), pgliteDir: '', poolSize: options.poolSize ?? 4 })
    : await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  await database.migrate();
  await bootstrap(database.db, 'bench-admin-password', emptyProfile);
  const app = await buildApp({
    config: loadConfig({
      TOLK_DATA_DIR: dir,
      TOLK_WEB_DIR: path.join(dir, 'no-web'),
      LOG_LEVEL: 'silent',
      TOLK_WARM_UP: 'false',
      ...options.env,
    }),
    database,
    logger: false,
    registerLimit: { max: 10_000, timeWindow: 60_000 },
  });
  await app.ready();
  return {
    app,
    database,
    engine: url ? 'PostgreSQL' : 'PGlite',
    /** Closes everything; `keep` leaves a PostgreSQL database for EXPLAIN by hand (its name is printed). */
    async close(keep = false) {
      await app.close();
      await database.close();
      if (url && keep) console.log(`kept database ${name}`);
      else if (url) await adminQuery(url, `drop database if exists ${name} with (force)`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
