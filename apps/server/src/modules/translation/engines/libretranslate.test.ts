import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vendorServer, vendorTranslate, type VendorServer } from '../../../test/vendor-server';
import { inMemoryTranslationStore } from '../../../test/fake-engine';
import { EngineRunner } from '../engine-runner';
import { normaliseText, splitProtected } from '../protected-text';
import { createTranslationService } from '../translation.service';
import { createLibreTranslateEngine } from './libretranslate';

const KEY = 'libre-test-key';
const never = () => new AbortController().signal;
const texts = (...values: string[]) => values.map((value) => splitProtected(normaliseText(value)));

let vendor: VendorServer;
/**
 * LibreTranslate as documented: POST /translate with JSON {q, source, target, format, api_key}
 * (q may be an array, and translatedText is then an array); GET /languages lists each
 * language's targets; errors as {error: "..."}.
 */
beforeAll(async () => {
  vendor = await vendorServer((request) => {
    if (request.path === '/languages') {
      return {
        json: [
          { code: 'en', name: 'English', targets: ['en', 'es', 'zh-Hans', 'eo'] },
          { code: 'es', name: 'Spanish', targets: ['en', 'es'] },
          { code: 'zh-Hans', name: 'Chinese', targets: ['en'] },
        ],
      };
    }
    if (request.path !== '/translate') return { status: 404, json: { error: 'Not Found' } };
    const body = JSON.parse(request.body) as {
      q: string | string[];
      source: string;
      target: string;
      format: string;
      api_key?: string;
    };
    if (body.api_key !== KEY) return { status: 403, json: { error: 'Invalid API key' } };
    if (!['en', 'es', 'zh-Hans'].includes(body.target))
      return { status: 400, json: { error: `${body.target} is not supported` } };
    const translate = (q: string) => vendorTranslate(q, body.target);
    return { json: { translatedText: Array.isArray(body.q) ? body.q.map(translate) : translate(body.q) } };
  });
});
afterAll(() => vendor.close());
beforeEach(() => {
  vendor.requests.length = 0;
  vendor.queue.length = 0;
});

const engine = (apiKey: string | undefined = KEY) => createLibreTranslateEngine({ url: vendor.url, apiKey });

describe('LibreTranslate contract', () => {
  it('translates an array of texts in HTML mode with the API key', async () => {
    const result = await engine().translate(
      { from: 'en', to: ['es'], texts: texts('Hello, my friend', 'Visit www.tolk.app with the dog') },
      never(),
    );
    expect(result).toEqual([['Hola, mi amigo'], ['Visita www.tolk.app con el perro']]);
    expect(JSON.parse(vendor.requests[0]!.body)).toEqual({
      q: ['Hello, my friend', 'Visit <span class="notranslate" translate="no" id="p0"></span> with the dog'],
      source: 'en',
      target: 'es',
      format: 'html',
      api_key: KEY,
    });
    expect(vendor.requests[0]!.body).not.toContain('tolk.app');
  });

  it("lists each language's targets, and then uses the server's own code for Chinese", async () => {
    const libre = engine();
    const pairs = await libre.languagePairs(never());
    expect(pairs).toEqual([
      { from: 'en', to: 'es' },
      { from: 'en', to: 'zh' },
      { from: 'es', to: 'en' },
      { from: 'zh', to: 'en' },
    ]);
    await libre.translate({ from: 'en', to: ['zh'], texts: texts('Hello') }, never());
    expect(JSON.parse(vendor.requests[1]!.body)).toMatchObject({ target: 'zh-Hans' });
  });

  it('reports a refused key as final and a slowdown as worth retrying', async () => {
    await expect(
      engine('wrong').translate({ from: 'en', to: ['es'], texts: texts('Hi') }, never()),
    ).rejects.toMatchObject({
      status: 403,
      retryable: false,
      message: 'libretranslate answered 403: Invalid API key',
    });
    vendor.queue.push({ status: 429, json: { error: 'Slowdown: 10 per 1 minute' } });
    await expect(engine().translate({ from: 'en', to: ['es'], texts: texts('Hi') }, never())).rejects.toMatchObject({
      status: 429,
      retryable: true,
    });
  });

  it('reports Retry-After on a 429 and a 5xx as worth retrying, and is retried through the runner', async () => {
    vendor.queue.push({
      status: 429,
      headers: { 'retry-after': '2' },
      json: { error: 'Too many request limits violations' },
    });
    await expect(engine().translate({ from: 'en', to: ['es'], texts: texts('Hi') }, never())).rejects.toMatchObject({
      status: 429,
      retryable: true,
      retryAfterMs: 2000,
    });
    vendor.queue.push({ status: 500, json: { error: 'Cannot translate text: model crashed' } });
    await expect(engine().translate({ from: 'en', to: ['es'], texts: texts('Hi') }, never())).rejects.toMatchObject({
      status: 500,
      retryable: true,
      message: 'libretranslate answered 500: Cannot translate text: model crashed',
    });

    const runner = new EngineRunner(engine(), {
      timeoutMs: 3000,
      retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 20, maxRetryAfterMs: 5000 },
    });
    vendor.requests.length = 0;
    vendor.queue.push(
      { status: 429, headers: { 'retry-after': '0' }, json: { error: 'Slowdown: 10 per 1 minute' } },
      { status: 502, text: 'Bad Gateway' },
    );
    const result = await runner.run(1, (signal) =>
      engine().translate({ from: 'en', to: ['es'], texts: texts('Hello, my friend') }, signal),
    );
    expect(result).toEqual([['Hola, mi amigo']]);
    expect(vendor.requests).toHaveLength(3);
    expect(runner.stats).toMatchObject({ retries: 2, failures: 0 });
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
      service.translate({ texts: many.slice(0, 60), to: ['es'], from: 'en' }),
      service.translate({ texts: many.slice(60), to: ['es'], from: 'en' }),
    ]);
    const sizes = vendor.requests
      .filter((r) => r.path === '/translate')
      .map((r) => (JSON.parse(r.body) as { q: string[] }).q.length);
    expect(sizes.sort((a, b) => b - a)).toEqual([50, 50, 20]);
    expect(results.flat()[119]!.translations[0]).toMatchObject({ state: 'ready', text: 'Hola amigo number 119' });
    await service.close();
  });
});
