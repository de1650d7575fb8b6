import { z } from 'zod';
import { toTranslationLanguage } from '@tolk/shared/languages';
import { notranslateSpanMarkup } from '../protected-text';
import type { LanguagePair, TranslationEngine } from './engine';
import { translateHtmlPerTarget } from './html-per-target';
import { endpoint, getJson, requestJson } from './http';

const NAME = 'libretranslate';

export interface LibreTranslateOptions {
  url: string;
  apiKey: string | undefined;
}

const translateResponse = z.object({ translatedText: z.union([z.array(z.string()), z.string()]) });
const languagesResponse = z.array(z.object({ code: z.string(), targets: z.array(z.string()).optional() }));

/**
 * LibreTranslate (Argos models), self-hosted or hosted: several texts per call as an array `q`,
 * one target. HTML mode, where its translate-html step skips `translate="no"` elements.
 */
export function createLibreTranslateEngine(options: LibreTranslateOptions): TranslationEngine {
  // Servers name Chinese zh or zh-Hans depending on version: use the code the server listed.
  const vendorCodes = new Map<string, string>();
  const code = (ours: string) => vendorCodes.get(ours) ?? ours;

  return {
    name: NAME,
    limits: { maxTexts: 50, maxChars: 20_000, maxTargets: 1, concurrency: 4 },
    sentLength: (parts) => notranslateSpanMarkup.encode(parts).length,
    pivots: ['en'],

    async languagePairs(signal) {
      const body = await getJson(NAME, endpoint(options.url, 'languages'), languagesResponse, { signal });
      const pairs: LanguagePair[] = [];
      for (const language of body) {
        const from = toTranslationLanguage(language.code);
        if (!from) continue;
        if (!vendorCodes.has(from)) vendorCodes.set(from, language.code);
        for (const target of language.targets ?? []) {
          const to = toTranslationLanguage(target);
          if (to && to !== from) pairs.push({ from, to });
        }
      }
      return pairs;
    },

    translate: (batch, signal) =>
      translateHtmlPerTarget(batch, async (q, to) => {
        const body = await requestJson(
          NAME,
          endpoint(options.url, 'translate'),
          {
            body: {
              q,
              source: code(batch.from),
              target: code(to),
              format: 'html',
              ...(options.apiKey ? { api_key: options.apiKey } : {}),
            },
            signal,
          },
          translateResponse,
        );
        return Array.isArray(body.translatedText) ? body.translatedText : [body.translatedText];
      }),
  };
}
