import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { adminQuery, uniqueName, withDatabase } from './databases';
import { listen } from './sockets';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** A private, migrated database for one test file: a PGlite copy, or a PostgreSQL database when DATABASE_URL is set. */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; dispose: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = uniqueName('tolk_t');
    await adminQuery(url, `create database ${name} template ${inject('postgresTemplate')}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), pgliteDir: '', poolSize: 4 });
    return {
      database,
      dispose: async () => {
        await database.close();
        await adminQuery(url, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-pglite-'));
  fs.cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  const database = await openDatabase({ pgliteDir: dir });
  return {
    database,
    dispose: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The configuration test apps start from: no web app, no warm-up. */
export function testConfig(): Config {
  // Warm-up loads dictionaries and pipelines no test file needs; its own test turns it on.
  // Nor do they shed sends: on a busy machine PGlite's statements delay the event loop of a test
  // that sends forty muses at once; shedding has its own test (muses/shedding.integration.test.ts).
  return loadConfig({
    TOLK_DATA_DIR: os.tmpdir(),
    TOLK_WEB_DIR: path.join(os.tmpdir(), 'tolk-no-web'),
    TOLK_WARM_UP: 'false',
    TOLK_SHED_SEND_BACKLOG: String(Number.MAX_SAFE_INTEGER),
    TOLK_SHED_LOOP_DELAY_MS: String(Number.MAX_SAFE_INTEGER),
  });
}

export async function testApp(
  overrides: Partial<Omit<BuildOptions, 'config' | 'database'>> & { config?: Partial<Config> } = {},
): Promise<TestApp> {
  const { database, dispose } = await openTestDatabase();
  const config: Config = { ...testConfig(), ...overrides.config };
  // Tests register many members from one address; the limit itself has its own test.
  const app = await buildApp({
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    registerLimit: { max: 10_000, timeWindow: 60_000 },
    // Renewals run when a test calls app.subscriptionRenewals, not on a timer.
    subscriptionRenewEveryMs: 0,
    // The durable queue runs when a test calls app.outbox.runDue, not on a timer.
    outbox: { pollMs: 0 },
    ...overrides,
    config,
    database,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await dispose();
    },
  };
}

/**
 * Two instances of the app on one fresh PostgreSQL database and one Redis, as behind a load
 * balancer, each listening on its own port: for what must cross instances.
 */
export async function twoInstances(
  databaseUrl: string,
  redisUrl: string,
): Promise<{ apps: [FastifyInstance, FastifyInstance]; close(): Promise<void> }> {
  const name = uniqueName('tolk_two');
  await adminQuery(databaseUrl, `create database ${name} template ${inject('postgresTemplate')}`);
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({ databaseUrl: withDatabase(databaseUrl, name), pgliteDir: '', poolSize: 4 });
    handles.push(database);
    const config = {
      ...testConfig(),
      redisUrl,
      jwtSecret: 'two-instances-test-secret-that-both-instances-share!!',
    };
    const app = await buildApp({ config, database, logger: false, registerLimit: { max: 1000, timeWindow: 60_000 } });
    await listen(app);
    apps.push(app);
  }
  return {
    apps: apps as [FastifyInstance, FastifyInstance],
    async close() {
      for (const app of apps) await app.close();
      for (const handle of handles) await handle.close();
      await adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Instances of the app on one database, without Redis, each with its own configuration (its own
 * data folder, its own storage): for what instances share through the database and the object
 * store alone. On PostgreSQL each has its own pool on one fresh database, as separate processes
 * would. A PGlite folder belongs to one process, so on PGlite the instances share one open
 * database in this process: still separate apps, storage clients and data folders.
 */
export async function appsOnOneDatabase(
  configs: Partial<Config>[],
): Promise<{ apps: FastifyInstance[]; database: DatabaseHandle; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const handles: DatabaseHandle[] = [];
  let dispose: () => Promise<void>;
  if (url) {
    const name = uniqueName('tolk_apps');
    await adminQuery(url, `create database ${name} template ${inject('postgresTemplate')}`);
    for (let i = 0; i < configs.length; i++) {
      handles.push(await openDatabase({ databaseUrl: withDatabase(url, name), pgliteDir: '', poolSize: 4 }));
    }
    dispose = async () => {
      for (const handle of handles) await handle.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    };
  } else {
    const shared = await openTestDatabase();
    handles.push(...configs.map(() => shared.database));
    dispose = shared.dispose;
  }
  const apps: FastifyInstance[] = [];
  for (const [i, overrides] of configs.entries()) {
    const config: Config = { ...testConfig(), ...overrides };
    const app = await buildApp({
      config,
      database: handles[i]!,
      logger: process.env.TEST_LOG ? { level: 'error' } : false,
      registerLimit: { max: 10_000, timeWindow: 60_000 },
      subscriptionRenewEveryMs: 0,
    });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    database: handles[0]!,
    async close() {
      for (const app of apps) await app.close();
      await dispose();
    },
  };
}
