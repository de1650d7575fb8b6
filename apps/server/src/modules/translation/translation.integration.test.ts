import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LanguagesResponse,
  TranslateResponse,
  TranslationResult,
  TranslationStatus,
} from '@tolk/shared/schemas/translation';
import { apertiumInstalled } from '../../config';
import { testApp, type TestApp } from '../../test/build-app';
import { TEST_ADMIN_PASSWORD } from '../../test/constants';
import {
  expectError,
  expectForbidden,
  expectUnauthorized,
  newAccount,
  signIn,
  type Member,
} from '../../test/factories';

// The local engine is a Debian package; where it is missing these tests cannot say anything.
const MODES_DIR = '/usr/share/apertium/modes';
const skipReason = apertiumInstalled(MODES_DIR)
  ? undefined
  : `apertium is not installed (apt-get install apertium apertium-eng-spa apertium-fr-es apertium-es-pt apertium-spa-ita)`;
if (skipReason) console.warn(`translation routes: skipped, ${skipReason}`);

let t: TestApp;
let member: Member;

let caller = 0;
// Each request from its own address unless a test says otherwise: the rate limit has its own test.
const translate = (payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/translate',
    payload,
    headers,
    remoteAddress: remoteAddress ?? `10.9.${Math.floor(++caller / 250)}.${caller % 250}`,
  });

async function status(): Promise<TranslationStatus> {
  const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  const res = await t.app.inject({ method: 'GET', url: '/api/translation/status', headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TranslationStatus>();
}

beforeAll(async () => {
  if (skipReason) return;
  t = await testApp({
    config: {
      translation: {
        engines: [{ name: 'apertium', modesDir: MODES_DIR }],
        premiumEngines: [],
        timeoutMs: 10_000,
        cacheSize: 1000,
      },
    },
    translateLimit: { max: 30, timeWindow: 60_000 },
  });
  member = await newAccount(t.app, { language: 'en' });
});
afterAll(async () => {
  if (!skipReason) await t.close();
});

describe.skipIf(skipReason)('translation with the local Apertium engine', () => {
  it('translates English to Spanish for a guest, with Spanish text that is not the source', async () => {
    const res = await translate({ texts: ['Hello, my friend'], to: ['es'], from: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const [result] = res.json<TranslateResponse>().results;
    expect(result).toMatchObject({ source: 'Hello, my friend', from: 'en', detection: { method: 'given' } });
    const [spanish] = result!.translations;
    expect(spanish).toMatchObject({ to: 'es', state: 'ready', engine: 'apertium' });
    expect(spanish!.text).not.toBe('Hello, my friend');
    expect(spanish!.text).toMatch(/amigo/i);
    expect(spanish!.pivot).toBeUndefined();
  });

  it('translates Spanish back to English directly, with the words of the sentence', async () => {
    const res = await translate({ texts: ['El perro come pan en la casa.'], to: ['en'], from: 'es' });
    const [english] = res.json<TranslateResponse>().results[0]!.translations;
    expect(english).toMatchObject({ to: 'en', state: 'ready', engine: 'apertium' });
    expect(english!.pivot).toBeUndefined();
    expect(english!.text).toMatch(/\bdog\b/i);
    expect(english!.text).toMatch(/\bbread\b/i);
    expect(english!.text).toMatch(/\bhouse\b/i);
  });

  it('pivots English to French, Portuguese and Italian through Spanish and says so', async () => {
    const res = await translate({ texts: ['The dog eats bread in the house.'], to: ['fr', 'pt', 'it'], from: 'en' });
    const [french, portuguese, italian] = res.json<TranslateResponse>().results[0]!.translations;
    for (const translation of [french, portuguese, italian]) {
      expect(translation, translation!.to).toMatchObject({ state: 'ready', engine: 'apertium', pivot: 'es' });
    }
    expect(french!.text).toMatch(/\bchien\b/i);
    expect(french!.text).toMatch(/\bmaison\b/i);
    expect(portuguese!.text).toMatch(/\bcão\b/i);
    expect(portuguese!.text).toMatch(/\bcasa\b/i);
    expect(italian!.text).toMatch(/\bcane\b/i);
    expect(italian!.text).toMatch(/\bcasa\b/i);
  });

  it('translates English to Portuguese and Italian with the words of the sentence', async () => {
    const res = await translate({
      texts: ['My friend has a big house and a black cat.'],
      to: ['pt', 'it'],
      from: 'en',
    });
    const [portuguese, italian] = res.json<TranslateResponse>().results[0]!.translations;
    expect(portuguese).toMatchObject({ to: 'pt', state: 'ready', pivot: 'es' });
    expect(portuguese!.text).toMatch(/\bamigo\b/i);
    expect(portuguese!.text).toMatch(/\bgato\b/i);
    expect(italian).toMatchObject({ to: 'it', state: 'ready', pivot: 'es' });
    expect(italian!.text).toMatch(/\bamico\b/i);
    expect(italian!.text).toMatch(/\bgatto\b/i);
  });

  it.each([
    ['fr', 'Le chien mange du pain dans la maison.'],
    ['pt', 'O cão come pão na casa.'],
    ['it', 'Il cane mangia il pane nella casa.'],
  ])('translates %s back to English through Spanish', async (from, text) => {
    const res = await translate({ texts: [text], to: ['en'], from });
    const [english] = res.json<TranslateResponse>().results[0]!.translations;
    expect(english).toMatchObject({ to: 'en', state: 'ready', engine: 'apertium', pivot: 'es' });
    expect(english!.text).toMatch(/\bdog\b/i);
    expect(english!.text).toMatch(/\bhouse\b/i);
  });

  it('marks a pair no engine has as unavailable, with the reason and no text', async () => {
    const res = await translate({ texts: ['Hello, my friend'], to: ['de', 'es'], from: 'en' });
    const [german, spanish] = res.json<TranslateResponse>().results[0]!.translations;
    expect(german).toEqual({
      to: 'de',
      text: null,
      transliteration: null,
      engine: null,
      state: 'unavailable',
      reason: 'no translation engine for en to de',
    });
    expect(spanish!.state).toBe('ready');
  });

  it('skips a target in the source language, and detects the language when not given', async () => {
    const res = await translate({
      texts: ['Where is the train station? I would like to buy a ticket.'],
      to: ['en', 'es'],
    });
    const [result] = res.json<TranslateResponse>().results;
    expect(result!.from).toBe('en');
    expect(result!.detection.method).toBe('detected');
    expect(result!.detection.confidence).toBeGreaterThan(0.5);
    expect(result!.translations[0]).toMatchObject({ to: 'en', state: 'skipped', text: result!.source });
    expect(result!.translations[1]).toMatchObject({ to: 'es', state: 'ready' });
  });

  it("falls back to the member's profile language for a short text", async () => {
    const res = await translate({ texts: ['Hello'], to: ['es'] }, member.headers);
    const [result] = res.json<TranslateResponse>().results;
    expect(result).toMatchObject({ from: 'en', detection: { method: 'fallback' } });
  });

  it('keeps URLs, mentions, e-mail addresses, emoji, numbers and code exactly as written', async () => {
    const text =
      'Visit https://example.com/a?b=1 with @anna and 3 friends 😀 at 12:30, mail bob@example.org `npm install`';
    const res = await translate({ texts: [text], to: ['es', 'fr'], from: 'en' });
    for (const translation of res.json<TranslateResponse>().results[0]!.translations) {
      expect(translation.state).toBe('ready');
      for (const kept of [
        'https://example.com/a?b=1',
        '@anna',
        ' 3 ',
        '😀',
        '12:30',
        'bob@example.org',
        '`npm install`',
      ]) {
        expect(translation.text, `${translation.to}: ${kept}`).toContain(kept);
      }
    }
  });

  it('translates a repeated request from memory, without calling the engine again', async () => {
    const text = `The weather is nice today and the birds sing ${Date.now()}.`;
    await translate({ texts: [text], to: ['es', 'fr'], from: 'en' });
    const beforeStatus = await status();
    const before = beforeStatus.engines[0]!;
    const again = await translate({ texts: [text], to: ['es', 'fr'], from: 'en' });
    const after = await status();
    expect(after.engines[0]!.calls).toBe(before.calls);
    expect(after.engines[0]!.texts).toBe(before.texts);
    expect(again.json<TranslateResponse>().results[0]!.translations.map((x) => x.state)).toEqual(['ready', 'ready']);
    // Answered from the in-process memory by this request: en->es, and both hops of en->es->fr.
    expect(after.memory.cacheHits - beforeStatus.memory.cacheHits).toBe(3);
  });

  it('translates many texts of one request in one engine call', async () => {
    const texts = Array.from({ length: 20 }, (_, i) => `The house number ${i} has a red door and a big garden.`);
    const before = (await status()).engines[0]!.calls;
    const res = await translate({ texts, to: ['es'], from: 'en' });
    const results = res.json<TranslateResponse>().results;
    expect(results.every((r: TranslationResult) => r.translations[0]!.state === 'ready')).toBe(true);
    expect(results[7]!.translations[0]!.text).toContain('7');
    expect((await status()).engines[0]!.calls - before).toBe(1);
  });

  it('gives a transliteration for non-Latin source text', async () => {
    const res = await translate({ texts: ['Привет, как дела?'], to: ['ru'], from: 'ru' });
    const [result] = res.json<TranslateResponse>().results;
    expect(result!.transliteration).toBe('Privet, kak dela?');
    expect(result!.translations[0]).toMatchObject({ state: 'skipped', transliteration: 'Privet, kak dela?' });
  });

  it('lists the interface languages and the pairs available now', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/languages' });
    expect(res.statusCode).toBe(200);
    const body = res.json<LanguagesResponse>();
    expect(body.interface).toHaveLength(15);
    expect(body.interface.find((l) => l.code === 'ar')).toEqual({ code: 'ar', name: 'العربية', direction: 'rtl' });
    expect(body.interface.find((l) => l.code === 'ja')).toEqual({ code: 'ja', name: '日本語', direction: 'ltr' });
    expect(body.translation.pairs).toContainEqual({ from: 'en', to: 'es', engine: 'apertium', pivot: null });
    expect(body.translation.pairs).toContainEqual({ from: 'en', to: 'fr', engine: 'apertium', pivot: 'es' });
    expect(body.translation.pairs.some((p) => p.to === 'de')).toBe(false);
    expect(body.translation.languages.map((l) => l.code).sort()).toEqual(['en', 'es', 'fr', 'it', 'pt']);
  });
});

describe.skipIf(skipReason)('bad input and limits', () => {
  it('answers unknown languages, empty lists and empty texts with field errors', async () => {
    const unknown = expectError(await translate({ texts: ['Hi'], to: ['xx'], from: 'zz' }), 400, 'validation_failed');
    expect(Object.keys(unknown.fields ?? {}).sort()).toEqual(['from', 'to.0']);
    expect(unknown.fields?.['to.0']).toEqual(['Unknown language code.']);
    const empty = expectError(await translate({ texts: [], to: [] }), 400, 'validation_failed');
    expect(Object.keys(empty.fields ?? {}).sort()).toEqual(['texts', 'to']);
    const blank = expectError(await translate({ texts: ['ok', '   '], to: ['es'] }), 400, 'validation_failed');
    expect(blank.fields).toHaveProperty(['texts.1']);
    expectError(await translate({ texts: 'Hi', to: 'es' }), 400, 'validation_failed');
  });

  it('caps texts and targets per request', async () => {
    const many = expectError(
      await translate({ texts: Array.from({ length: 51 }, () => 'Hi'), to: ['es'] }),
      400,
      'validation_failed',
    );
    expect(many.fields?.texts?.[0]).toMatch(/50/);
    const targets = ['es', 'fr', 'pt', 'it', 'de', 'nl', 'sv', 'da', 'fi', 'pl', 'cs', 'ru', 'uk', 'ja', 'ko', 'zh'];
    expect(
      expectError(await translate({ texts: ['Hi'], to: targets }), 400, 'validation_failed').fields,
    ).toHaveProperty('to');
  });

  it('lets guests send 500 characters per text and members 5000', async () => {
    const words = (n: number) => 'hello '.repeat(Math.ceil(n / 6)).slice(0, n);
    const guestTooLong = expectError(
      await translate({ texts: ['fine', words(501)], to: ['es'], from: 'en' }),
      400,
      'validation_failed',
    );
    expect(Object.keys(guestTooLong.fields ?? {})).toEqual(['texts.1']);
    expect(guestTooLong.fields?.['texts.1']?.[0]).toMatch(/500/);
    expect((await translate({ texts: [words(500)], to: ['es'], from: 'en' })).statusCode).toBe(200);
    expect((await translate({ texts: [words(1200)], to: ['es'], from: 'en' }, member.headers)).statusCode).toBe(200);
    expectError(
      await translate({ texts: [words(5001)], to: ['es'], from: 'en' }, member.headers),
      400,
      'validation_failed',
    );
  });

  it('accepts regional and old language codes', async () => {
    const res = await translate({ texts: ['Hello, my friend'], to: ['ES', 'pt-BR'], from: 'en-GB' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TranslateResponse>().results[0]!.translations.map((x) => x.to)).toEqual(['es', 'pt']);
  });

  it('rate-limits one address with 429 and Retry-After', async () => {
    let last = await translate({ texts: ['Hello'], to: ['es'], from: 'en' }, {}, '198.51.100.77');
    for (let i = 0; i < 40 && last.statusCode === 200; i++) {
      last = await translate({ texts: ['Hello'], to: ['es'], from: 'en' }, {}, '198.51.100.77');
    }
    expectError(last, 429, 'rate_limited');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect((await translate({ texts: ['Hello'], to: ['es'], from: 'en' }, {}, '198.51.100.78')).statusCode).toBe(200);
  });

  it('shows the status to superadmins only', async () => {
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/translation/status' }));
    expectForbidden(await t.app.inject({ method: 'GET', url: '/api/translation/status', headers: member.headers }));
    const body = await status();
    expect(body.engines).toHaveLength(1);
    expect(body.engines[0]).toMatchObject({ name: 'apertium', health: 'ok', breaker: { state: 'closed' } });
    expect(body.engines[0]!.pairs).toBeGreaterThanOrEqual(8);
    expect(body.memory.capacity).toBe(1000);
  });

  it('documents the routes in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/translate', '/api/languages', '/api/translation/status']),
    );
  });
});
