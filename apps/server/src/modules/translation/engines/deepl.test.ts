import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inMemoryTranslationStore } from '../../../test/fake-engine';
import { vendorServer, vendorTranslate, type VendorServer } from '../../../test/vendor-server';
import { EngineRunner } from '../engine-runner';
import { normaliseText, splitProtected } from '../protected-text';
import { createTranslationService } from '../translation.service';
import { createDeeplEngine } from './deepl';

const KEY = '0c9a6a5e-deepl-test:fx';
const never = () => new AbortController().signal;
const texts = (...values: string[]) => values.map((value) => splitProtected(normaliseText(value)));

let vendor: VendorServer;
/**
 * DeepL API v2 as documented: `Authorization: DeepL-Auth-Key`, JSON {text: [...], target_lang,
 * source_lang, tag_handling, ignore_tags}, at most 50 texts; 456 when the quota is used up.
 */
beforeAll(async () => {
  vendor = await vendorServer((request) => {
    if (request.headers.authorization !== `DeepL-Auth-Key ${KEY}`) {
      return { status: 403, json: { message: 'Wrong endpoint. Use https://api.deepl.com' } };
    }
    if (request.path === '/v2/languages') {
      const type = request.query.get('type');
      return type === 'target'
        ? {
            json: [
              { language: 'EN-US', name: 'English (American)' },
              { language: 'ES', name: 'Spanish' },
              { language: 'PT-BR', name: 'Portuguese (Brazilian)' },
              { language: 'ZH-HANS', name: 'Chinese (simplified)' },
            ],
          }
        : {
            json: [
              { language: 'EN', name: 'English' },
              { language: 'ES', name: 'Spanish' },
              { language: 'ZH', name: 'Chinese' },
            ],
          };
    }
    if (request.path !== '/v2/translate' || request.method !== 'POST')
      return { status: 404, json: { message: 'Not found' } };
    const body = JSON.parse(request.body) as {
      text: string[];
      target_lang: string;
      source_lang?: string;
      tag_handling?: string;
      ignore_tags?: string[];
    };
    if (!Array.isArray(body.text) || body.text.length === 0 || body.text.length > 50) {
      return { status: 400, json: { message: "Value for 'text' not supported." } };
    }
    if (['EN', 'PT'].includes(body.target_lang)) {
      return {
        status: 400,
        json: { message: `Value for 'target_lang' not supported: ${body.target_lang} is deprecated.` },
      };
    }
    if (body.tag_handling !== 'xml' || !body.ignore_tags?.includes('x')) {
      return { status: 400, json: { message: 'tag handling expected' } };
    }
    return {
      json: {
        translations: body.text.map((text) => ({
          detected_source_language: body.source_lang ?? 'EN',
          text: vendorTranslate(text, body.target_lang),
        })),
      },
    };
  });
});
afterAll(() => vendor.close());
beforeEach(() => {
  vendor.requests.length = 0;
  vendor.queue.length = 0;
});

const engine = () => createDeeplEngine({ key: KEY, url: vendor.url });

describe('DeepL API v2 contract', () => {
  it('translates a batch with protected parts in ignored <x> tags', async () => {
    const result = await engine().translate(
      { from: 'en', to: ['es'], texts: texts('Hello, my friend', 'Visit https://x.org with @ana <3') },
      never(),
    );
    expect(result).toEqual([['Hola, mi amigo'], ['Visita https://x.org con @ana <3']]);
    expect(JSON.parse(vendor.requests[0]!.body)).toEqual({
      text: ['Hello, my friend', 'Visit <x id="p0"></x> with <x id="p1"></x> &lt;<x id="p2"></x>'],
      source_lang: 'EN',
      target_lang: 'ES',
      tag_handling: 'xml',
      ignore_tags: ['x'],
    });
    for (const value of ['x.org', '@ana', '3']) expect(vendor.requests[0]!.body).not.toContain(value);
  });

  it('reads back placeholders that XML mode returned self-closed', async () => {
    vendor.queue.push({
      json: { translations: [{ detected_source_language: 'EN', text: 'Visita <x id="p0"/> hoy' }] },
    });
    expect(
      await engine().translate({ from: 'en', to: ['es'], texts: texts('Visit https://x.org today') }, never()),
    ).toEqual([['Visita https://x.org hoy']]);
  });

  it('reports a 5xx as worth retrying, and is retried through the runner', async () => {
    vendor.queue.push({ status: 503, json: { message: 'Service temporarily unavailable' } });
    await expect(engine().translate({ from: 'en', to: ['es'], texts: texts('Hello') }, never())).rejects.toMatchObject({
      status: 503,
      retryable: true,
      message: 'deepl answered 503: Service temporarily unavailable',
    });
    const runner = new EngineRunner(engine(), {
      timeoutMs: 3000,
      retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 20, maxRetryAfterMs: 5000 },
    });
    vendor.requests.length = 0;
    vendor.queue.push(
      { status: 500, json: { message: 'Internal error' } },
      { status: 529, json: { message: 'Too many requests, the servers are busy' } },
    );
    const result = await runner.run(1, (signal) =>
      engine().translate({ from: 'en', to: ['es'], texts: texts('Hello, my friend') }, signal),
    );
    expect(result).toEqual([['Hola, mi amigo']]);
    expect(vendor.requests).toHaveLength(3);
  });

  it('asks for the target variants DeepL requires', async () => {
    await engine().translate({ from: 'es', to: ['en', 'pt', 'zh'], texts: texts('Hola') }, never());
    expect(vendor.requests.map((r) => (JSON.parse(r.body) as { target_lang: string }).target_lang)).toEqual([
      'EN-US',
      'PT-BR',
      'ZH-HANS',
    ]);
  });

  it('lists pairs from its source and target languages', async () => {
    const pairs = await engine().languagePairs(never());
    expect(vendor.requests.map((r) => r.query.get('type')).sort()).toEqual(['source', 'target']);
    expect(pairs).toContainEqual({ from: 'zh', to: 'pt' });
    expect(pairs).not.toContainEqual({ from: 'pt', to: 'en' });
  });

  it('reports a used-up quota (456) as final and 429 as worth retrying', async () => {
    vendor.queue.push(
      { status: 456, json: { message: 'Quota exceeded. The character limit has been reached.' } },
      { status: 429, headers: { 'retry-after': '3' }, json: { message: 'Too many requests' } },
    );
    await expect(engine().translate({ from: 'en', to: ['es'], texts: texts('Hello') }, never())).rejects.toMatchObject({
      status: 456,
      retryable: false,
      message: 'deepl answered 456: Quota exceeded. The character limit has been reached.',
    });
    await expect(engine().translate({ from: 'en', to: ['es'], texts: texts('Hello') }, never())).rejects.toMatchObject({
      status: 429,
      retryable: true,
      retryAfterMs: 3000,
    });
  });

  it('never sends more than 50 texts in one call when 120 arrive together', async () => {
    const service = createTranslationService({
      engines: [engine()],
      store: inMemoryTranslationStore(),
      cacheSize: 1000,
      timeoutMs: 3000,
    });
    const many = Array.from({ length: 120 }, (_, i) => `Hello friend number ${i}`);
    const results = await Promise.all([
      service.translate({ texts: many.slice(0, 50), to: ['es'], from: 'en' }),
      service.translate({ texts: many.slice(50), to: ['es'], from: 'en' }),
    ]);
    const sizes = vendor.requests
      .filter((r) => r.path === '/v2/translate')
      .map((r) => (JSON.parse(r.body) as { text: string[] }).text.length);
    expect(sizes.sort((a, b) => b - a)).toEqual([50, 50, 20]);
    expect(results.flat()[119]!.translations[0]).toMatchObject({
      state: 'ready',
      engine: 'deepl',
      text: 'Hola amigo number 119',
    });
    await service.close();
  });
});
