import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { toTranslationLanguage } from '@tolk/shared/languages';
import { notranslateSpanMarkup, restoreProtected } from '../protected-text';
import { allPairs, ourLanguages, type LanguageGuess, type TranslationEngine } from './engine';
import { endpoint, getJson, requestJson } from './http';

const NAME = 'azure';

export interface AzureOptions {
  key: string;
  /** Required for regional and multi-service resources, absent for global ones. */
  region: string | undefined;
  endpoint: string;
}

/** Our codes where Azure's differ (it spells scripts out). */
const AZURE_CODES: Record<string, string> = { zh: 'zh-Hans', sr: 'sr-Cyrl', tl: 'fil' };
const azureCode = (code: string) => AZURE_CODES[code] ?? code;

/** The script each language's text is written in, for /transliterate. */
const SCRIPTS: Record<string, string> = {
  ar: 'Arab',
  bg: 'Cyrl',
  bn: 'Beng',
  el: 'Grek',
  fa: 'Arab',
  he: 'Hebr',
  hi: 'Deva',
  ja: 'Jpan',
  ko: 'Kore',
  ru: 'Cyrl',
  sr: 'Cyrl',
  th: 'Thai',
  uk: 'Cyrl',
  ur: 'Arab',
  zh: 'Hans',
};

const translateResponse = z.array(z.object({ translations: z.array(z.object({ text: z.string(), to: z.string() })) }));
const languagesResponse = z.object({ translation: z.record(z.string(), z.unknown()) });
const detectResponse = z.array(z.object({ language: z.string(), score: z.number() }));
const transliterateResponse = z.array(z.object({ text: z.string(), script: z.string() }));

/**
 * Azure AI Translator, REST API v3: one call translates up to 1,000 texts into several
 * languages at once, within 50,000 characters counted once per target language; it also detects
 * and transliterates. Protected parts travel as empty `<span class="notranslate">` elements in
 * HTML mode, which Azure leaves in place, and are put back from our copy.
 */
export function createAzureEngine(options: AzureOptions): TranslationEngine {
  const headers = () => ({
    'Ocp-Apim-Subscription-Key': options.key,
    ...(options.region ? { 'Ocp-Apim-Subscription-Region': options.region } : {}),
    'X-ClientTraceId': randomUUID(),
  });
  const url = (path: string, query: Array<[string, string]>) =>
    endpoint(options.endpoint, path, new URLSearchParams([['api-version', '3.0'], ...query]));

  return {
    name: NAME,
    // Documented: 1,000 texts, and 50,000 characters counted once per target language, markup
    // included; sentLength counts what goes out, so the whole allowance can be used.
    limits: { maxTexts: 1000, maxChars: 50_000, charsPerTarget: true, maxTargets: 15, concurrency: 8 },
    sentLength: (parts) => notranslateSpanMarkup.encode(parts).length,
    pivots: ['en'],

    async languagePairs(signal) {
      const body = await getJson(NAME, url('languages', [['scope', 'translation']]), languagesResponse, { signal });
      const codes = ourLanguages(Object.keys(body.translation));
      return allPairs(codes, codes);
    },

    async translate(batch, signal) {
      const query: Array<[string, string]> = [
        ['from', azureCode(batch.from)],
        ...batch.to.map((to): [string, string] => ['to', azureCode(to)]),
        ['textType', 'html'],
      ];
      const body = await requestJson(
        NAME,
        url('translate', query),
        {
          headers: headers(),
          body: batch.texts.map((parts) => ({ Text: notranslateSpanMarkup.encode(parts) })),
          signal,
        },
        translateResponse,
      );
      return batch.texts.map((parts, i) =>
        batch.to.map((to) => {
          const found = body[i]?.translations.find((t) => t.to.toLowerCase() === azureCode(to).toLowerCase());
          return found ? restoreProtected(notranslateSpanMarkup.decode(found.text), parts) : null;
        }),
      );
    },

    async detect(texts, signal) {
      const body = await requestJson(
        NAME,
        url('detect', []),
        { headers: headers(), body: texts.map((text) => ({ Text: text })), signal },
        detectResponse,
      );
      return texts.map((_, i): LanguageGuess | null => {
        const guess = body[i];
        const language = toTranslationLanguage(guess?.language);
        return guess && language ? { language, confidence: guess.score } : null;
      });
    },

    async transliterate(texts, language, signal) {
      const script = SCRIPTS[language];
      if (!script) return texts.map(() => null);
      const body = await requestJson(
        NAME,
        url('transliterate', [
          ['language', azureCode(language)],
          ['fromScript', script],
          ['toScript', 'Latn'],
        ]),
        { headers: headers(), body: texts.map((text) => ({ Text: text })), signal },
        transliterateResponse,
      );
      return texts.map((_, i) => body[i]?.text ?? null);
    },
  };
}
