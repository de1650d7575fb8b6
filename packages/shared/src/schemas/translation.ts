import { z } from 'zod';
import { toTranslationLanguage } from '../languages';
import { languageCodeSchema } from './auth';

import { TRANSLATE_MAX_TARGETS, TRANSLATE_MAX_TEXTS, TRANSLATE_MEMBER_TEXT_MAX } from '../limits';

export {
  NOTHING_TO_TRANSLATE,
  TRANSLATE_GUEST_TEXT_MAX,
  TRANSLATE_MAX_TARGETS,
  TRANSLATE_MAX_TEXTS,
  TRANSLATE_MEMBER_TEXT_MAX,
} from '../limits';

/** A language code we translate (en, pt-BR, zh-Hans...), resolved to its base code. */
export const translationLanguageSchema = z
  .string()
  .trim()
  .min(1, 'Required.')
  .max(35, 'Not a language code.')
  .refine((code) => toTranslationLanguage(code) !== undefined, { message: 'Unknown language code.' })
  .transform((code) => toTranslationLanguage(code) ?? code);

export const translateInputSchema = z.object({
  texts: z
    .array(
      z
        .string()
        .max(TRANSLATE_MEMBER_TEXT_MAX, `At most ${TRANSLATE_MEMBER_TEXT_MAX} characters.`)
        .refine((text) => text.trim().length > 0, { message: 'Required.' }),
    )
    .min(1, 'Give at least one text.')
    .max(TRANSLATE_MAX_TEXTS, `At most ${TRANSLATE_MAX_TEXTS} texts per request.`),
  to: z
    .array(translationLanguageSchema)
    .min(1, 'Give at least one language to translate into.')
    .max(TRANSLATE_MAX_TARGETS, `At most ${TRANSLATE_MAX_TARGETS} languages per request.`),
  /** The language of every text; detected per text when absent. */
  from: translationLanguageSchema.optional(),
});
export type TranslateInput = z.input<typeof translateInputSchema>;

/**
 * ready: translated; skipped: `text` is the source, untouched, either because it is already in
 * that language (no `reason`) or because it has no letters outside links, names, numbers, emoji
 * and code (`reason` is NOTHING_TO_TRANSLATE); pending: still being translated, an update
 * follows; unavailable: no engine could translate it, `reason` says why and `text` is null.
 */
export const TRANSLATION_STATES = ['ready', 'skipped', 'pending', 'unavailable'] as const;
export const translationStateSchema = z.enum(TRANSLATION_STATES);
/** The `reason` of a `skipped` text with no words to translate ("😀 https://x.org 42"). */
export type TranslationState = z.infer<typeof translationStateSchema>;

export const translatedTextSchema = z.object({
  to: z.string(),
  text: z.string().nullable(),
  /** Latin-script reading of `text` when it is written in another script. */
  transliteration: z.string().nullable(),
  engine: z.string().nullable(),
  state: translationStateSchema,
  /** Why a text is `unavailable`, or NOTHING_TO_TRANSLATE for a `skipped` text without words. */
  reason: z.string().optional(),
  /** The language the engine translated through when it has no direct pair (en -> es -> fr). */
  pivot: z.string().optional(),
});
export type TranslatedText = z.infer<typeof translatedTextSchema>;

export const DETECTION_METHODS = ['given', 'detected', 'fallback'] as const;

export const translationResultSchema = z.object({
  source: z.string(),
  from: z.string(),
  /** How `from` was chosen, and how sure detection was (null when given). */
  detection: z.object({ method: z.enum(DETECTION_METHODS), confidence: z.number().nullable() }),
  transliteration: z.string().nullable(),
  translations: z.array(translatedTextSchema),
});
export type TranslationResult = z.infer<typeof translationResultSchema>;

export const translateResponseSchema = z.object({ results: z.array(translationResultSchema) });
export type TranslateResponse = z.infer<typeof translateResponseSchema>;

export const languageInfoSchema = z.object({
  code: z.string(),
  name: z.string(),
  direction: z.enum(['ltr', 'rtl']),
});
export type LanguageInfo = z.infer<typeof languageInfoSchema>;

export const translationPairSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The engine routing picks for this pair now. */
  engine: z.string(),
  pivot: z.string().nullable(),
});
export type TranslationPair = z.infer<typeof translationPairSchema>;

export const languagesResponseSchema = z.object({
  interface: z.array(languageInfoSchema),
  translation: z.object({
    languages: z.array(languageInfoSchema),
    pairs: z.array(translationPairSchema),
  }),
});
export type LanguagesResponse = z.infer<typeof languagesResponseSchema>;

export const BREAKER_STATES = ['closed', 'open', 'half-open'] as const;

export const engineStatusSchema = z.object({
  name: z.string(),
  health: z.enum(['ok', 'degraded', 'down', 'unknown']),
  breaker: z.object({
    state: z.enum(BREAKER_STATES),
    consecutiveFailures: z.number(),
    /** When an open breaker lets the next trial call through. */
    retryAt: z.string().nullable(),
  }),
  pairs: z.number(),
  calls: z.number(),
  texts: z.number(),
  failures: z.number(),
  retries: z.number(),
  inFlight: z.number(),
  lastError: z.object({ message: z.string(), at: z.string() }).nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type EngineStatus = z.infer<typeof engineStatusSchema>;

export const translationStatusSchema = z.object({
  engines: z.array(engineStatusSchema),
  memory: z.object({
    cached: z.number(),
    capacity: z.number(),
    lookups: z.number(),
    cacheHits: z.number(),
    storeHits: z.number(),
    /** (cache hits + store hits) / lookups, 0 before the first lookup. */
    hitRate: z.number(),
  }),
});
export type TranslationStatus = z.infer<typeof translationStatusSchema>;

export const TRANSLATION_FLAGS_PAGE_SIZE = 30;
export const TRANSLATION_FLAGS_PAGE_MAX = 100;

/** A reader flags the translation of a muse they can read into one language (POST /muses/:id/flags). */
export const flagTranslationInputSchema = z.object({
  to: languageCodeSchema,
});
export type FlagTranslationInput = z.infer<typeof flagTranslationInputSchema>;

/** The flag, the same one however often the member flags the same translation. */
export const translationFlagReceiptSchema = z.object({ id: z.uuid(), createdAt: z.string() });
export type TranslationFlagReceipt = z.infer<typeof translationFlagReceiptSchema>;

export const translationFlagsQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(TRANSLATION_FLAGS_PAGE_MAX).default(TRANSLATION_FLAGS_PAGE_SIZE),
});
export type TranslationFlagsQuery = z.input<typeof translationFlagsQuerySchema>;

/** One flag as superadmins read it: the text pair, its engine and languages, who flagged it where. */
export const translationFlagSchema = z.object({
  id: z.uuid(),
  /** The tenant's slug. */
  tenant: z.string(),
  flaggedBy: z.object({ id: z.uuid(), username: z.string(), displayName: z.string() }),
  museId: z.uuid().nullable(),
  engine: z.string(),
  pivot: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  sourceText: z.string(),
  targetText: z.string(),
  createdAt: z.string(),
});
export type TranslationFlag = z.infer<typeof translationFlagSchema>;
export const translationFlagsPageSchema = z.object({
  items: z.array(translationFlagSchema),
  nextCursor: z.string().nullable(),
});
export type TranslationFlagsPage = z.infer<typeof translationFlagsPageSchema>;
