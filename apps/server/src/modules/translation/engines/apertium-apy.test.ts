import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vendorServer, vendorTranslate, type VendorServer } from '../../../test/vendor-server';
import { EngineRunner } from '../engine-runner';
import { normaliseText, splitProtected } from '../protected-text';
import { createApertiumApyEngine } from './apertium-apy';

const never = () => new AbortController().signal;
const texts = (...values: string[]) => values.map((value) => splitProtected(normaliseText(value)));

let vendor: VendorServer;
/**
 * Apertium APY as its handlers answer: GET /listPairs with ISO 639-3 codes, /translate with
 * langpair=eng|spa and q (HTML deformatting by default, so tags pass through), one text per
 * request; errors as {status: "error", code, message, explanation}.
 */
beforeAll(async () => {
  vendor = await vendorServer((request) => {
    if (request.path === '/listPairs') {
      return {
        json: {
          responseData: [
            { sourceLanguage: 'eng', targetLanguage: 'spa' },
            { sourceLanguage: 'spa', targetLanguage: 'eng' },
            { sourceLanguage: 'spa', targetLanguage: 'eng_US' },
            { sourceLanguage: 'spa', targetLanguage: 'cat' },
            { sourceLanguage: 'kaz', targetLanguage: 'tat' },
          ],
          responseDetails: null,
          responseStatus: 200,
        },
      };
    }
    if (request.path !== '/translate')
      return { status: 404, json: { status: 'error', code: 404, message: 'Not Found' } };
    const form = new URLSearchParams(request.body);
    if (form.get('langpair') !== 'eng|spa') {
      return {
        status: 400,
        json: { status: 'error', code: 400, message: 'Bad Request', explanation: 'That pair is not installed' },
      };
    }
    if (form.get('markUnknown') !== 'no')
      return { status: 400, json: { status: 'error', code: 400, message: 'Bad Request' } };
    return {
      json: {
        responseData: { translatedText: vendorTranslate(form.get('q') ?? '', 'es') },
        responseDetails: null,
        responseStatus: 200,
      },
    };
  });
});
afterAll(() => vendor.close());
beforeEach(() => {
  vendor.requests.length = 0;
  vendor.queue.length = 0;
});

describe('Apertium APY contract', () => {
  it('maps its ISO 639-3 pairs to ours and translates each text as a form post', async () => {
    const apy = createApertiumApyEngine({ url: vendor.url });
    expect(await apy.languagePairs(never())).toEqual([
      { from: 'en', to: 'es' },
      { from: 'es', to: 'en' },
      { from: 'es', to: 'ca' },
    ]);
    const result = await apy.translate(
      { from: 'en', to: ['es'], texts: texts('Hello, my friend', 'See @ana & the dog') },
      never(),
    );
    expect(result).toEqual([['Hola, mi amigo'], ['Ver @ana & el perro']]);
    const posted = vendor.requests.slice(1).map((r) => Object.fromEntries(new URLSearchParams(r.body)));
    expect(posted).toContainEqual({
      langpair: 'eng|spa',
      q: 'See <span id="p0"></span> &amp; the dog',
      markUnknown: 'no',
    });
    expect(vendor.requests[1]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('prefers the plain pair over a variant and reports APY errors', async () => {
    const apy = createApertiumApyEngine({ url: vendor.url });
    await apy.languagePairs(never());
    await expect(apy.translate({ from: 'es', to: ['en'], texts: texts('Hola') }, never())).rejects.toMatchObject({
      status: 400,
      retryable: false,
      message: 'apertium-apy answered 400: That pair is not installed',
    });
    expect(new URLSearchParams(vendor.requests[1]!.body).get('langpair')).toBe('spa|eng');
  });

  it('reports 429 with Retry-After and 5xx as worth retrying, and is retried through the runner', async () => {
    const apy = createApertiumApyEngine({ url: vendor.url });
    await apy.languagePairs(never());
    vendor.queue.push(
      {
        status: 429,
        headers: { 'retry-after': '4' },
        json: { status: 'error', code: 429, message: 'Too Many Requests', explanation: 'Rate limit exceeded' },
      },
      {
        status: 503,
        json: { status: 'error', code: 503, message: 'Service Unavailable', explanation: 'Pipeline could not start' },
      },
    );
    await expect(apy.translate({ from: 'en', to: ['es'], texts: texts('Hello') }, never())).rejects.toMatchObject({
      status: 429,
      retryable: true,
      retryAfterMs: 4000,
      message: 'apertium-apy answered 429: Rate limit exceeded',
    });
    await expect(apy.translate({ from: 'en', to: ['es'], texts: texts('Hello') }, never())).rejects.toMatchObject({
      status: 503,
      retryable: true,
      message: 'apertium-apy answered 503: Pipeline could not start',
    });

    const runner = new EngineRunner(apy, {
      timeoutMs: 3000,
      retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 20, maxRetryAfterMs: 5000 },
    });
    vendor.requests.length = 0;
    vendor.queue.push(
      {
        status: 429,
        headers: { 'retry-after': '0' },
        json: { status: 'error', code: 429, message: 'Too Many Requests' },
      },
      { status: 500, json: { status: 'error', code: 500, message: 'Internal Server Error' } },
    );
    const result = await runner.run(1, (signal) =>
      apy.translate({ from: 'en', to: ['es'], texts: texts('Hello, my friend') }, signal),
    );
    expect(result).toEqual([['Hola, mi amigo']]);
    expect(vendor.requests).toHaveLength(3);
    expect(runner.stats).toMatchObject({ retries: 2, failures: 0 });
  });
});
