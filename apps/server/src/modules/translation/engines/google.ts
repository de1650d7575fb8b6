import { z } from 'zod';
import { notranslateSpanMarkup } from '../protected-text';
import { allPairs, ourLanguages, type TranslationEngine } from './engine';
import { translateHtmlPerTarget } from './html-per-target';
import { endpoint, getJson, requestJson } from './http';

const NAME = 'google';

export interface GoogleOptions {
  key: string;
  url: string;
}

/** Google's codes where ours differ: Chinese needs its script, Norwegian is "no". */
const GOOGLE_CODES: Record<string, string> = { zh: 'zh-CN', nb: 'no' };
const googleCode = (code: string) => GOOGLE_CODES[code] ?? code;

const translateResponse = z.object({
  data: z.object({ translations: z.array(z.object({ translatedText: z.string() })) }),
});
const languagesResponse = z.object({ data: z.object({ languages: z.array(z.object({ language: z.string() })) }) });

/**
 * Google Cloud Translation, Basic (v2): up to 128 texts per call, one target. HTML mode, where
 * `<span translate="no">` is left alone.
 */
export function createGoogleEngine(options: GoogleOptions): TranslationEngine {
  const url = (path: string) => endpoint(options.url, path, new URLSearchParams({ key: options.key }));

  return {
    name: NAME,
    // 128 texts documented; Google recommends at most 5,000 characters per text and keeps requests small.
    limits: { maxTexts: 128, maxChars: 30_000, maxTargets: 1, concurrency: 8 },
    sentLength: (parts) => notranslateSpanMarkup.encode(parts).length,
    pivots: ['en'],

    async languagePairs(signal) {
      const body = await getJson(NAME, url('language/translate/v2/languages'), languagesResponse, { signal });
      const codes = ourLanguages(body.data.languages.map((language) => language.language));
      return allPairs(codes, codes);
    },

    translate: (batch, signal) =>
      translateHtmlPerTarget(batch, async (q, to) => {
        const body = await requestJson(
          NAME,
          url('language/translate/v2'),
          { body: { q, source: googleCode(batch.from), target: googleCode(to), format: 'html' }, signal },
          translateResponse,
        );
        return body.data.translations.map((translation) => translation.translatedText);
      }),
  };
}
