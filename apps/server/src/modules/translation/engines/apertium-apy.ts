import { z } from 'zod';
import { markupWithElements, restoreProtected } from '../protected-text';
import { EngineError, type LanguagePair, type TranslationEngine } from './engine';
import { endpoint, getJson, requestJson } from './http';
import { fromApertiumCode } from './language-codes';

const NAME = 'apertium-apy';

export interface ApertiumApyOptions {
  url: string;
}

/**
 * APY turns HTML tags into superblanks, which pass through untranslated. The element must be
 * empty: APY would translate text inside it.
 */
const markup = markupWithElements({
  element: (index) => `<span id="p${index}"></span>`,
  pattern: /<span\b[^>]*?\bid\s*=\s*["']?p(\d+)["']?[^>]*?(?:\/>|>\s*<\/span>)/gi,
});

const translateResponse = z.object({ responseData: z.object({ translatedText: z.string() }) });
const pairsResponse = z.object({
  responseData: z.array(z.object({ sourceLanguage: z.string(), targetLanguage: z.string() })),
});

/**
 * Apertium APY, the HTTP server around Apertium (apertium.org runs one): the same rule-based
 * pairs as the local engine, on another machine. One text per request, so a call sends its
 * texts side by side.
 */
export function createApertiumApyEngine(options: ApertiumApyOptions): TranslationEngine {
  // APY names languages with ISO 639-3 codes and variants (eng, spa, por_BR): keep the plain ones.
  const vendorPairs = new Map<string, string>();

  return {
    name: NAME,
    limits: { maxTexts: 20, maxChars: 10_000, maxTargets: 1, concurrency: 4 },
    sentLength: (parts) => markup.encode(parts).length,
    pivots: ['es', 'en'],

    async languagePairs(signal) {
      const body = await getJson(NAME, endpoint(options.url, 'listPairs'), pairsResponse, { signal });
      const pairs: LanguagePair[] = [];
      for (const { sourceLanguage, targetLanguage } of body.responseData) {
        const from = fromApertiumCode(sourceLanguage);
        const to = fromApertiumCode(targetLanguage);
        if (!from || !to || from === to) continue;
        const key = `${from}>${to}`;
        const plain = !/[_-]/.test(sourceLanguage) && !/[_-]/.test(targetLanguage);
        if (!vendorPairs.has(key)) pairs.push({ from, to });
        if (!vendorPairs.has(key) || plain) vendorPairs.set(key, `${sourceLanguage}|${targetLanguage}`);
      }
      return pairs;
    },

    async translate(batch, signal) {
      return Promise.all(
        batch.texts.map(async (parts) =>
          Promise.all(
            batch.to.map(async (to) => {
              const langpair = vendorPairs.get(`${batch.from}>${to}`);
              if (!langpair) {
                throw new EngineError(NAME, `apertium-apy lists no ${batch.from}-${to} pair`, { retryable: false });
              }
              const body = await requestJson(
                NAME,
                endpoint(options.url, 'translate'),
                {
                  body: new URLSearchParams({ langpair, q: markup.encode(parts), markUnknown: 'no' }),
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                  signal,
                },
                translateResponse,
              );
              return restoreProtected(markup.decode(body.responseData.translatedText.trim()), parts);
            }),
          ),
        ),
      );
    },
  };
}
