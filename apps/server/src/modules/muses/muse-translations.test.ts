import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMuseTranslations, RETRY_BASE_MS, RETRY_MAX_MS, RETRY_PROBE_MS } from './muse-translations';
import type { MuseRecord } from './muses.repository';
import type { MuseTranslator, TranslatedText } from './translator';

/** An engine that is down until `control.down` is false, for en>es and en>fr. */
function setup() {
  const control = { down: true };
  const translator: MuseTranslator = {
    translate: async (text, _from, to) =>
      to.map((language): TranslatedText =>
        control.down
          ? { to: language, text: null, transliteration: null, engine: 'apertium', state: 'unavailable' }
          : { to: language, text: `[${language}] ${text}`, transliteration: null, engine: 'apertium', state: 'ready' },
      ),
    detect: (_text, fallback) => ({ language: fallback, confidence: 0, sure: false }),
    transliterate: async () => null,
  };
  const background: Promise<unknown>[] = [];
  const translations = createMuseTranslations({
    store: { saveTranslations: async (batch) => new Set(batch.map((item) => item.museId)) },
    translator,
    log: { warn: () => undefined } as unknown as FastifyBaseLogger,
    track: (work) => background.push(work),
  });
  let n = 0;
  const muse = () =>
    ({
      id: `muse-${++n}`,
      conversationId: 'c',
      senderMemberId: 'm',
      text: `Text ${n}`,
      sourceLanguage: 'en',
      editedAt: null,
      deletedAt: null,
    }) as unknown as MuseRecord;
  /** Translates and waits until the outcome is stored and noted. */
  async function translate(record: MuseRecord, language: string) {
    const translation = await translations.translateMuse(record, [language]).get(language)!;
    await Promise.all(background);
    await translations.idle();
    return translation;
  }
  const dueIds = (now: number) => translations.due(now).map((r) => `${r.museId}:${r.language}`);
  return { control, translations, muse, translate, dueIds };
}

describe('retrying what an engine failed', () => {
  it('backs off, and asks again at once for a pair that translates again', async () => {
    const { control, muse, translate, dueIds } = setup();
    const a = muse();
    const b = muse();
    expect((await translate(a, 'es')).state).toBe('pending');
    expect((await translate(b, 'fr')).state).toBe('pending');
    const now = Date.now();
    expect(dueIds(now)).toEqual([]);
    expect(dueIds(now + RETRY_BASE_MS)).toEqual(['muse-1:es', 'muse-2:fr']);
    // Failing again and again, the next try is minutes away.
    for (let i = 0; i < 6; i++) await translate(a, 'es');
    expect(dueIds(Date.now() + RETRY_BASE_MS * 4)).not.toContain('muse-1:es');

    // The engine is back: another muse into Spanish comes back translated.
    control.down = false;
    expect((await translate(muse(), 'es')).state).toBe('ready');
    // Spanish is asked again now; French waits for its own turn (it may still be failing).
    expect(dueIds(Date.now())).toEqual(['muse-1:es']);
    expect((await translate(a, 'es')).state).toBe('ready');
    expect(dueIds(Date.now() + RETRY_MAX_MS)).toEqual(['muse-2:fr']);
  });

  it('asks again when the pair is back even after the background gave up on it', async () => {
    const { control, muse, translate, dueIds } = setup();
    const a = muse();
    for (let i = 0; i < 13; i++) await translate(a, 'es');
    // Past RETRY_BACKGROUND_ATTEMPTS: no scheduled retry any more.
    expect(dueIds(Date.now())).toEqual([]);
    control.down = false;
    await translate(muse(), 'es');
    expect(dueIds(Date.now())).toEqual(['muse-1:es']);
  });

  it('tries one waiting translation every RETRY_PROBE_MS, however long its backoff has grown', async () => {
    const { muse, translate, dueIds } = setup();
    const a = muse();
    for (let i = 0; i < 8; i++) await translate(a, 'es');
    const now = Date.now();
    // Not while it has just failed; then once per RETRY_PROBE_MS.
    expect(dueIds(now)).toEqual([]);
    expect(dueIds(now + RETRY_PROBE_MS)).toEqual(['muse-1:es']);
    expect(dueIds(now + 2 * RETRY_PROBE_MS - 1)).toEqual([]);
    expect(dueIds(now + 2 * RETRY_PROBE_MS)).toEqual(['muse-1:es']);
  });
});
