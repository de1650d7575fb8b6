import { z } from 'zod';
import { markupWithElements, restoreProtected } from '../protected-text';
import { allPairs, ourLanguages, type TranslationEngine } from './engine';
import { endpoint, getJson, requestJson } from './http';

const NAME = 'deepl';

export interface DeeplOptions {
  key: string;
  /** https://api.deepl.com, or https://api-free.deepl.com for ":fx" keys. */
  url: string;
}

/**
 * Target variants DeepL asks for where the bare code is deprecated or ambiguous. Brazilian
 * Portuguese matches what Azure and Google give for "pt".
 */
const TARGET_CODES: Record<string, string> = { en: 'EN-US', pt: 'PT-BR', zh: 'ZH-HANS' };

/**
 * An empty `<x>` with ignore_tags=x: DeepL's documented way to keep a span untranslated, here
 * with nothing in it, so the protected value stays on our side. XML mode may self-close it.
 */
const markup = markupWithElements({
  element: (index) => `<x id="p${index}"></x>`,
  pattern: /<x\b[^>]*?\bid\s*=\s*["']?p(\d+)["']?[^>]*?(?:\/>|>\s*<\/x>)/gi,
});

const translateResponse = z.object({ translations: z.array(z.object({ text: z.string() })) });
const languagesResponse = z.array(z.object({ language: z.string() }));

/** DeepL API v2: up to 50 texts per call, one target language. */
export function createDeeplEngine(options: DeeplOptions): TranslationEngine {
  const headers = { Authorization: `DeepL-Auth-Key ${options.key}` };
  const languages = async (type: 'source' | 'target', signal: AbortSignal) => {
    const url = endpoint(options.url, 'v2/languages', new URLSearchParams({ type }));
    const body = await getJson(NAME, url, languagesResponse, { headers, signal });
    return ourLanguages(body.map((language) => language.language));
  };

  return {
    name: NAME,
    // 50 texts documented, and 128 KiB per request: 30,000 characters leaves room for markup and UTF-8.
    limits: { maxTexts: 50, maxChars: 30_000, maxTargets: 1, concurrency: 4 },
    sentLength: (parts) => markup.encode(parts).length,
    pivots: ['en'],

    async languagePairs(signal) {
      const [sources, targets] = await Promise.all([languages('source', signal), languages('target', signal)]);
      return allPairs(sources, targets);
    },

    async translate(batch, signal) {
      const rows = batch.texts.map(() => [] as (string | null)[]);
      for (const to of batch.to) {
        const body = await requestJson(
          NAME,
          endpoint(options.url, 'v2/translate'),
          {
            headers,
            body: {
              text: batch.texts.map((parts) => markup.encode(parts)),
              source_lang: batch.from.toUpperCase(),
              target_lang: TARGET_CODES[to] ?? to.toUpperCase(),
              tag_handling: 'xml',
              ignore_tags: ['x'],
            },
            signal,
          },
          translateResponse,
        );
        batch.texts.forEach((parts, i) => {
          const text = body.translations[i]?.text;
          rows[i]!.push(text === undefined ? null : restoreProtected(markup.decode(text), parts));
        });
      }
      return rows;
    },
  };
}
