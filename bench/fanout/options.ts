// Fan-out and sockets bench flags, the sizes they give, the muse texts and who sends. Every process of a run
// (the parent, the server and the client processes) parses the same flags.
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    via: { type: 'string', default: 'http' },
    servers: { type: 'string', default: 'ws,relay,tolk' },
    groups: { type: 'string', default: '5' },
    members: { type: 'string', default: '20' },
    devices: { type: 'string', default: '10' },
    languages: { type: 'string', default: '4' },
    'client-processes': { type: 'string', default: '2' },
    offered: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '10' },
    'step-seconds': { type: 'string', default: '4' },
    'hold-seconds': { type: 'string', default: '6' },
    // Tolk's server process runs the bundle, as `npm start` does (build), or the TypeScript through tsx (source).
    'server-from': { type: 'string', default: 'build' },
    // bench/sockets.ts
    restart: { type: 'string', default: 'graceful' },
    'storm-seconds': { type: 'string', default: '10' },
  },
});

function oneOf<T extends string>(name: string, raw: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(raw)) throw new Error(`--${name} must be ${allowed.join(' or ')}`);
  return raw as T;
}

function positive(name: string, raw: string, max = Infinity): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`--${name} must be a whole number from 1 to ${max}, not ${raw}`);
  }
  return value;
}

export const SERVER_KINDS = ['ws', 'relay', 'tolk'] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

/** Tolk's database: embedded PGlite, or a fresh PostgreSQL database made from DATABASE_URL's server. */
export const DB = oneOf('db', args.db, ['pglite', 'postgres'] as const);
/** How senders send: POST /api/conversations/:id/muses, or `muse:send` over their open socket. */
export const VIA = oneOf('via', args.via, ['http', 'socket'] as const);
/** Whether the server process runs bundled code, as in production, or the TypeScript sources through tsx. */
export const SERVER_FROM = oneOf('server-from', args['server-from'], ['build', 'source'] as const);
export const SERVERS = args.servers.split(',').map((kind) => oneOf('servers', kind, SERVER_KINDS));
export const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const ALL_LANGUAGES = ['en', 'es', 'fr', 'pt'] as const;
export type Language = (typeof ALL_LANGUAGES)[number];
export const GROUPS = positive('groups', args.groups);
export const MEMBERS = positive('members', args.members);
if (MEMBERS < 2) throw new Error('a group needs at least two members');
/** Sockets per member: each a device with its own session. */
export const DEVICES = positive('devices', args.devices);
export const LANGUAGE_COUNT = positive('languages', args.languages, ALL_LANGUAGES.length);
export const LANGUAGES = ALL_LANGUAGES.slice(0, LANGUAGE_COUNT);
export const CLIENT_PROCESSES = positive('client-processes', args['client-processes'], 16);
/** Deliveries per second offered in the latency phase. */
export const OFFERED = positive('offered', args.offered);
export const LOAD_SECONDS = positive('seconds', args.seconds);
export const STEP_SECONDS = positive('step-seconds', args['step-seconds']);
export const HOLD_SECONDS = positive('hold-seconds', args['hold-seconds']);
/** bench/sockets.ts: how the server goes down (closed as a deploy closes it, or killed), and how long muses are sent from then on. */
export const RESTART = oneOf('restart', args.restart, ['graceful', 'kill'] as const);
export const STORM_SECONDS = positive('storm-seconds', args['storm-seconds']);

export const ACCOUNTS = GROUPS * MEMBERS;
export const SOCKETS = ACCOUNTS * DEVICES;
/** Every socket of a group receives each of its muses, the sender's own included. */
export const GROUP_SOCKETS = MEMBERS * DEVICES;
/** Member m < SENDERS_PER_GROUP of each group sends in its language, from its first device. */
export const SENDERS_PER_GROUP = Math.min(LANGUAGE_COUNT, MEMBERS);
export const PASSWORD = 'Bench-password-1';

/** Member m of a group reads LANGUAGES[m % L]. */
export const languageOf = (member: number) => LANGUAGES[member % LANGUAGE_COUNT]!;
export const accountIndex = (group: number, member: number) => group * MEMBERS + member;
/** Which client process holds an account's sockets: every group is spread over all of them. */
export const processOf = (account: number) => account % CLIENT_PROCESSES;

export const TEXTS: Record<Language, string[]> = {
  en: ['Good morning, my friend.', 'The train leaves at nine tonight.', 'Thank you for the lovely dinner.'],
  es: ['Buenos días, amigo mío.', 'El tren sale a las nueve esta noche.', 'Gracias por la cena tan rica.'],
  fr: ['Bonjour, mon ami.', 'Le train part à neuf heures ce soir.', 'Merci pour le bon dîner.'],
  pt: ['Bom dia, meu amigo.', 'O comboio parte às nove esta noite.', 'Obrigado pelo jantar delicioso.'],
};

/** Texts nobody has sent: a number no other muse of the run has. */
export const COLD_TEXTS: Record<Language, (n: number) => string> = {
  en: (n) => `I have ${n} apples in the kitchen.`,
  es: (n) => `Tengo ${n} manzanas en la cocina.`,
  fr: (n) => `J'ai ${n} pommes dans la cuisine.`,
  pt: (n) => `Tenho ${n} maçãs na cozinha.`,
};
