import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { bootstrap } from '../modules/accounts/bootstrap';
import { emptyProfile } from '../modules/profiles/profiles.service';
import { adminQuery, uniqueName, withDatabase } from './databases';
import { TEST_ADMIN_PASSWORD } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite folder, migrated and bootstrapped, that each test file copies. */
    pgliteTemplate: string;
    /** PostgreSQL template database name, when DATABASE_URL is set. */
    postgresTemplate: string;
  }
}

/**
 * Migrates and bootstraps one database per run: a fresh PGlite folder costs seconds, a copy of a
 * ready one a fraction of that; on PostgreSQL, CREATE DATABASE ... TEMPLATE is as quick.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = uniqueName('tolk_tpl');
    await adminQuery(url, `create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), pgliteDir: '', poolSize: 2 });
    await database.migrate();
    await bootstrap(database.db, TEST_ADMIN_PASSWORD, emptyProfile);
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-pglite-template-'));
  const database = await openDatabase({ pgliteDir: dir });
  await database.migrate();
  await bootstrap(database.db, TEST_ADMIN_PASSWORD, emptyProfile);
  await database.close();
  project.provide('pgliteTemplate', dir);
  project.provide('postgresTemplate', '');
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
