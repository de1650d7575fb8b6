import type { TranslateInput, TranslateResponse, TranslatedText } from '@tolk/shared/schemas/translation';

/** What the stand-in engine knows: a text's versions by language; null is a pair no engine makes. */
export type Versions = Record<string, Record<string, string | null>>;

/**
 * POST /api/translate as the server answers it, for tests that mock lib/http's `post`: a text in
 * its own language comes back skipped, an unknown pair unavailable with the server's reason, and
 * the source language is `from` or, absent, `detected`.
 */
export function translateAnswer(versions: Versions, body: TranslateInput, detected = 'en'): TranslateResponse {
  const from = body.from ?? detected;
  return {
    results: body.texts.map((text) => ({
      source: text,
      from,
      detection: { method: body.from ? ('given' as const) : ('detected' as const), confidence: body.from ? null : 0.9 },
      transliteration: null,
      translations: body.to.map((to): TranslatedText => {
        if (to === from) return { to, text, transliteration: null, engine: null, state: 'skipped' };
        const version = versions[text]?.[to];
        return version
          ? { to, text: version, transliteration: null, engine: 'apertium', state: 'ready' }
          : {
              to,
              text: null,
              transliteration: null,
              engine: null,
              state: 'unavailable',
              reason: `no translation engine for ${from} to ${to}`,
            };
      }),
    })),
  };
}

/** The translate requests among a mocked `post`'s calls, as (from, to, text). */
export function translateCalls(calls: readonly unknown[][]): { from: string | undefined; to: string; text: string }[] {
  return calls
    .filter(([url]) => url === '/translate')
    .map(([, body]) => {
      const input = body as TranslateInput;
      return { from: input.from, to: input.to.join(), text: input.texts.join() };
    });
}
