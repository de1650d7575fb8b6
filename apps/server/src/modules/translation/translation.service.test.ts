import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranslationResult } from '@tolk/shared/schemas/translation';
import { fakeEngine, inMemoryTranslationStore, type FakeEngine } from '../../test/fake-engine';
import { EngineError } from './engines/engine';
import { hashText, normaliseText } from './protected-text';
import { createTranslationService, type TranslateRequest, type TranslationServiceOptions } from './translation.service';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function service(engines: FakeEngine[], overrides: Partial<TranslationServiceOptions> = {}) {
  const store = overrides.store ?? inMemoryTranslationStore();
  const translation = createTranslationService({
    engines,
    store,
    cacheSize: 100,
    timeoutMs: 1000,
    batchWindowMs: 5,
    breaker: { failureThreshold: 2, cooldownMs: 60_000 },
    retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 10, maxRetryAfterMs: 10 },
    ...overrides,
  });
  /** Runs a request to its end, timers and all. */
  const run = async (request: TranslateRequest): Promise<TranslationResult[]> => {
    const pending = translation.translate(request);
    await vi.runAllTimersAsync();
    return pending;
  };
  return { translation, store, run };
}

const english = (i: number) => `The red house number ${i} stands by the river.`;
const textsSent = (engine: FakeEngine) => engine.calls.reduce((sum, call) => sum + call.texts.length, 0);

describe('batching', () => {
  it('sends requests that arrive together in one call per language pair', async () => {
    const engine = fakeEngine({
      pairs: [
        ['en', 'es'],
        ['en', 'fr'],
      ],
    });
    const { translation } = service([engine]);
    const requests = [0, 1, 2].map((r) =>
      translation.translate({ texts: [english(r * 10), english(r * 10 + 1)], to: ['es', 'fr'], from: 'en' }),
    );
    await vi.runAllTimersAsync();
    const results = await Promise.all(requests);
    expect(engine.calls.map((call) => [call.to.join(), call.texts.length])).toEqual([
      ['es', 6],
      ['fr', 6],
    ]);
    expect(results[1]![0]!.translations[0]).toMatchObject({ state: 'ready', text: `[es] ${english(10)}` });
  });

  it("splits a batch at the engine's documented character limit, for requests arriving together", async () => {
    const limited = fakeEngine({ pairs: [['en', 'es']], limits: { maxTexts: 50, maxChars: 200 } });
    const { translation } = service([limited]);
    const together = [0, 1].map((r) =>
      translation.translate({
        texts: Array.from({ length: 5 }, (_, i) => english(r * 10 + i)),
        to: ['es'],
        from: 'en',
      }),
    );
    await vi.runAllTimersAsync();
    await Promise.all(together);
    // Each text is 46-47 characters: four fit under 200, so ten arriving together go as 4, 4, 2.
    expect(limited.calls.map((call) => call.texts.length)).toEqual([4, 4, 2]);
    for (const call of limited.calls) {
      const chars = call.texts.reduce((sum, parts) => sum + parts.map((part) => part.value).join('').length, 0);
      expect(chars).toBeLessThanOrEqual(200);
    }
  });

  it('counts characters once per target where the engine does, splitting texts and then targets', async () => {
    const engine = fakeEngine({
      pairs: ['es', 'fr', 'de'].map((to): [string, string] => ['en', to]),
      limits: { maxTexts: 50, maxChars: 300, maxTargets: 3, charsPerTarget: true },
    });
    const { translation } = service([engine]);
    const together = [0, 1].map((r) =>
      translation.translate({
        texts: Array.from({ length: 3 }, (_, i) => english(r * 10 + i)),
        to: ['es', 'fr', 'de'],
        from: 'en',
      }),
    );
    await vi.runAllTimersAsync();
    const results = (await Promise.all(together)).flat();
    // 46-47 characters x 3 targets is about 140 a text: two texts a call under 300.
    expect(engine.calls.map((call) => [call.texts.length, call.to.length])).toEqual([
      [2, 3],
      [2, 3],
      [2, 3],
    ]);
    expect(results.every((result) => result.translations.every((t) => t.state === 'ready'))).toBe(true);

    engine.calls.length = 0;
    const long = 'The river is long and the house is red. '.repeat(5).trim();
    const pending = translation.translate({ texts: [long], to: ['es', 'fr', 'de'], from: 'en' });
    await vi.runAllTimersAsync();
    const [wide] = await pending;
    // 204 characters: one target per call keeps it under 300.
    expect(engine.calls.map((call) => call.to)).toEqual([['de'], ['es'], ['fr']]);
    expect(wide!.translations.map((t) => t.text)).toEqual(['es', 'fr', 'de'].map((to) => `[${to}] ${long}`));
  });

  it('sends no more than maxTexts at once, however many arrive', async () => {
    const engine = fakeEngine({ pairs: [['en', 'es']], limits: { maxTexts: 50 } });
    const { translation } = service([engine]);
    const all = [0, 1, 2].map((r) =>
      translation.translate({
        texts: Array.from({ length: 40 }, (_, i) => english(r * 100 + i)),
        to: ['es'],
        from: 'en',
      }),
    );
    await vi.runAllTimersAsync();
    await Promise.all(all);
    expect(engine.calls.map((call) => call.texts.length).sort((a, b) => b - a)).toEqual([50, 50, 20]);
  });

  it('translates into several languages per call where the engine can, within its target limit', async () => {
    const engine = fakeEngine({
      pairs: ['es', 'fr', 'de', 'it'].map((to): [string, string] => ['en', to]),
      limits: { maxTargets: 3 },
    });
    const { run } = service([engine]);
    const [result] = await run({ texts: [english(1)], to: ['es', 'fr', 'de', 'it'], from: 'en' });
    expect(engine.calls.map((call) => call.to)).toEqual([['de', 'es', 'fr'], ['it']]);
    expect(result!.translations.map((t) => t.text)).toEqual(
      ['es', 'fr', 'de', 'it'].map((to) => `[${to}] ${english(1)}`),
    );
  });

  it('sends a text that appears twice only once', async () => {
    const engine = fakeEngine({ pairs: [['en', 'es']] });
    const { run } = service([engine]);
    const results = await run({ texts: [english(1), `  ${english(1)}  `, english(2)], to: ['es'], from: 'en' });
    expect(textsSent(engine)).toBe(2);
    expect(results[1]!.translations[0]!.text).toBe(`[es] ${english(1)}`);
  });
});

describe('translation memory', () => {
  it('answers a repeated request without calling the engine', async () => {
    const engine = fakeEngine({ pairs: [['en', 'es']] });
    const { run, translation } = service([engine]);
    await run({ texts: [english(1), english(2)], to: ['es'], from: 'en' });
    expect(engine.calls).toHaveLength(1);
    const again = await run({ texts: [english(2), english(1)], to: ['es'], from: 'en' });
    expect(engine.calls).toHaveLength(1);
    expect(again[0]!.translations[0]!.text).toBe(`[es] ${english(2)}`);
    expect((await translation.status()).memory).toMatchObject({ lookups: 4, cacheHits: 2, hitRate: 0.5 });
  });

  it('finds translations another instance made in the shared store', async () => {
    const store = inMemoryTranslationStore();
    const first = fakeEngine({ pairs: [['en', 'es']] });
    await service([first], { store }).run({ texts: [english(1)], to: ['es'], from: 'en' });
    const second = fakeEngine({ pairs: [['en', 'es']] });
    const other = service([second], { store });
    const [result] = await other.run({ texts: [english(1)], to: ['es'], from: 'en' });
    expect(second.calls).toHaveLength(0);
    expect(result!.translations[0]).toMatchObject({ state: 'ready', text: `[es] ${english(1)}` });
    expect((await other.translation.status()).memory.storeHits).toBe(1);
  });

  it('polishes what it remembers: raw engine output saved before the polish reaches readers tidied', async () => {
    const store = inMemoryTranslationStore();
    const asked = [normaliseText('Where do you want to go?'), normaliseText('Hello Bruno!')];
    await store.save('fake', 'en', [
      { targetLanguage: 'es', sourceHash: hashText(asked[0]!), translatedText: 'Dónde   quieres ir?' },
      { targetLanguage: 'es', sourceHash: hashText(asked[1]!), translatedText: 'Hola Bruno!' },
    ]);
    const engine = fakeEngine({ pairs: [['en', 'es']] });
    const { run } = service([engine], { store });
    for (let round = 0; round < 2; round++) {
      // The first round reads the SQL rows, the second the in-process cache.
      const results = await run({ texts: asked, to: ['es'], from: 'en' });
      expect(results.map((result) => result.translations[0]!.text)).toEqual(['¿Dónde quieres ir?', '¡Hola Bruno!']);
    }
    expect(engine.calls).toHaveLength(0);
    expect(store.rows.get(['fake', 'en', 'es', hashText(asked[0]!)].join('|'))).toBe('Dónde   quieres ir?');
  });

  it('keeps translating when the store fails', async () => {
    const engine = fakeEngine({ pairs: [['en', 'es']] });
    const store = inMemoryTranslationStore();
    store.find = () => Promise.reject(new Error('database down'));
    store.save = () => Promise.reject(new Error('database down'));
    const warn = vi.fn();
    const { run } = service([engine], { store, log: { warn, error: vi.fn() } });
    const [result] = await run({ texts: [english(1)], to: ['es'], from: 'en' });
    expect(result!.translations[0]!.state).toBe('ready');
    expect(warn).toHaveBeenCalled();
  });
});

describe('a flagged translation', () => {
  it('is not served again from memory: the next request goes to the engine and its answer replaces it', async () => {
    const engine = fakeEngine({ pairs: [['en', 'es']] });
    const store = inMemoryTranslationStore();
    const { translation, run } = service([engine], { store });
    await run({ texts: [english(1)], to: ['es'], from: 'en' });
    const key = ['fake', 'en', 'es', hashText(normaliseText(english(1)))].join('|');
    store.rows.set(key, 'La estación está cerca');
    await translation.forget({ engine: 'fake', from: 'en', to: 'es', pivot: null, text: english(1) });
    const [again] = await run({ texts: [english(1)], to: ['es'], from: 'en' });
    expect(engine.calls).toHaveLength(2);
    expect(again!.translations[0]!.text).toBe(`[es] ${english(1)}`);
    expect(store.rows.get(key)).toBe(`[es] ${english(1)}`);
    // Made again, it is remembered again.
    await run({ texts: [english(1)], to: ['es'], from: 'en' });
    expect(engine.calls).toHaveLength(2);
  });

  it('through a pivot, has both hops made again', async () => {
    const engine = fakeEngine({
      pairs: [
        ['en', 'es'],
        ['es', 'fr'],
      ],
      pivots: ['es'],
    });
    const { translation, run } = service([engine]);
    await run({ texts: [english(1)], to: ['fr'], from: 'en' });
    expect(engine.calls).toHaveLength(2);
    await translation.forget({ engine: 'fake', from: 'en', to: 'fr', pivot: 'es', text: english(1) });
    const [again] = await run({ texts: [english(1)], to: ['fr'], from: 'en' });
    expect(again!.translations[0]).toMatchObject({ state: 'ready', pivot: 'es', text: `[fr] [es] ${english(1)}` });
    expect(engine.calls.map((call) => `${call.from}>${call.to.join()}`)).toEqual(['en>es', 'es>fr', 'en>es', 'es>fr']);
  });

  it('leaves other texts and languages in memory', async () => {
    const engine = fakeEngine({
      pairs: [
        ['en', 'es'],
        ['en', 'fr'],
      ],
    });
    const { translation, run } = service([engine]);
    await run({ texts: [english(1), english(2)], to: ['es', 'fr'], from: 'en' });
    const before = textsSent(engine);
    await translation.forget({ engine: 'fake', from: 'en', to: 'es', pivot: null, text: english(1) });
    await run({ texts: [english(1), english(2)], to: ['es', 'fr'], from: 'en' });
    expect(textsSent(engine) - before).toBe(1);
  });
});

describe('routing', () => {
  it('uses the first configured engine that has the pair', async () => {
    const first = fakeEngine({ name: 'first', pairs: [['en', 'es']] });
    const second = fakeEngine({
      name: 'second',
      pairs: [
        ['en', 'es'],
        ['en', 'de'],
      ],
    });
    const { run } = service([first, second]);
    const [result] = await run({ texts: [english(1)], to: ['es', 'de'], from: 'en' });
    expect(result!.translations.map((t) => t.engine)).toEqual(['first', 'second']);
  });

  it('pivots through an engine pivot language, sharing the first hop, and marks the result', async () => {
    const engine = fakeEngine({
      pairs: [
        ['en', 'es'],
        ['es', 'fr'],
        ['es', 'it'],
      ],
      pivots: ['es'],
    });
    const { run } = service([engine]);
    const [result] = await run({ texts: [english(1)], to: ['es', 'fr', 'it'], from: 'en' });
    expect(result!.translations.map((t) => [t.to, t.pivot, t.text])).toEqual([
      ['es', undefined, `[es] ${english(1)}`],
      ['fr', 'es', `[fr] [es] ${english(1)}`],
      ['it', 'es', `[it] [es] ${english(1)}`],
    ]);
    // en->es once (for all three), then es->fr and es->it.
    expect(engine.calls.map((call) => `${call.from}>${call.to.join()}`).sort()).toEqual(['en>es', 'es>fr', 'es>it']);
  });

  it('says which pair has no engine, never copying the source', async () => {
    const { run } = service([fakeEngine({ pairs: [['en', 'es']] })]);
    const [result] = await run({ texts: ['Guten Morgen'], to: ['ja'], from: 'de' });
    expect(result!.translations[0]).toEqual({
      to: 'ja',
      text: null,
      transliteration: null,
      engine: null,
      state: 'unavailable',
      reason: 'no translation engine for de to ja',
    });
  });

  it('skips targets in the source language and texts with nothing to translate', async () => {
    const engine = fakeEngine({ pairs: [['en', 'es']] });
    const { run } = service([engine]);
    const [same, nothing] = await run({ texts: ['Hello there', '😀 https://x.org 42'], to: ['en', 'es'], from: 'en' });
    expect(same!.translations[0]).toMatchObject({ state: 'skipped', text: 'Hello there', engine: null });
    expect(nothing!.translations[1]).toMatchObject({
      state: 'skipped',
      text: '😀 https://x.org 42',
      reason: 'nothing to translate',
    });
    expect(textsSent(engine)).toBe(1);
  });
});

describe('failures', () => {
  it('reports an engine error as unavailable with its reason, and moves on to the next engine', async () => {
    const broken = fakeEngine({ name: 'broken', pairs: [['en', 'es']] });
    broken.failWith = new EngineError('broken', 'broken answered 500', { retryable: true, status: 500 });
    const { run } = service([broken]);
    const [alone] = await run({ texts: [english(1)], to: ['es'], from: 'en' });
    expect(alone!.translations[0]).toMatchObject({
      state: 'unavailable',
      text: null,
      engine: 'broken',
      reason: 'broken answered 500',
    });

    const backup = fakeEngine({ name: 'backup', pairs: [['en', 'es']] });
    const both = service([broken, backup]);
    const [rescued] = await both.run({ texts: [english(2)], to: ['es'], from: 'en' });
    expect(rescued!.translations[0]).toMatchObject({ state: 'ready', engine: 'backup' });
  });

  it('stops calling an engine whose breaker opened, and routes around it', async () => {
    const flaky = fakeEngine({ name: 'flaky', pairs: [['en', 'es']] });
    const backup = fakeEngine({ name: 'backup', pairs: [['en', 'es']] });
    flaky.failWith = new EngineError('flaky', 'flaky could not be reached', { retryable: true });
    const { run, translation } = service([flaky, backup]);
    await run({ texts: [english(1)], to: ['es'], from: 'en' });
    await run({ texts: [english(2)], to: ['es'], from: 'en' });
    expect(flaky.calls).toHaveLength(2);
    const [third] = await run({ texts: [english(3)], to: ['es'], from: 'en' });
    expect(flaky.calls).toHaveLength(2);
    expect(third!.translations[0]!.engine).toBe('backup');
    const status = await translation.status();
    expect(status.engines[0]).toMatchObject({ name: 'flaky', health: 'down', breaker: { state: 'open' }, failures: 2 });
    expect(status.engines[1]).toMatchObject({ name: 'backup', health: 'ok' });
  });

  it('turns a timeout into unavailable with the reason', async () => {
    const slow = fakeEngine({ name: 'slow', pairs: [['en', 'es']] });
    slow.hang = true;
    const { run } = service([slow]);
    const [result] = await run({ texts: [english(1)], to: ['es'], from: 'en' });
    expect(result!.translations[0]).toMatchObject({ state: 'unavailable', reason: 'slow timed out after 1000 ms' });
  });

  it('never lets a bug in an engine escape as an exception', async () => {
    const buggy = fakeEngine({ name: 'buggy', pairs: [['en', 'es']] });
    buggy.failWith = new TypeError("Cannot read properties of undefined (reading 'text')");
    const { run } = service([buggy]);
    const [result] = await run({ texts: [english(1)], to: ['es'], from: 'en' });
    expect(result!.translations[0]).toMatchObject({ state: 'unavailable', reason: 'buggy failed unexpectedly' });
  });

  it('translates piece by piece when the engine loses placeholders, keeping protected text exact', async () => {
    const sloppy = fakeEngine({ pairs: [['en', 'es']], losesPlaceholders: true });
    const { run } = service([sloppy]);
    const [result] = await run({ texts: ['Meet @ana at https://x.org/a now'], to: ['es'], from: 'en' });
    expect(result!.translations[0]).toMatchObject({
      state: 'ready',
      text: '[es] Meet @ana [es] at https://x.org/a [es] now',
    });
    expect(sloppy.calls.map((call) => call.texts.length)).toEqual([1, 3]);
  });
});

describe('asynchronous use', () => {
  it('reports slow translations as pending and delivers them when ready', async () => {
    const engine = fakeEngine({ pairs: [['en', 'es']], delayMs: 500 });
    const { translation } = service([engine]);
    const late = vi.fn();
    const pending = translation.translate({
      texts: [english(1)],
      to: ['es', 'en'],
      from: 'en',
      waitMs: 100,
      onLate: late,
    });
    await vi.advanceTimersByTimeAsync(100);
    const [result] = await pending;
    expect(result!.translations[0]).toEqual({
      to: 'es',
      text: null,
      transliteration: null,
      engine: 'fake',
      state: 'pending',
    });
    expect(result!.translations[1]!.state).toBe('skipped');
    expect(late).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(late).toHaveBeenCalledWith({
      index: 0,
      translation: expect.objectContaining({ to: 'es', state: 'ready', text: `[es] ${english(1)}` }),
    });
  });
});

describe('closing', () => {
  it('answers waiting texts and closes every engine', async () => {
    const engine = fakeEngine({ pairs: [['en', 'es']] });
    const close = vi.fn(() => Promise.resolve());
    engine.close = close;
    const { translation } = service([engine]);
    const waiting = translation.translate({ texts: [english(1)], to: ['es'], from: 'en' });
    await vi.advanceTimersByTimeAsync(0);
    await translation.close();
    const [result] = await waiting;
    expect(result!.translations[0]).toMatchObject({ state: 'unavailable', reason: 'the server is shutting down' });
    expect(close).toHaveBeenCalledOnce();
    await expect(translation.translate({ texts: ['x'], to: ['es'] })).rejects.toThrow('closed');
  });
});
