import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vendorServer, vendorTranslate, type VendorServer, type VendorReply } from '../../../test/vendor-server';
import { inMemoryTranslationStore } from '../../../test/fake-engine';
import { normaliseText, splitProtected } from '../protected-text';
import { createTranslationService } from '../translation.service';
import { createOpenAiEngine } from './openai';

const never = () => new AbortController().signal;
const texts = (...values: string[]) => values.map((value) => splitProtected(normaliseText(value)));

interface ChatRequest {
  model: string;
  temperature: number;
  messages: Array<{ role: string; content: string }>;
  response_format: {
    type: string;
    json_schema: {
      name: string;
      strict: boolean;
      schema: { properties: { translations: { items: { required: string[] } } } };
    };
  };
}

const completion = (content: string): VendorReply => ({
  json: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'llama3.1',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  },
});

let vendor: VendorServer;
/**
 * An OpenAI-compatible server (Ollama, vLLM, llama.cpp) as the chat-completions API documents it:
 * POST /v1/chat/completions with a bearer key, messages and a json_schema response format; the
 * answer's JSON is in choices[0].message.content.
 */
beforeAll(async () => {
  vendor = await vendorServer((request) => {
    if (request.path !== '/v1/chat/completions') return { status: 404, json: { error: { message: 'not found' } } };
    if (request.headers.authorization !== 'Bearer sk-test') {
      return { status: 401, json: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } };
    }
    const body = JSON.parse(request.body) as ChatRequest;
    const user = JSON.parse(body.messages.find((m) => m.role === 'user')!.content) as {
      texts: Array<{ id: number; text: string }>;
    };
    const targets = body.response_format.json_schema.schema.properties.translations.items.required.filter(
      (k) => k !== 'id',
    );
    // The adapter's own per-call limits (20 texts, 5 languages, 6,000 characters): a call beyond
    // them would overflow a local model's context, so the stand-in refuses it as such a server does.
    const chars = user.texts.reduce((sum, text) => sum + text.text.length, 0);
    if (user.texts.length > 20 || targets.length > 5 || chars > 6000) {
      return {
        status: 400,
        json: { error: { message: `request too large: ${user.texts.length} texts, ${targets.length} languages` } },
      };
    }
    return completion(
      JSON.stringify({
        translations: user.texts.map(({ id, text }) => ({
          id,
          ...Object.fromEntries(targets.map((to) => [to, vendorTranslate(text, to)])),
        })),
      }),
    );
  });
});
afterAll(() => vendor.close());
beforeEach(() => {
  vendor.requests.length = 0;
  vendor.queue.length = 0;
});

const engine = () =>
  createOpenAiEngine({
    baseUrl: `${vendor.url}/v1`,
    apiKey: 'sk-test',
    model: 'llama3.1',
    languages: ['en', 'es', 'fr'],
  });

describe('OpenAI-compatible chat completions contract', () => {
  it('translates many texts into several languages in one call with a JSON schema', async () => {
    const result = await engine().translate(
      { from: 'en', to: ['es', 'fr'], texts: texts('Hello, my friend', 'Visit https://x.org with @ana') },
      never(),
    );
    expect(result).toEqual([
      ['Hola, mi amigo', 'Bonjour, mon ami'],
      ['Visita https://x.org con @ana', 'Visitez https://x.org avec @ana'],
    ]);
    expect(vendor.requests).toHaveLength(1);
    const body = JSON.parse(vendor.requests[0]!.body) as ChatRequest;
    expect(body).toMatchObject({
      model: 'llama3.1',
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { strict: true } },
    });
    expect(JSON.parse(body.messages[1]!.content)).toEqual({
      source_language: 'English (en)',
      target_languages: ['Spanish (es)', 'French (fr)'],
      texts: [
        { id: 0, text: 'Hello, my friend' },
        { id: 1, text: 'Visit ⟦0⟧ with ⟦1⟧' },
      ],
    });
  });

  it('offers the configured languages', async () => {
    expect((await engine().languagePairs(never())).length).toBe(6);
  });

  it('gives null for a text whose tokens the model dropped, and an error for prose', async () => {
    vendor.queue.push(completion('```json\n{"translations":[{"id":0,"es":"Visita con ⟦1⟧"}]}\n```'));
    expect(
      await engine().translate({ from: 'en', to: ['es'], texts: texts('Visit https://x.org with @ana') }, never()),
    ).toEqual([[null]]);
    vendor.queue.push(completion('Sure! Here is the translation: Hola'));
    await expect(engine().translate({ from: 'en', to: ['es'], texts: texts('Hello') }, never())).rejects.toMatchObject({
      retryable: false,
      message: 'openai answered without the requested JSON',
    });
  });

  it('reports 429 with Retry-After and 5xx as worth retrying', async () => {
    vendor.queue.push(
      { status: 429, headers: { 'retry-after': '1' }, json: { error: { message: 'Rate limit reached' } } },
      { status: 503, json: { error: { message: 'model is loading' } } },
    );
    await expect(engine().translate({ from: 'en', to: ['es'], texts: texts('Hi') }, never())).rejects.toMatchObject({
      status: 429,
      retryAfterMs: 1000,
      retryable: true,
      message: 'openai answered 429: Rate limit reached',
    });
    await expect(engine().translate({ from: 'en', to: ['es'], texts: texts('Hi') }, never())).rejects.toMatchObject({
      status: 503,
      retryable: true,
    });
  });

  it('keeps each call within 20 texts and 5 languages when 45 texts into 7 languages arrive', async () => {
    const wide = createOpenAiEngine({
      baseUrl: `${vendor.url}/v1`,
      apiKey: 'sk-test',
      model: 'llama3.1',
      languages: ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'sv'],
    });
    const service = createTranslationService({
      engines: [wide],
      store: inMemoryTranslationStore(),
      cacheSize: 1000,
      timeoutMs: 3000,
    });
    const targets = ['es', 'fr', 'de', 'it', 'pt', 'nl', 'sv'];
    const many = Array.from({ length: 45 }, (_, i) => `Hello my friend, see the dog number ${i}`);
    const results = await service.translate({ texts: many, to: targets, from: 'en' });
    expect(results.flatMap((r) => r.translations.map((t) => t.state)).every((state) => state === 'ready')).toBe(true);
    expect(results[44]!.translations[0]!.text).toBe('Hola mi amigo, ver el perro number 44');
    const calls = vendor.requests.map((request) => {
      const body = JSON.parse(request.body) as ChatRequest;
      const user = JSON.parse(body.messages[1]!.content) as { texts: unknown[]; target_languages: string[] };
      return { texts: user.texts.length, targets: user.target_languages.length };
    });
    for (const call of calls) {
      expect(call.texts).toBeLessThanOrEqual(20);
      expect(call.targets).toBeLessThanOrEqual(5);
    }
    // 45 texts in calls of 20, 20 and 5, for 5 languages and then 2.
    expect(calls).toHaveLength(6);
    expect(calls.reduce((sum, call) => sum + call.texts * call.targets, 0)).toBe(45 * 7);
    await service.close();
  });
});
