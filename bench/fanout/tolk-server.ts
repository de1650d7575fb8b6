// Fan-out bench Tolk server. Seeding runs in a process of its own (seedTolk: a fresh database,
// accounts signed in once per device, the group conversations), so the argon2 work of a thousand
// sign-ins leaves nothing in the server process's memory; then the server process (startTolk)
// opens that database as main.ts would, warms the translation memory and serves.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '@tolk/shared/schemas/auth';
import type { Conversation, Muse } from '@tolk/shared/schemas/conversations';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client';
import { bootstrap } from '../../apps/server/src/modules/accounts/bootstrap';
import { emptyProfile } from '../../apps/server/src/modules/profiles/profiles.service';
import { museTranslatorFrom, type MuseTranslator } from '../../apps/server/src/modules/muses/translator';
import { adminQuery, withDatabase } from '../../apps/server/src/test/databases';
import { runAll } from './run-all';
import {
  ACCOUNTS,
  accountIndex,
  COLD_TEXTS,
  DB,
  DEVICES,
  GROUPS,
  languageOf,
  MEMBERS,
  PASSWORD,
  POSTGRES_URL,
  SENDERS_PER_GROUP,
  TEXTS,
} from './options';

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

/** Where a run's database lives: FANOUT_DIR (PGlite, and the seed file) and FANOUT_DB_NAME (PostgreSQL). */
function databaseHome() {
  const dir = process.env.FANOUT_DIR;
  const name = process.env.FANOUT_DB_NAME;
  if (!dir || !name) throw new Error('FANOUT_DIR and FANOUT_DB_NAME are set by the parent');
  return { dir, name, seedFile: path.join(dir, 'seed.json') };
}

async function openBenchDatabase(create: boolean): Promise<DatabaseHandle> {
  const { dir, name } = databaseHome();
  if (DB === 'pglite') return openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  if (create) await adminQuery(POSTGRES_URL, `create database ${name}`);
  return openDatabase({ databaseUrl: withDatabase(POSTGRES_URL, name), pgliteDir: '' });
}

/** Tolk's configuration from the environment, as main.ts reads it, with the bench's own folders. */
function benchConfig() {
  const { dir } = databaseHome();
  return loadConfig({
    ...process.env,
    TOLK_DATA_DIR: dir,
    TOLK_WEB_DIR: path.join(dir, 'no-web'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    // The bench sends far more than a person would.
    TOLK_LIMIT_MUSES_PER_MINUTE: '1000000000',
    DATABASE_URL: undefined,
  });
}

/** POSTs through the app without a socket; throws on anything but 2xx. */
async function post<T>(app: FastifyInstance, url: string, payload: object, token?: string): Promise<T> {
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

interface Seed {
  /** Per account, one session token per device. */
  tokens: string[][];
  conversationIds: string[];
}

/**
 * A fresh database (migrated, bootstrapped): GROUPS x MEMBERS accounts, each signed in once per
 * device, and GROUPS group conversations; written to the seed file, then everything is closed.
 */
export async function seedTolk(): Promise<void> {
  const database = await openBenchDatabase(true);
  await database.migrate();
  await bootstrap(database.db, 'bench-admin-password', emptyProfile);
  const app = await buildApp({
    config: benchConfig(),
    database,
    registerLimit: { max: 1_000_000, timeWindow: 60_000 },
  });

  // Accounts, then a session per further device: argon2 runs on the libuv pool, so a few at once go faster.
  const accounts = new Array<LoginResponse>(ACCOUNTS);
  await runAll(
    Array.from({ length: ACCOUNTS }, (_, i) => i),
    4,
    async (i) => {
      accounts[i] = await post<LoginResponse>(app, '/api/auth/register', {
        username: `fan-${i}`,
        password: PASSWORD,
        language: languageOf(i % MEMBERS),
      });
    },
  );
  const tokens = accounts.map((account) => [account.token]);
  await runAll(
    Array.from({ length: ACCOUNTS * (DEVICES - 1) }, (_, i) => i % ACCOUNTS),
    4,
    async (i) => {
      const session = await post<LoginResponse>(app, '/api/auth/signin', { username: `fan-${i}`, password: PASSWORD });
      tokens[i]!.push(session.token);
    },
  );

  // Group conversations: creation names at most 50 members, the rest are added 50 at a time.
  const GROUP_MAX = 50;
  const conversationIds: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    const owner = accounts[accountIndex(g, 0)]!;
    const others = Array.from({ length: MEMBERS - 1 }, (_, m) => accounts[accountIndex(g, m + 1)]!.username);
    const created = await post<Conversation>(
      app,
      '/api/conversations',
      { kind: 'group', title: `Fan-out ${g}`, members: others.slice(0, GROUP_MAX) },
      owner.token,
    );
    for (let from = GROUP_MAX; from < others.length; from += GROUP_MAX) {
      await post(
        app,
        `/api/conversations/${created.id}/members`,
        { members: others.slice(from, from + GROUP_MAX) },
        owner.token,
      );
    }
    conversationIds.push(created.id);
  }
  fs.writeFileSync(databaseHome().seedFile, JSON.stringify({ tokens, conversationIds } satisfies Seed));
  await app.close();
  await database.close();
}

/** Engine calls so far, over every translation engine (app.translation.status()). */
export const engineCalls = async (app: FastifyInstance) =>
  (await app.translation.status()).engines.reduce((sum, engine) => sum + engine.calls, 0);

/**
 * buildApp() on the seeded database, as main.ts builds it (migrate and bootstrap are no-ops now),
 * with the counting translator, listening on a free loopback port once its warm-up has loaded; then
 * the translation memory warmed with every text into every other language. `close` stops the app,
 * and unless asked to keep them, drops the database and removes the folder.
 */
export async function startTolk() {
  const home = databaseHome();
  // How long each step of the start took (ms since the process began): a restart's downtime.
  const steps: Record<string, number> = { loaded: performance.now() };
  const { tokens, conversationIds } = JSON.parse(fs.readFileSync(home.seedFile, 'utf8')) as Seed;
  const database = await openBenchDatabase(false);
  await database.migrate();
  await bootstrap(database.db, 'bench-admin-password', emptyProfile);
  steps.database = performance.now();
  const translator = new CountingTranslator();
  const config = benchConfig();
  const app = await buildApp({ config, database, translator });
  translator.inner = museTranslatorFrom(app.translation);
  steps.built = performance.now();
  // A restarted server (bench/sockets.ts) listens where its clients knew it; otherwise any free port.
  await app.listen({ port: Number(process.env.FANOUT_PORT ?? 0), host: '127.0.0.1', backlog: config.listenBacklog });
  const port = (app.server.address() as AddressInfo).port;
  steps.listening = performance.now();
  // The warm-up after listening loads cities, dictionaries and engines: none of that is a socket's memory.
  for (let tries = 0; (await app.inject({ url: '/api/health/ready' })).statusCode !== 200; tries++) {
    if (tries > 600) throw new Error('Tolk was not ready after 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  steps.ready = performance.now();
  const tokenOf = (account: number) => tokens[account]![0]!;

  // Warm the translation memory: every text once, from its language, into every other language
  // (a restart finds it warm in the database).
  if (SENDERS_PER_GROUP > 1 && !process.env.FANOUT_RESTART) {
    const warm = await post<Conversation>(
      app,
      '/api/conversations',
      {
        kind: 'group',
        title: 'Warm-up',
        members: Array.from({ length: SENDERS_PER_GROUP - 1 }, (_, m) => `fan-${m + 1}`),
      },
      tokenOf(0),
    );
    for (let m = 0; m < SENDERS_PER_GROUP; m++) {
      for (const text of TEXTS[languageOf(m)]) {
        await post<Muse>(
          app,
          `/api/conversations/${warm.id}/muses`,
          { clientId: randomUUID(), text, from: languageOf(m) },
          tokenOf(m),
        );
      }
    }
    await app.muses.idle();
  }

  /**
   * One muse per group, each text never seen before (so the translation memory has none of
   * them), sent one at a time and left to finish: the engine calls they caused.
   */
  async function coldPass() {
    const cold = { muses: 0, targets: 0, engineCalls: 0 };
    const before = await engineCalls(app);
    for (let g = 0; g < GROUPS; g++) {
      const sender = g % SENDERS_PER_GROUP;
      const language = languageOf(sender);
      await post<Muse>(
        app,
        `/api/conversations/${conversationIds[g]!}/muses`,
        { clientId: randomUUID(), text: COLD_TEXTS[language](100_000 + g), from: language },
        tokenOf(accountIndex(g, sender)),
      );
      await app.muses.idle();
      cold.muses++;
      cold.targets += SENDERS_PER_GROUP - 1;
    }
    cold.engineCalls = (await engineCalls(app)) - before;
    return cold;
  }

  /** Stops the app; unless the database is `kept` for a restart, drops it and removes the folder. */
  const close = async (kept = false) => {
    // FANOUT_SERVER_METRICS=1 (with TOLK_METRICS=true): the server's own view at the end, to set
    // against the clients' (answer p99): how long the send route took from the request's arrival
    // at Fastify to its answer, and a muse from its store to its broadcast.
    if (process.env.FANOUT_SERVER_METRICS) {
      const { body } = await app.inject({ url: '/metrics' });
      const wanted =
        /^(tolk_http_request_duration_seconds_bucket\{.*route="\/api\/conversations\/:id\/muses"|tolk_muse_delivery_seconds_bucket)/;
      console.error(
        body
          .split('\n')
          .filter((line) => wanted.test(line))
          .join('\n'),
      );
    }
    await app.close();
    await database.close();
    if (kept) return;
    if (DB === 'postgres') await adminQuery(POSTGRES_URL, `drop database if exists ${home.name} with (force)`);
    fs.rmSync(home.dir, { recursive: true, force: true });
  };
  return {
    app,
    port,
    steps,
    tokens,
    conversationIds,
    translator,
    coldPass,
    close,
  };
}
