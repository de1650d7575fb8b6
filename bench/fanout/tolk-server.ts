// Fan-out bench Tolk server: database, buildApp with a counting translator, seeded accounts and groups, warm memory.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '@tolk/shared/schemas/auth';
import type { Conversation, Muse } from '@tolk/shared/schemas/conversations';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client';
import { bootstrap } from '../../apps/server/src/modules/accounts/bootstrap';
import { museTranslatorFrom, type MuseTranslator } from '../../apps/server/src/modules/muses/translator';
import { adminQuery, uniqueName, withDatabase } from '../../apps/server/src/test/databases';
import { runAll } from './measure';
import { clientIndex, CONVERSATIONS, GROUP_SIZE, languageOf, LANGUAGES_PER_GROUP, N, PASSWORD, TEXTS } from './options';

/** The key of one (text, target language) pair in the request counts. */
export const pairKey = (text: string, language: string) => `${text}\u0000${language}`;

/** Adds `n` to `key`'s count. */
export function tally(counts: Map<string, number>, key: string, n: number) {
  counts.set(key, (counts.get(key) ?? 0) + n);
}

/** The translator port, counting each (text, target language) asked for while `counting` is on. */
class CountingTranslator implements MuseTranslator {
  inner: MuseTranslator | undefined;
  counting = false;
  readonly requests = new Map<string, number>();

  private get delegate(): MuseTranslator {
    if (!this.inner) throw new Error('the counting translator was used before the app was built');
    return this.inner;
  }

  translate = (text: string, from: string, to: string[]) => {
    if (this.counting) {
      for (const language of to) tally(this.requests, pairKey(text, language), 1);
    }
    return this.delegate.translate(text, from, to);
  };

  detect = (text: string, fallback: string) => this.delegate.detect(text, fallback);
  transliterate = (text: string, language: string) => this.delegate.transliterate(text, language);
}

async function openBenchDatabase(dir: string): Promise<{ database: DatabaseHandle; dispose: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    return { database, dispose: () => database.close() };
  }
  const name = uniqueName('tolk_fanout');
  await adminQuery(url, `create database ${name}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), pgliteDir: '', poolSize: 10 });
  return {
    database,
    dispose: async () => {
      await database.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Engine calls so far, over every translation engine (app.translation.status()). */
export const engineCalls = async (app: FastifyInstance) =>
  (await app.translation.status()).engines.reduce((sum, engine) => sum + engine.calls, 0);

/**
 * buildApp() on a fresh database, listening on port 0: N accounts, M group conversations of N/M
 * members, and the translation memory warmed with every text into every other language.
 * `close` stops the app, drops the database and removes the temporary folder.
 */
export async function startTolk() {
  const setupStart = performance.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-fanout-'));
  const { database, dispose } = await openBenchDatabase(dir);
  await database.migrate();
  await bootstrap(database.db, 'bench-admin-password');
  const config = loadConfig({
    TOLK_DATA_DIR: dir,
    TOLK_WEB_DIR: path.join(dir, 'no-web'),
    LOG_LEVEL: 'silent',
    PATH: process.env.PATH,
  });
  const translator = new CountingTranslator();
  const app = await buildApp({
    config,
    database,
    logger: false,
    registerLimit: { max: 1_000_000, timeWindow: 60_000 },
    translator,
  });
  translator.inner = museTranslatorFrom(app.translation);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;

  async function inject<T>(method: 'POST', url: string, payload: object, token?: string): Promise<T> {
    const res = await app.inject({
      method,
      url,
      payload,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  }

  // Accounts: argon2 runs on the libuv pool, so a few registrations at once go faster.
  const accounts = new Array<LoginResponse>(N);
  await runAll(
    Array.from({ length: N }, (_, i) => i),
    4,
    async (i) => {
      accounts[i] = await inject<LoginResponse>('POST', '/api/auth/register', {
        username: `fan-${i}`,
        password: PASSWORD,
        language: languageOf(i % GROUP_SIZE),
      });
    },
  );

  // Group conversations: creation names at most 50 members, the rest are added 50 at a time.
  const GROUP_MAX = 50;
  const conversationIds: string[] = [];
  for (let c = 0; c < CONVERSATIONS; c++) {
    const owner = accounts[clientIndex(c, 0)]!;
    const others = Array.from({ length: GROUP_SIZE - 1 }, (_, j) => accounts[clientIndex(c, j + 1)]!.username);
    const created = await inject<Conversation>(
      'POST',
      '/api/conversations',
      { kind: 'group', title: `Fan-out ${c}`, members: others.slice(0, GROUP_MAX) },
      owner.token,
    );
    for (let from = GROUP_MAX; from < others.length; from += GROUP_MAX) {
      await inject<Conversation>(
        'POST',
        `/api/conversations/${created.id}/members`,
        { members: others.slice(from, from + GROUP_MAX) },
        owner.token,
      );
    }
    conversationIds.push(created.id);
  }

  // Warm the translation memory: every text once, from its language, into every other language.
  if (LANGUAGES_PER_GROUP > 1) {
    const speakers = Array.from({ length: LANGUAGES_PER_GROUP }, (_, j) => accounts[j]!);
    const warm = await inject<Conversation>(
      'POST',
      '/api/conversations',
      { kind: 'group', title: 'Warm-up', members: speakers.slice(1).map((a) => a.username) },
      speakers[0]!.token,
    );
    for (let j = 0; j < LANGUAGES_PER_GROUP; j++) {
      for (const text of TEXTS[languageOf(j)]) {
        await inject<Muse>(
          'POST',
          `/api/conversations/${warm.id}/muses`,
          { clientId: randomUUID(), text, from: languageOf(j) },
          speakers[j]!.token,
        );
      }
    }
    await app.muses.idle();
  }
  const setupMs = performance.now() - setupStart;

  const close = async () => {
    await app.close();
    await dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { app, port, accounts, conversationIds, translator, setupMs, close };
}
