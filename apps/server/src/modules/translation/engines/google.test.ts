import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vendorServer, vendorTranslate, type VendorServer } from '../../../test/vendor-server';
import { inMemoryTranslationStore } from '../../../test/fake-engine';
import { EngineRunner } from '../engine-runner';
import { normaliseText, splitProtected } from '../protected-text';
import { createTranslationService } from '../translation.service';
import { createGoogleEngine } from './google';

const KEY = 'AIza-google-test-key';
const never = () => new AbortController().signal;
const texts = (...values: string[]) => values.map((value) => splitProtected(normaliseText(value)));

let vendor: VendorServer;
/**
 * Cloud Translation Basic (v2) as documented: the key as ?key=, JSON {q: [...], target, source,
 * format}, at most 128 q; HTML answers escape quotes as entities; errors as {error: {code,
 * message, status}}.
 */
beforeAll(async () => {
  vendor = await vendorServer((request) => {
    if (request.query.get('key') !== KEY) {
      return {
        status: 400,
        json: {
          error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' },
        },
      };
    }
    if (request.path === '/language/translate/v2/languages') {
      return {
        json: {
          data: { languages: ['en', 'es', 'zh-CN', 'zh-TW', 'no', 'iw', 'haw'].map((language) => ({ language })) },
        },
      };
    }
    if (request.path !== '/language/translate/v2')
      return { status: 404, json: { error: { code: 404, message: 'Not Found' } } };
    const body = JSON.parse(request.body) as { q: string[]; target: string; source?: string; format?: string };
    if (body.q.length > 128) {
      return {
        status: 400,
        json: { error: { code: 400, message: 'Too many text segments', status: 'INVALID_ARGUMENT' } },
      };
    }
    if (body.format !== 'html') return { status: 400, json: { error: { code: 400, message: 'format expected' } } };
    return {
      json: {
        data: {
          translations: body.q.map((q) => ({
            translatedText: vendorTranslate(q, body.target).replaceAll("'", '&#39;'),
          })),
        },
      },
    };
  });
});
afterAll(() => vendor.close());
beforeEach(() => {
  vendor.requests.length = 0;
  vendor.queue.length = 0;
});

const engine = (key = KEY) => createGoogleEngine({ key, url: vendor.url });

describe('Google Cloud Translation v2 contract', () => {
  it('translates a batch in HTML mode, decoding entities and keeping protected parts', async () => {
    const result = await engine().translate(
      { from: 'en', to: ['es'], texts: texts("Hello, my friend's dog", 'See the dog 🐕 at 10:30') },
      never(),
    );
    expect(result).toEqual([["Hola, mi amigo's perro"], ['Ver el perro 🐕 at 10:30']]);
    const [request] = vendor.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/language/translate/v2');
    expect(request!.query.get('key')).toBe(KEY);
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(request!.body)).toEqual({
      q: [
        "Hello, my friend's dog",
        'See the dog <span class="notranslate" translate="no" id="p0"></span> at <span class="notranslate" translate="no" id="p1"></span>',
      ],
      source: 'en',
      target: 'es',
      format: 'html',
    });
  });

  it('never sends protected values: URLs, e-mail, mentions, numbers, emoji and code stay here', async () => {
    const result = await engine().translate(
      {
        from: 'en',
        to: ['es'],
        texts: texts('Visit https://x.org/a?b=1 with @ana, mail bob@example.org 😀 42 `npm ci`'),
      },
      never(),
    );
    expect(result).toEqual([['Visita https://x.org/a?b=1 con @ana, mail bob@example.org 😀 42 `npm ci`']]);
    const body = vendor.requests[0]!.body;
    for (const value of ['x.org', '@ana', 'bob@example.org', '😀', '42', 'npm ci']) expect(body).not.toContain(value);
  });

  it("uses Google's codes for Chinese and Norwegian, and reads its language list", async () => {
    await engine().translate({ from: 'nb', to: ['zh'], texts: texts('Hei') }, never());
    expect(JSON.parse(vendor.requests[0]!.body)).toMatchObject({ source: 'no', target: 'zh-CN' });
    const pairs = await engine().languagePairs(never());
    expect(new Set(pairs.map((p) => p.from))).toEqual(new Set(['en', 'es', 'zh', 'nb', 'he']));
  });

  it('reports a bad key as final, and 429 and 5xx as worth retrying', async () => {
    await expect(
      engine('nope').translate({ from: 'en', to: ['es'], texts: texts('Hi') }, never()),
    ).rejects.toMatchObject({
      retryable: false,
      message: 'google answered 400: API key not valid. Please pass a valid API key.',
    });
    vendor.queue.push(
      { status: 429, json: { error: { code: 429, message: 'Rate Limit Exceeded', status: 'RESOURCE_EXHAUSTED' } } },
      { status: 502, text: '<html>Bad Gateway</html>' },
    );
    await expect(engine().translate({ from: 'en', to: ['es'], texts: texts('Hi') }, never())).rejects.toMatchObject({
      status: 429,
      retryable: true,
    });
    await expect(engine().translate({ from: 'en', to: ['es'], texts: texts('Hi') }, never())).rejects.toMatchObject({
      status: 502,
      retryable: true,
    });
  });

  it('is retried after a 429 honouring Retry-After, and after a 5xx', async () => {
    const runner = new EngineRunner(engine(), {
      timeoutMs: 3000,
      retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 20, maxRetryAfterMs: 5000 },
    });
    vendor.queue.push(
      {
        status: 429,
        headers: { 'retry-after': '1' },
        json: { error: { code: 429, message: 'Rate Limit Exceeded', status: 'RESOURCE_EXHAUSTED' } },
      },
      {
        status: 503,
        json: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } },
      },
    );
    const started = Date.now();
    const result = await runner.run(1, (signal) =>
      engine().translate({ from: 'en', to: ['es'], texts: texts('Hello, my friend') }, signal),
    );
    expect(result).toEqual([['Hola, mi amigo']]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(vendor.requests).toHaveLength(3);
    expect(runner.stats).toMatchObject({ calls: 3, retries: 2, failures: 0 });
  });

  it('never sends more than 128 texts in one call when 300 arrive together', async () => {
    const service = createTranslationService({
      engines: [engine()],
      store: inMemoryTranslationStore(),
      cacheSize: 1000,
      timeoutMs: 3000,
    });
    const many = Array.from({ length: 300 }, (_, i) => `Hello friend number ${i}`);
    const results = await Promise.all([
      service.translate({ texts: many.slice(0, 100), to: ['es'], from: 'en' }),
      service.translate({ texts: many.slice(100), to: ['es'], from: 'en' }),
    ]);
    const sizes = vendor.requests
      .filter((r) => r.path === '/language/translate/v2')
      .map((r) => (JSON.parse(r.body) as { q: string[] }).q.length);
    expect(sizes.sort((a, b) => b - a)).toEqual([128, 128, 44]);
    expect(results.flat().every((r) => r.translations[0]!.state === 'ready')).toBe(true);
    expect(results.flat()[299]!.translations[0]!.text).toBe('Hola amigo number 299');
    await service.close();
  });
});
