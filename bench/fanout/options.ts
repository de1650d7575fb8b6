// Fan-out bench flags, the sizes they give, the muse texts and the send pattern (jobs) every run shares.
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    conversations: { type: 'string', default: '50' },
    languages: { type: 'string', default: '4' },
    muses: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '8' },
    via: { type: 'string', default: 'socket' },
    repeat: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '4' },
  },
});
if (args.via !== 'socket' && args.via !== 'http') throw new Error(`--via must be socket or http, not ${args.via}`);
/** How Tolk's senders send: over their open socket (as the web app does when connected) or by POST. */
export const VIA = args.via;

function positive(name: string, raw: string, max = Infinity): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`--${name} must be a whole number from 1 to ${max}, not ${raw}`);
  }
  return value;
}

export const ALL_LANGUAGES = ['en', 'es', 'fr', 'pt'] as const;
export type Language = (typeof ALL_LANGUAGES)[number];
const CLIENTS = positive('clients', args.clients);
export const CONVERSATIONS = positive('conversations', args.conversations, CLIENTS);
export const LANGUAGE_COUNT = positive('languages', args.languages, ALL_LANGUAGES.length);
export const MUSES = positive('muses', args.muses);
export const CONCURRENCY = positive('concurrency', args.concurrency);
/** The measured rounds run this many times in a row; throughput is the median, latency pools them all. */
export const REPEAT = positive('repeat', args.repeat);
/** Unmeasured rounds first, so the measured ones run on compiled code and warm caches. */
const WARMUP = positive('warmup', args.warmup);
export const LANGUAGES = ALL_LANGUAGES.slice(0, LANGUAGE_COUNT);
export const GROUP_SIZE = Math.floor(CLIENTS / CONVERSATIONS);
if (GROUP_SIZE < 2) throw new Error('each conversation needs at least two members (--clients / --conversations ≥ 2)');
/** Clients beyond M × floor(N/M) would sit in no conversation: the run uses exactly M × floor(N/M). */
export const N = GROUP_SIZE * CONVERSATIONS;
export const LANGUAGES_PER_GROUP = Math.min(LANGUAGE_COUNT, GROUP_SIZE);
export const DELIVERY_TIMEOUT_MS = 30_000;
export const PASSWORD = 'Bench-password-1';

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

/** Member j of a group reads LANGUAGES[j % L]; member j < L of each group is its sender for that language. */
export const languageOf = (memberInGroup: number) => LANGUAGES[memberInGroup % LANGUAGE_COUNT]!;
export const clientIndex = (conversation: number, member: number) => conversation * GROUP_SIZE + member;

export interface Job {
  conversation: number;
  /** Member index inside the group. */
  sender: number;
  language: Language;
  text: string;
  measured: boolean;
}

/** Rounds 0..warmup-1 (unmeasured) warm the code; the next --muses rounds are measured. Round-major, so neighbours differ. */
export function jobs(): Job[] {
  const out: Job[] = [];
  for (let round = 0; round < WARMUP + MUSES; round++) {
    for (let conversation = 0; conversation < CONVERSATIONS; conversation++) {
      const sender = round % LANGUAGES_PER_GROUP;
      const language = languageOf(sender);
      const texts = TEXTS[language];
      out.push({
        conversation,
        sender,
        language,
        text: texts[Math.floor(round / LANGUAGES_PER_GROUP) % texts.length]!,
        measured: round >= WARMUP,
      });
    }
  }
  return out;
}
