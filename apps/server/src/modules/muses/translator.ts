import { detectLanguage } from '../translation';
import type { TranslationService } from '../translation';
import { transliterate } from '../translation';

/** Who wrote a muse, and where: what a translation policy decides by (subscriptions: a subscriber's muse). */
export interface MuseAuthor {
  senderMemberId: string;
  conversationId: string;
}

/** What the conversations module needs from translation: the port it depends on. */
export interface TranslatedText {
  to: string;
  text: string | null;
  transliteration: string | null;
  engine: string | null;
  state: 'ready' | 'skipped' | 'pending' | 'unavailable';
  reason?: string | null;
  pivot?: string | null;
}

export interface MuseTranslator {
  /**
   * One text into several languages in one call; engine trouble is reported in `state` (see
   * isLastingFailure for which failures are final). A throw counts as a transient failure.
   */
  translate(text: string, from: string, to: string[], author?: MuseAuthor): Promise<TranslatedText[]>;
  /** `sure`: the text itself named the language; otherwise it is the fallback. */
  detect(text: string, fallback: string): { language: string; confidence: number; sure: boolean };
  transliterate(text: string, language: string): Promise<string | null>;
}

/**
 * Whether a failed translation is final: `unavailable` with no engine named means no engine has
 * the pair ("no translation engine for X to Y"), which asking again will not change. An engine
 * that was named and failed (down, timed out, circuit open) is transient: the muse is retried.
 */
export const isLastingFailure = (result: TranslatedText) => result.state === 'unavailable' && result.engine === null;

/** en-GB and en read the same. */
export const baseLanguage = (language: string) => language.toLowerCase().split('-')[0] ?? language;

/** The translation module behind the port: one call per muse for all its target languages. */
export function museTranslatorFrom(
  service: TranslationService,
  /** Whether a muse is a subscriber's own (the premium engines first); absent when none is configured. */
  isPremium?: (author: MuseAuthor) => Promise<boolean>,
): MuseTranslator {
  return {
    async translate(text, from, to, author) {
      const premium = author && isPremium ? await isPremium(author) : false;
      const [result] = await service.translate({ texts: [text], from, to, premium });
      return (result?.translations ?? []).map((t) => ({ ...t, reason: t.reason ?? null, pivot: t.pivot ?? null }));
    },
    detect(text, fallback) {
      const detection = detectLanguage(text, { fallback });
      return {
        language: detection.language,
        confidence: detection.confidence ?? 0,
        sure: detection.method === 'detected',
      };
    },
    transliterate: (text, language) => transliterate(text, language),
  };
}
