import fs from 'node:fs';
import type { MailConfig } from './plugins/mail';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { paymentsConfig, paymentsEnvironment, type PaymentsConfig } from './payments-config';
import { speechConfig, speechEnvironment, type SpeechConfig } from './speech-config';
import { storageConfig, storageEnvironment, type S3Config } from './storage-config';

export type { PaymentsConfig } from './payments-config';
export type { S3Config } from './storage-config';

const here = path.dirname(fileURLToPath(import.meta.url));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** OpenStreetMap's own tiles and their credit: fine for a small site, by their tile usage policy. */
const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_CREDIT = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TOLK_LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65535).default(4096),
  TOLK_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  TOLK_ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  TOLK_JWT_SECRET: z.string().min(32, 'TOLK_JWT_SECRET must be at least 32 characters').optional(),
  TOLK_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TOLK_SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  TOLK_PUBLIC_ORIGIN: z.string().optional(),
  TOLK_TRUST_PROXY: booleanFlag.default(false),
  TOLK_WEB_DIR: z.string().optional(),
  REDIS_URL: z.url().optional(),
  TOLK_PLAZA_GUEST_HOURS: z.coerce
    .number()
    .min(0.1)
    .max(24 * 30)
    .default(12),
  TOLK_PLAZA_CODE_HOURS: z.coerce
    .number()
    .min(0.1)
    .max(24 * 30)
    .default(12),
  TOLK_SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  TOLK_WARM_UP: booleanFlag.default(true),
  TOLK_SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'an SMTP URL such as smtps://user:password@smtp.example.org:465' })
    .optional(),
  TOLK_MAIL_FROM: z.string().trim().min(3).default('Tolk <no-reply@localhost>'),
  TOLK_LIMIT_FORGOT_PASSWORD_PER_HOUR: z.coerce.number().int().min(1).default(10),
  TOLK_OUTBOX_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  TOLK_MUSE_NOTICE_DELAY_SECONDS: z.coerce.number().min(0).max(600).default(3),
  TOLK_VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: address or an https: URL push services may contact')
    .optional(),
  TOLK_REFERENCES_CLOCK_OFFSET_DAYS: z.coerce.number().min(0).max(365).default(0),
  TOLK_DIGEST_DELAY_MINUTES: z.coerce
    .number()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  TOLK_DIGEST_PERIOD_HOURS: z.coerce
    .number()
    .min(0.25)
    .max(24 * 30)
    .default(24),
  TOLK_PGLITE_THREAD: booleanFlag.default(true),
  // Unset, not false: an explicit "false" next to a token is a contradiction to point out.
  TOLK_METRICS: booleanFlag.optional(),
  TOLK_METRICS_TOKEN: z.string().trim().min(16, 'TOLK_METRICS_TOKEN must be at least 16 characters').optional(),
  TOLK_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'an http(s) URL such as https://tolk.example.org' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  // Per-route request limits. Guests are counted by address and members by account, so the
  // address limits are set for a meet-up, hostel or school behind one network.
  TOLK_LIMIT_REGISTER_PER_HOUR: z.coerce.number().int().min(1).default(300),
  TOLK_LIMIT_TRANSLATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  TOLK_LIMIT_CITY_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  TOLK_LIMIT_MUSES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  // Past saturation new muses are refused (503, Retry-After: 1) rather than queued for seconds.
  TOLK_SHED_SEND_BACKLOG: z.coerce.number().int().min(1).default(128),
  TOLK_SHED_LOOP_DELAY_MS: z.coerce.number().int().min(1).default(150),
  TOLK_LIMIT_PLAZAS_PER_HOUR: z.coerce.number().int().min(1).default(120),
  TOLK_LIMIT_PLAZA_JOINS_PER_HOUR: z.coerce.number().int().min(1).default(300),
  TOLK_LIMIT_PLAZA_MUSES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  TOLK_LIMIT_CONNECT_REQUESTS_PER_DAY: z.coerce.number().int().min(1).default(50),
  TOLK_LIMIT_REPORTS_PER_DAY: z.coerce.number().int().min(1).default(20),
  TOLK_LIMIT_PHOTO_UPLOADS_PER_DAY: z.coerce.number().int().min(1).default(50),
  /** How many times a member's connect-request, plaza and photo-upload limits an active subscriber gets. */
  TOLK_SUBSCRIBER_LIMIT_FACTOR: z.coerce.number().int().min(1).max(100).default(5),
  TOLK_MAP_TILE_URL: z
    .string()
    .regex(
      /^https?:\/\/[^/?#]+\/.*\{z\}.*\{x\}.*\{y\}/,
      'a tile URL template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    )
    .default(OSM_TILES),
  TOLK_MAP_TILE_ATTRIBUTION: z.string().max(1000).default(OSM_CREDIT),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRANSLATION_ENGINES: z.string().optional(),
  TRANSLATION_PREMIUM_ENGINES: z.string().optional(),
  TRANSLATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3000),
  TRANSLATION_CACHE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  APERTIUM_MODES_DIR: z.string().default('/usr/share/apertium/modes'),
  APERTIUM_APY_URL: z.url().optional(),
  LIBRETRANSLATE_URL: z.url().optional(),
  LIBRETRANSLATE_API_KEY: z.string().optional(),
  AZURE_TRANSLATOR_KEY: z.string().optional(),
  AZURE_TRANSLATOR_REGION: z.string().optional(),
  AZURE_TRANSLATOR_ENDPOINT: z.url().default('https://api.cognitive.microsofttranslator.com'),
  DEEPL_API_KEY: z.string().optional(),
  DEEPL_API_URL: z.url().optional(),
  GOOGLE_TRANSLATE_API_KEY: z.string().optional(),
  GOOGLE_TRANSLATE_URL: z.url().default('https://translation.googleapis.com'),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().optional(),
  OPENAI_LANGUAGES: z.string().optional(),
  ...paymentsEnvironment,
  ...storageEnvironment,
  ...speechEnvironment,
});

export const TRANSLATION_ENGINE_NAMES = [
  'apertium',
  'apertium-apy',
  'libretranslate',
  'azure',
  'deepl',
  'google',
  'openai',
] as const;
export type TranslationEngineName = (typeof TRANSLATION_ENGINE_NAMES)[number];

/** One configured engine with what it needs to run; the order of `TRANSLATION_ENGINES` is kept. */
export type TranslationEngineConfig =
  | { name: 'apertium'; modesDir: string }
  | { name: 'apertium-apy'; url: string }
  | { name: 'libretranslate'; url: string; apiKey: string | undefined }
  | { name: 'azure'; key: string; region: string | undefined; endpoint: string }
  | { name: 'deepl'; key: string; url: string }
  | { name: 'google'; key: string; url: string }
  | { name: 'openai'; baseUrl: string; apiKey: string | undefined; model: string; languages: string[] | undefined };

export interface TranslationConfig {
  /** In routing order: per language pair, the first engine that supports it translates. */
  engines: TranslationEngineConfig[];
  /** Tried first for active subscribers' own muses and plazas (TRANSLATION_PREMIUM_ENGINES), in order. */
  premiumEngines: TranslationEngineConfig[];
  /** Per engine call, per attempt. */
  timeoutMs: number;
  /** Translations kept in process in front of the SQL translation memory. */
  cacheSize: number;
}

export interface Config {
  /**
   * Days references' clock runs ahead of the real one (TOLK_REFERENCES_CLOCK_OFFSET_DAYS): lets an
   * end-to-end test reach what becomes writable days later. 0 anywhere real.
   */
  referencesClockOffsetDays: number;
  port: number;
  host: string;
  /**
   * Connections the kernel holds for the server to accept (TOLK_LISTEN_BACKLOG, capped by
   * net.core.somaxconn). Node's 511 is too few when every socket comes back after a restart:
   * connections past it are dropped and their clients wait out TCP's retries (1, 2, 4, 8, 16 s).
   */
  listenBacklog: number;
  dataDir: string;
  /** PostgreSQL connection string; absent means embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** PGlite only: where the database lives. `memory://` keeps it in memory. */
  pgliteDir: string;
  /** PGlite only: on its own thread (the default), or on the event loop. */
  pgliteThread: boolean;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  sessionDays: number;
  /** How long a signed-in caller is used again without reading the session (revocations still end it at once). */
  sessionCacheMs: number;
  /** Origins allowed for cookie-authenticated writes besides the request's own host. */
  publicOrigins: string[];
  trustProxy: boolean;
  /** Built web app; absent folder means API only. */
  webDir: string;
  logLevel: string;
  translation: TranslationConfig;
  /** Socket.IO events between instances (and shared rate limits) go through Redis when set. */
  redisUrl: string | undefined;
  /** How long a guest's plaza lives, and how long a join code works. */
  plazaGuestHours: number;
  plazaCodeHours: number;
  /** On SIGTERM, how long requests under way may take before their connections are cut. */
  shutdownGraceMs: number;
  /** Load the Japanese dictionary and the translation pipelines in use at start-up, in the background. */
  warmUp: boolean;
  notifications: NotificationsConfig;
  /** Outgoing mail: an SMTP server, or the embedded mailbox when none is set. */
  mail: MailConfig;
  /** How long a claimed outbox job is its instance's before another takes it (a crashed instance's work resumes then). */
  outboxLeaseMs: number;
  /** The address people reach this server on, for links handed to other devices (invites). */
  publicUrl: string | undefined;
  limits: RequestLimits;
  /** Where maps take their tiles from (the browser loads them; the page's policy allows that origin). */
  mapTiles: MapTiles;
  payments: PaymentsConfig;
  metrics: MetricsConfig;
  /** The bucket photos are kept in; absent keeps them on the local disk under dataDir/uploads. */
  s3: S3Config | undefined;
  /** Speech engines and their limits (TOLK_STT_*, TOLK_TTS_*). */
  speech: SpeechConfig;
}

export interface NotificationsConfig {
  /**
   * How long after a muse the members who have not read it are notified (readers on the screen
   * have by then); null tells nobody of muses (bench/notifications.ts measures the difference).
   */
  museDelayMs: number | null;
  /** The contact push services may write to about this server: TOLK_VAPID_SUBJECT, else the mail sender. */
  vapidSubject: string;
  /** How long notifications stay unread before a digest mail tells of them. */
  digestDelayMs: number;
  /** At most one digest mail per member in this long. */
  digestPeriodMs: number;
}

/** GET /metrics: off, open (TOLK_METRICS=true), or behind a bearer token (TOLK_METRICS_TOKEN). */
export interface MetricsConfig {
  enabled: boolean;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token: string | undefined;
}

export interface MapTiles {
  /** A Leaflet URL template: {z}/{x}/{y}, and {s} for a subdomain. */
  url: string;
  /** Who the tiles are by, as HTML. */
  attribution: string;
  /** The origin img-src must allow: `https://*.tiles.example` where {s} picks a subdomain. */
  origin: string;
}

/** The origin of a tile URL template, as a Content-Security-Policy source. */
export function tileOrigin(template: string): string {
  const [, scheme, host] = /^(https?):\/\/([^/?#]+)/.exec(template) ?? [];
  if (!scheme || !host) throw new Error(`not a tile URL: ${template}`);
  return `${scheme}://${host.replace(/\{[a-z]+\}/g, '*')}`;
}

/** Every per-route request limit, in one place (README: configuration). */
export interface RequestLimits {
  /** Past saturation new muses are refused rather than queued: at this much work on hand, or this event-loop delay (p99, ms). */
  shedding: { maxBacklog: number; maxLoopDelayMs: number };
  /** Registrations per address per hour. */
  registerPerHour: number;
  /** "Forgot password?" requests (and reset attempts) per address per hour. */
  forgotPasswordPerHour: number;
  /** POST /api/translate per caller per minute. */
  translatePerMinute: number;
  /** GET /api/cities per caller per minute: by account for members, by address for guests. */
  citySearchesPerMinute: number;
  /** Muses per account per minute, over HTTP and, counted apart, over sockets. */
  musesPerMinute: number;
  /** Plazas opened per guest address per hour (members get ten times as many). */
  plazasPerHour: number;
  /** Plaza joins by code per guest address per hour (members: ten times). */
  plazaJoinsPerHour: number;
  /** Plaza muses per guest per minute (members: ten times). */
  plazaMusesPerMinute: number;
  /** Connect requests per account per day. */
  connectRequestsPerDay: number;
  /** Reports per account per day. */
  reportsPerDay: number;
  /** Photos a member uploads per day (avatar, records, muses). */
  photoUploadsPerDay: number;
  /** Active subscribers get this many times the connect-request, plaza and photo-upload limits. */
  subscriberFactor: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL= in a shell or .env) means unset, not an invalid value.
  const parsed = environmentSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.TOLK_DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    listenBacklog: e.TOLK_LISTEN_BACKLOG,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pglite'),
    pgliteThread: e.TOLK_PGLITE_THREAD,
    adminPassword: e.TOLK_ADMIN_PASSWORD,
    jwtSecret: e.TOLK_JWT_SECRET,
    sessionDays: e.TOLK_SESSION_DAYS,
    sessionCacheMs: e.TOLK_SESSION_CACHE_SECONDS * 1000,
    publicOrigins: (e.TOLK_PUBLIC_ORIGIN ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
    trustProxy: e.TOLK_TRUST_PROXY,
    // src/ and dist/ sit at the same depth, so this holds for the source and the bundle.
    webDir: path.resolve(e.TOLK_WEB_DIR ?? path.join(here, '../../web/dist')),
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.TOLK_SHUTDOWN_GRACE_SECONDS * 1000,
    warmUp: e.TOLK_WARM_UP,
    referencesClockOffsetDays: e.TOLK_REFERENCES_CLOCK_OFFSET_DAYS,
    notifications: {
      museDelayMs: e.TOLK_MUSE_NOTICE_DELAY_SECONDS * 1000,
      vapidSubject: e.TOLK_VAPID_SUBJECT ?? `mailto:${mailAddress(e.TOLK_MAIL_FROM)}`,
      digestDelayMs: e.TOLK_DIGEST_DELAY_MINUTES * 60_000,
      digestPeriodMs: e.TOLK_DIGEST_PERIOD_HOURS * 60 * 60_000,
    },
    mail: { smtpUrl: e.TOLK_SMTP_URL, from: e.TOLK_MAIL_FROM },
    outboxLeaseMs: e.TOLK_OUTBOX_LEASE_SECONDS * 1000,
    publicUrl: e.TOLK_PUBLIC_URL,
    mapTiles: {
      url: e.TOLK_MAP_TILE_URL,
      attribution: e.TOLK_MAP_TILE_ATTRIBUTION,
      origin: tileOrigin(e.TOLK_MAP_TILE_URL),
    },
    limits: {
      registerPerHour: e.TOLK_LIMIT_REGISTER_PER_HOUR,
      forgotPasswordPerHour: e.TOLK_LIMIT_FORGOT_PASSWORD_PER_HOUR,
      translatePerMinute: e.TOLK_LIMIT_TRANSLATE_PER_MINUTE,
      citySearchesPerMinute: e.TOLK_LIMIT_CITY_SEARCHES_PER_MINUTE,
      musesPerMinute: e.TOLK_LIMIT_MUSES_PER_MINUTE,
      shedding: { maxBacklog: e.TOLK_SHED_SEND_BACKLOG, maxLoopDelayMs: e.TOLK_SHED_LOOP_DELAY_MS },
      plazasPerHour: e.TOLK_LIMIT_PLAZAS_PER_HOUR,
      plazaJoinsPerHour: e.TOLK_LIMIT_PLAZA_JOINS_PER_HOUR,
      plazaMusesPerMinute: e.TOLK_LIMIT_PLAZA_MUSES_PER_MINUTE,
      connectRequestsPerDay: e.TOLK_LIMIT_CONNECT_REQUESTS_PER_DAY,
      reportsPerDay: e.TOLK_LIMIT_REPORTS_PER_DAY,
      photoUploadsPerDay: e.TOLK_LIMIT_PHOTO_UPLOADS_PER_DAY,
      subscriberFactor: e.TOLK_SUBSCRIBER_LIMIT_FACTOR,
    },
    redisUrl: e.REDIS_URL,
    plazaGuestHours: e.TOLK_PLAZA_GUEST_HOURS,
    plazaCodeHours: e.TOLK_PLAZA_CODE_HOURS,
    translation: translationConfig(e, env),
    payments: paymentsConfig(e),
    metrics: metricsConfig(e),
    s3: storageConfig(e),
    speech: speechConfig(e),
  };
}

function metricsConfig(e: z.infer<typeof environmentSchema>): MetricsConfig {
  if (e.TOLK_METRICS_TOKEN === undefined) return { enabled: e.TOLK_METRICS ?? false, token: undefined };
  if (e.TOLK_METRICS === false) {
    throw new Error(
      'Invalid configuration:\n  TOLK_METRICS: false turns metrics off, but TOLK_METRICS_TOKEN is set: unset one of them',
    );
  }
  return { enabled: true, token: e.TOLK_METRICS_TOKEN };
}

/** An executable on PATH, found without running it. */
function onPath(command: string, env: NodeJS.ProcessEnv): boolean {
  const dirs = (env.PATH ?? process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return dirs.some((dir) => {
    try {
      fs.accessSync(path.join(dir, command), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Apertium is usable when its mode printer is installed and at least one language pair is. */
export function apertiumInstalled(modesDir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!onPath('apertium-wblank-mode', env) || !onPath('lt-proc', env)) return false;
  try {
    return fs.readdirSync(modesDir).some((file) => file.endsWith('.mode'));
  } catch {
    return false;
  }
}

/** An engine list as written ("deepl, apertium"): lower-cased names in order. */
const listOf = (listed: string | undefined) =>
  (listed ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);

function translationConfig(e: z.infer<typeof environmentSchema>, env: NodeJS.ProcessEnv): TranslationConfig {
  const listed = e.TRANSLATION_ENGINES?.trim();
  // With nothing configured the embedded default is the local engine, where it is installed.
  const names =
    listed === undefined
      ? apertiumInstalled(e.APERTIUM_MODES_DIR, env)
        ? ['apertium']
        : []
      : listed.toLowerCase() === 'none'
        ? []
        : listOf(listed);
  const problems: string[] = [];
  const configsOf = (names: readonly string[], list: string): TranslationEngineConfig[] => {
    const engines: TranslationEngineConfig[] = [];
    const need = (value: string | undefined, variable: string, engine: string): string => {
      if (!value) problems.push(`  ${variable}: required when ${list} lists ${engine}`);
      return value ?? '';
    };
    for (const name of new Set(names)) {
      switch (name) {
        case 'apertium':
          if (!apertiumInstalled(e.APERTIUM_MODES_DIR, env)) {
            problems.push(
              `  ${list}: apertium is listed but apertium-wblank-mode, lt-proc or a language pair in ${e.APERTIUM_MODES_DIR} is missing`,
            );
          }
          engines.push({ name, modesDir: e.APERTIUM_MODES_DIR });
          break;
        case 'apertium-apy':
          engines.push({ name, url: need(e.APERTIUM_APY_URL, 'APERTIUM_APY_URL', name) });
          break;
        case 'libretranslate':
          engines.push({
            name,
            url: need(e.LIBRETRANSLATE_URL, 'LIBRETRANSLATE_URL', name),
            apiKey: e.LIBRETRANSLATE_API_KEY,
          });
          break;
        case 'azure':
          engines.push({
            name,
            key: need(e.AZURE_TRANSLATOR_KEY, 'AZURE_TRANSLATOR_KEY', name),
            region: e.AZURE_TRANSLATOR_REGION,
            endpoint: e.AZURE_TRANSLATOR_ENDPOINT,
          });
          break;
        case 'deepl': {
          const key = need(e.DEEPL_API_KEY, 'DEEPL_API_KEY', name);
          // DeepL's free keys end in ":fx" and only work on the free API host.
          const url = e.DEEPL_API_URL ?? (key.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com');
          engines.push({ name, key, url });
          break;
        }
        case 'google':
          engines.push({
            name,
            key: need(e.GOOGLE_TRANSLATE_API_KEY, 'GOOGLE_TRANSLATE_API_KEY', name),
            url: e.GOOGLE_TRANSLATE_URL,
          });
          break;
        case 'openai':
          engines.push({
            name,
            baseUrl: need(e.OPENAI_BASE_URL, 'OPENAI_BASE_URL', name),
            apiKey: e.OPENAI_API_KEY,
            model: need(e.OPENAI_MODEL, 'OPENAI_MODEL', name),
            languages: e.OPENAI_LANGUAGES?.split(',')
              .map((code) => code.trim())
              .filter(Boolean),
          });
          break;
        default:
          problems.push(`  ${list}: unknown engine "${name}" (known: ${TRANSLATION_ENGINE_NAMES.join(', ')})`);
      }
    }
    return engines;
  };
  const engines = configsOf(names, 'TRANSLATION_ENGINES');
  const premiumEngines = configsOf(listOf(e.TRANSLATION_PREMIUM_ENGINES), 'TRANSLATION_PREMIUM_ENGINES');
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return { engines, premiumEngines, timeoutMs: e.TRANSLATION_TIMEOUT_MS, cacheSize: e.TRANSLATION_CACHE_SIZE };
}

/** The address of a From such as `Tolk <no-reply@example.org>`. */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}
