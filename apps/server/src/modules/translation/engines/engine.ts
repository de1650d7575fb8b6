import { toTranslationLanguage, type TranslationLanguage } from '@tolk/shared/languages';
import type { TextPart } from '../protected-text';

/** A direction an engine translates in, in our language codes. */
export interface LanguagePair {
  from: string;
  to: string;
}

export interface EngineLimits {
  /** Texts per call. */
  maxTexts: number;
  /**
   * Characters per call, summed over the texts as the engine sends them (markup included, see
   * `TranslationEngine.sentLength`), and multiplied by the number of targets when
   * `charsPerTarget` is set.
   */
  maxChars: number;
  /**
   * The vendor counts a call's characters once per target language (Azure: 10,000 characters
   * into 5 languages are 50,000), so more targets per call leave room for fewer texts.
   */
  charsPerTarget?: boolean;
  /** Target languages per call; most engines take one. */
  maxTargets: number;
  /** Calls in flight at once. */
  concurrency: number;
}

/** What one call costs against `maxChars`: the characters sent, times the targets where the vendor counts so. */
export function callChars(limits: EngineLimits, sentChars: number, targets: number): number {
  return limits.charsPerTarget ? sentChars * targets : sentChars;
}

export interface EngineBatch {
  from: string;
  to: readonly string[];
  /** Each text split into parts to translate and parts to keep as written (see protected-text.ts). */
  texts: readonly (readonly TextPart[])[];
}

export interface LanguageGuess {
  language: string;
  confidence: number;
}

/**
 * One translation engine. Engines translate; routing, memory, batching, retries, timeouts and
 * the circuit breaker live around them (translation.service.ts, engine-runner.ts), so an engine
 * only speaks its vendor's protocol.
 */
export interface TranslationEngine {
  readonly name: string;
  readonly limits: EngineLimits;
  /** Languages to translate through when there is no direct pair, best first. */
  readonly pivots: readonly string[];
  languagePairs(signal: AbortSignal): Promise<LanguagePair[]>;
  /**
   * Characters of one text as this engine sends it (with its placeholder markup), for
   * `limits.maxChars`; the text's own length when absent.
   */
  sentLength?(parts: readonly TextPart[]): number;
  /**
   * `result[text][target]`: the translation with its protected parts restored, or null where the
   * engine lost or duplicated a placeholder (the caller then translates the text piece by piece).
   */
  translate(batch: EngineBatch, signal: AbortSignal): Promise<(string | null)[][]>;
  detect?(texts: readonly string[], signal: AbortSignal): Promise<(LanguageGuess | null)[]>;
  /** Latin-script readings of texts in `language`; null where the engine has none. */
  transliterate?(texts: readonly string[], language: string, signal: AbortSignal): Promise<(string | null)[]>;
  /**
   * Loads what the first call for these pairs would load (a local engine's processes and
   * dictionaries), so no reader waits for it. Engines with nothing to load leave it out.
   */
  warm?(pairs: readonly LanguagePair[], signal: AbortSignal): Promise<void>;
  /** Engine-specific figures for the status page (running pipelines, say). */
  describe?(): Record<string, string | number>;
  close?(): Promise<void>;
}

export interface EngineErrorOptions {
  /** Worth trying again: timeouts, network errors, 429 and 5xx. */
  retryable: boolean;
  status?: number;
  /** From Retry-After. */
  retryAfterMs?: number;
  cause?: unknown;
}

/** A failed engine call; its message is safe to show as an "unavailable" reason. */
export class EngineError extends Error {
  readonly retryable: boolean;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  constructor(
    readonly engine: string,
    message: string,
    options: EngineErrorOptions,
  ) {
    super(message, { cause: options.cause });
    this.name = 'EngineError';
    this.retryable = options.retryable;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** Why a signal aborted, as an Error (AbortSignal.reason may be anything). */
export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

/** The languages we translate among a vendor's codes, in our codes; the others left out. */
export function ourLanguages(codes: Iterable<string>): TranslationLanguage[] {
  return [...codes]
    .map((code) => toTranslationLanguage(code))
    .filter((code): code is TranslationLanguage => code !== undefined);
}

/** Every ordered pair of distinct languages from two lists. */
export function allPairs(sources: Iterable<string>, targets: Iterable<string>): LanguagePair[] {
  const targetList = [...new Set(targets)];
  const pairs: LanguagePair[] = [];
  for (const from of new Set(sources)) {
    for (const to of targetList) if (from !== to) pairs.push({ from, to });
  }
  return pairs;
}
