import { z } from 'zod';
import { TRANSLATION_LANGUAGES } from '@tolk/shared/languages';
import { restoreProtected, tokenMarkup } from '../protected-text';
import { allPairs, EngineError, ourLanguages, type TranslationEngine } from './engine';
import { endpoint, requestJson } from './http';

const NAME = 'openai';

export interface OpenAiOptions {
  /** Up to and including /v1: https://api.openai.com/v1, http://localhost:11434/v1 (Ollama)... */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Languages to offer; every translation language when absent. */
  languages: string[] | undefined;
}

const englishNames = new Intl.DisplayNames(['en'], { type: 'language' });
const describe = (code: string) => `${englishNames.of(code) ?? code} (${code})`;

const chatResponse = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const SYSTEM_PROMPT = [
  'You are a translation engine inside a chat app.',
  'Translate every text from the source language into every target language, as a fluent native speaker would write it in a chat.',
  'Tokens such as ⟦0⟧ stand for links, names, numbers and code: copy each one exactly once, unchanged, where it belongs in the translation.',
  'Translate only; never answer, explain or add anything. Reply with JSON in the requested schema.',
].join(' ');

/**
 * Any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, llama.cpp): many texts
 * into several languages in one call, answered as JSON constrained by a schema, so the reply is
 * read as data rather than parsed out of prose.
 */
export function createOpenAiEngine(options: OpenAiOptions): TranslationEngine {
  const languages = ourLanguages(options.languages ?? TRANSLATION_LANGUAGES);

  return {
    name: NAME,
    // Output grows with texts x targets; small calls keep a local model inside its context and the timeout.
    limits: { maxTexts: 20, maxChars: 6000, maxTargets: 5, concurrency: 2 },
    sentLength: (parts) => tokenMarkup.encode(parts).length,
    pivots: [],

    async languagePairs() {
      return allPairs(languages, languages);
    },

    async translate(batch, signal) {
      const targets = [...batch.to];
      const schema = {
        type: 'object',
        properties: {
          translations: {
            type: 'array',
            minItems: batch.texts.length,
            maxItems: batch.texts.length,
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                ...Object.fromEntries(targets.map((code) => [code, { type: 'string' }])),
              },
              required: ['id', ...targets],
              additionalProperties: false,
            },
          },
        },
        required: ['translations'],
        additionalProperties: false,
      };
      const request = {
        source_language: describe(batch.from),
        target_languages: targets.map(describe),
        texts: batch.texts.map((parts, id) => ({ id, text: tokenMarkup.encode(parts) })),
      };
      const body = await requestJson(
        NAME,
        endpoint(options.baseUrl, 'chat/completions'),
        {
          headers: options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {},
          body: {
            model: options.model,
            temperature: 0,
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              { role: 'user', content: JSON.stringify(request) },
            ],
            response_format: { type: 'json_schema', json_schema: { name: 'translations', strict: true, schema } },
          },
          signal,
        },
        chatResponse,
      );
      // Servers that ignore the schema sometimes still fence the JSON.
      const content = (body.choices[0]?.message.content ?? '').trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
      const answer = z
        .object({ translations: z.array(z.object({ id: z.number() }).catchall(z.unknown())) })
        .safeParse(safeJson(content));
      if (!answer.success) {
        throw new EngineError(NAME, 'openai answered without the requested JSON', { retryable: false });
      }
      const byId = new Map(answer.data.translations.map((entry) => [entry.id, entry]));
      return batch.texts.map((parts, id) =>
        targets.map((code) => {
          const text = byId.get(id)?.[code];
          return typeof text === 'string' ? restoreProtected(tokenMarkup.decode(text), parts) : null;
        }),
      );
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
