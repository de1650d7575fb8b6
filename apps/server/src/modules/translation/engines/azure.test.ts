import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vendorServer, vendorTranslate, type VendorServer } from '../../../test/vendor-server';
import { inMemoryTranslationStore } from '../../../test/fake-engine';
import { EngineRunner } from '../engine-runner';
import { normaliseText, splitProtected } from '../protected-text';
import { createTranslationService } from '../translation.service';
import { createAzureEngine } from './azure';
import { EngineError } from './engine';

const KEY = 'azure-test-key';
const never = () => new AbortController().signal;
const texts = (...values: string[]) => values.map((value) => splitProtected(normaliseText(value)));

let vendor: VendorServer;
/**
 * Azure Translator v3 as documented: api-version=3.0, the key (and region) in Ocp-Apim headers,
 * a JSON array of {Text}, at most 1,000 elements and 50,000 characters; errors as
 * {error: {code, message}}.
 */
beforeAll(async () => {
  vendor = await vendorServer((request) => {
    if (request.query.get('api-version') !== '3.0') {
      return {
        status: 400,
        json: { error: { code: 400021, message: 'The API version parameter is missing or invalid.' } },
      };
    }
    if (request.path === '/languages') {
      return {
        json: {
          translation: {
            en: { name: 'English', nativeName: 'English', dir: 'ltr' },
            es: { name: 'Spanish', nativeName: 'Español', dir: 'ltr' },
            fr: { name: 'French', nativeName: 'Français', dir: 'ltr' },
            de: { name: 'German', nativeName: 'Deutsch', dir: 'ltr' },
            it: { name: 'Italian', nativeName: 'Italiano', dir: 'ltr' },
            'zh-Hans': { name: 'Chinese Simplified', nativeName: '中文 (简体)', dir: 'ltr' },
            'pt-pt': { name: 'Portuguese (Portugal)', nativeName: 'Português (Portugal)', dir: 'ltr' },
            tlh: { name: 'Klingon', nativeName: 'Klingon', dir: 'ltr' },
          },
        },
      };
    }
    if (request.headers['ocp-apim-subscription-key'] !== KEY) {
      return {
        status: 401,
        json: {
          error: { code: 401000, message: 'The request is not authorized because credentials are missing or invalid.' },
        },
      };
    }
    if (request.headers['ocp-apim-subscription-region'] !== 'westeurope') {
      return { status: 401, json: { error: { code: 401015, message: 'The region is missing.' } } };
    }
    if (!String(request.headers['content-type']).startsWith('application/json')) {
      return {
        status: 415,
        json: { error: { code: 415000, message: 'The Content-Type header is missing or invalid.' } },
      };
    }
    const body = JSON.parse(request.body) as Array<{ Text: string }>;
    // Translation counts every character once per target language, markup included.
    const targetCount = request.path === '/translate' ? Math.max(1, request.query.getAll('to').length) : 1;
    const chars = body.reduce((sum, item) => sum + item.Text.length, 0) * targetCount;
    if (body.length > 1000) {
      return { status: 400, json: { error: { code: 400077, message: 'The maximum request size has been exceeded.' } } };
    }
    if (chars > 50_000) {
      return {
        status: 400,
        json: { error: { code: 400050, message: 'The input text is too long. Refer to the request limits.' } },
      };
    }
    if (request.path === '/translate') {
      const targets = request.query.getAll('to');
      if (request.query.get('textType') !== 'html' || targets.length === 0) {
        return { status: 400, json: { error: { code: 400036, message: 'The target language is not valid.' } } };
      }
      return {
        json: body.map((item) => ({
          translations: targets.map((to) => ({ text: vendorTranslate(item.Text, to), to })),
        })),
      };
    }
    if (request.path === '/detect') {
      return {
        json: body.map(() => ({
          language: 'zh-Hans',
          score: 0.93,
          isTranslationSupported: true,
          isTransliterationSupported: true,
        })),
      };
    }
    if (request.path === '/transliterate') {
      if (request.query.get('fromScript') !== 'Jpan' || request.query.get('toScript') !== 'Latn') {
        return { status: 400, json: { error: { code: 400069, message: 'The script is not supported.' } } };
      }
      return { json: body.map(() => ({ text: 'konnichiwa', script: 'Latn' })) };
    }
    return { status: 404, json: { error: { code: 404001, message: 'The requested resource was not found.' } } };
  });
});
afterAll(() => vendor.close());
beforeEach(() => {
  vendor.requests.length = 0;
  vendor.queue.length = 0;
});

const engine = (key = KEY) => createAzureEngine({ key, region: 'westeurope', endpoint: vendor.url });

describe('Azure Translator v3 contract', () => {
  it('translates many texts into several languages in one call, keeping protected parts', async () => {
    const result = await engine().translate(
      {
        from: 'en',
        to: ['es', 'fr'],
        texts: texts('Hello, my friend', 'Visit https://x.org/a?b=1 with @ana & the dog'),
      },
      never(),
    );
    expect(result).toEqual([
      ['Hola, mi amigo', 'Bonjour, mon ami'],
      ['Visita https://x.org/a?b=1 con @ana & el perro', 'Visitez https://x.org/a?b=1 avec @ana & le chien'],
    ]);
    expect(vendor.requests).toHaveLength(1);
    const [request] = vendor.requests;
    expect(request!.method).toBe('POST');
    expect(request!.query.getAll('to')).toEqual(['es', 'fr']);
    expect(request!.query.get('from')).toBe('en');
    expect(request!.headers['x-clienttraceid']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(request!.body)).toEqual([
      { Text: 'Hello, my friend' },
      {
        Text: 'Visit <span class="notranslate" translate="no" id="p0"></span> with <span class="notranslate" translate="no" id="p1"></span> &amp; the dog',
      },
    ]);
    expect(request!.body).not.toContain('x.org');
    expect(request!.body).not.toContain('ana');
  });

  it('uses Azure codes for Chinese and reads its language list', async () => {
    await engine().translate({ from: 'zh', to: ['en'], texts: texts('你好') }, never());
    expect(vendor.requests[0]!.query.get('from')).toBe('zh-Hans');
    const pairs = await engine().languagePairs(never());
    expect(vendor.requests[1]!.headers['ocp-apim-subscription-key']).toBeUndefined();
    expect(new Set(pairs.map((p) => p.from))).toEqual(new Set(['en', 'es', 'fr', 'de', 'it', 'zh', 'pt']));
    expect(pairs).toContainEqual({ from: 'zh', to: 'es' });
  });

  it('detects and transliterates', async () => {
    const azure = engine();
    expect(await azure.detect!(['你好'], never())).toEqual([{ language: 'zh', confidence: 0.93 }]);
    expect(await azure.transliterate!(['こんにちは'], 'ja', never())).toEqual(['konnichiwa']);
    expect(vendor.requests[1]!.query.get('language')).toBe('ja');
    expect(await azure.transliterate!(['hello'], 'en', never())).toEqual([null]);
  });

  it('reports 429 with its Retry-After, 5xx as worth retrying, and a bad key as not', async () => {
    vendor.queue.push(
      {
        status: 429,
        headers: { 'retry-after': '7' },
        json: {
          error: {
            code: 429001,
            message: 'The server rejected the request because the client has exceeded request limits.',
          },
        },
      },
      { status: 503, json: { error: { code: 503000, message: 'The service is temporarily unavailable.' } } },
    );
    const limited = await engine()
      .translate({ from: 'en', to: ['es'], texts: texts('Hello') }, never())
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(EngineError);
    expect(limited).toMatchObject({ status: 429, retryable: true, retryAfterMs: 7000 });
    expect((limited as Error).message).toContain('exceeded request limits');
    const down = await engine()
      .translate({ from: 'en', to: ['es'], texts: texts('Hello') }, never())
      .catch((e: unknown) => e);
    expect(down).toMatchObject({ status: 503, retryable: true });
    const denied = await engine('wrong')
      .translate({ from: 'en', to: ['es'], texts: texts('Hello') }, never())
      .catch((e: unknown) => e);
    expect(denied).toMatchObject({ status: 401, retryable: false });
    expect((denied as Error).message).toBe(
      'azure answered 401: The request is not authorized because credentials are missing or invalid.',
    );
  });

  it('is retried through the runner after a 429 and a 500, and times out a hung call', async () => {
    const runner = new EngineRunner(engine(), {
      timeoutMs: 300,
      retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 20, maxRetryAfterMs: 2000 },
    });
    vendor.queue.push(
      { status: 429, headers: { 'retry-after': '0' }, json: { error: { code: 429001, message: 'Too many requests' } } },
      { status: 500, json: { error: { code: 500000, message: 'An unexpected error occurred.' } } },
    );
    const result = await runner.run(1, (signal) =>
      engine().translate({ from: 'en', to: ['es'], texts: texts('Hello') }, signal),
    );
    expect(result).toEqual([['Hola']]);
    expect(vendor.requests).toHaveLength(3);
    expect(runner.stats).toMatchObject({ calls: 3, retries: 2, failures: 0 });

    vendor.queue.push({ delayMs: 1000, json: [] }, { delayMs: 1000, json: [] }, { delayMs: 1000, json: [] });
    await expect(
      runner.run(1, (signal) => engine().translate({ from: 'en', to: ['es'], texts: texts('Hello') }, signal)),
    ).rejects.toThrow('azure timed out after 300 ms');
  });

  it('rejects an answer in an unexpected shape without retrying', async () => {
    vendor.queue.push({ json: { translations: 'nope' } });
    await expect(engine().translate({ from: 'en', to: ['es'], texts: texts('Hello') }, never())).rejects.toMatchObject({
      message: 'azure answered in an unexpected shape',
      retryable: false,
    });
  });
});

/** What each /translate call carried: texts, targets, and characters as Azure counts them. */
function translateCalls() {
  return vendor.requests
    .filter((request) => request.path === '/translate')
    .map((request) => {
      const body = JSON.parse(request.body) as Array<{ Text: string }>;
      const targets = request.query.getAll('to');
      const chars = body.reduce((sum, item) => sum + item.Text.length, 0);
      return { texts: body.length, targets: targets.length, billed: chars * targets.length, to: targets };
    });
}

describe('Azure request limits through the service', () => {
  const service = () =>
    createTranslationService({
      engines: [engine()],
      store: inMemoryTranslationStore(),
      cacheSize: 10_000,
      timeoutMs: 10_000,
      retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    });

  it('is refused by the stand-in beyond 50,000 characters times targets, as Azure refuses it', async () => {
    const long = Array.from({ length: 11 }, () => 'hello '.repeat(167).slice(0, 1000));
    await expect(
      engine().translate({ from: 'en', to: ['es', 'fr', 'de', 'it', 'pt'], texts: texts(...long) }, never()),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('too long') as unknown });
  });

  it('splits 50 texts of about 490 characters into 5 languages into calls within the limit', async () => {
    const filler = 'Hello my friend, see the dog with the visit. '.repeat(12);
    const many = Array.from({ length: 50 }, (_, i) => `Visit https://x.org/${i} now. ${filler}`.slice(0, 490));
    const translation = service();
    const targets = ['es', 'fr', 'de', 'it', 'pt'];
    const results = await translation.translate({ texts: many, to: targets, from: 'en' });
    const states = results.flatMap((result) => result.translations.map((t) => t.state));
    expect(states).toHaveLength(250);
    expect(new Set(states)).toEqual(new Set(['ready']));
    expect(results[7]!.translations[0]!.text).toMatch(/^Visita https:\/\/x\.org\/7 now\. Hola mi amigo/);
    const calls = translateCalls();
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) {
      expect(call.texts).toBeLessThanOrEqual(1000);
      expect(call.billed).toBeLessThanOrEqual(50_000);
    }
    // Every (text, language) went exactly once.
    expect(calls.reduce((sum, call) => sum + call.texts * call.targets, 0)).toBe(250);
    await translation.close();
  });

  it('splits 1,200 short texts at 1,000 per call', async () => {
    const word = (i: number) =>
      String.fromCharCode(97 + (i % 26), 97 + (Math.floor(i / 26) % 26), 97 + Math.floor(i / 676));
    const many = Array.from({ length: 1200 }, (_, i) => `Hello ${word(i)}`);
    const translation = service();
    const results = await translation.translate({ texts: many, to: ['es'], from: 'en' });
    expect(results.every((result) => result.translations[0]!.state === 'ready')).toBe(true);
    expect(results[1199]!.translations[0]!.text).toBe(`Hola ${word(1199)}`);
    expect(
      translateCalls()
        .map((call) => call.texts)
        .sort((a, b) => b - a),
    ).toEqual([1000, 200]);
    await translation.close();
  });

  it('gives a long text fewer targets per call when all of them would not fit', async () => {
    // 9,000 characters into 6 languages would be 54,000.
    const long = 'Hello my friend, see the dog. '.repeat(300);
    const translation = service();
    const [result] = await translation.translate({
      texts: [long],
      to: ['es', 'fr', 'de', 'it', 'pt', 'zh'],
      from: 'en',
    });
    expect(result!.translations.map((t) => t.state)).toEqual(['ready', 'ready', 'ready', 'ready', 'ready', 'ready']);
    expect(result!.translations[0]!.text).toMatch(/^Hola mi amigo, ver el perro\./);
    const calls = translateCalls();
    expect(calls.map((call) => call.targets).sort()).toEqual([1, 5]);
    for (const call of calls) expect(call.billed).toBeLessThanOrEqual(50_000);
    await translation.close();
  });
});
