import { describe, expect, it } from 'vitest';
import { fromDetail, fromEvent, lastSeqOf, mergeMuse, museLanguages, sideOf, upsertMuses } from './plaza-muses';
import { aMuse, aMuseDetail, aTranslation } from './test-factories';

const english = aTranslation({ to: 'en', text: 'Good morning, my friend', state: 'skipped', engine: null });
const spanish = aTranslation({ to: 'es', text: 'Buenos días, mi amigo' });
const spanishPending = aTranslation({ to: 'es', text: null, state: 'pending', engine: null });

describe('plaza muses', () => {
  it('merges one socket event per language into one muse holding both versions', () => {
    const list = upsertMuses(upsertMuses([], [fromEvent(aMuse(1, { translation: english }))]), [
      fromEvent(aMuse(1, { translation: spanish })),
    ]);
    expect(list).toHaveLength(1);
    expect(list[0]?.translations).toEqual({ en: english, es: spanish });
  });

  it('never lets a late "translating" copy undo a finished translation', () => {
    // The socket's update can beat the POST reply that still says "pending".
    const ready = upsertMuses([], [fromEvent(aMuse(1, { translation: spanish }))]);
    const afterReply = upsertMuses(ready, [fromDetail(aMuseDetail(1, [english, spanishPending]))]);
    expect(afterReply[0]?.translations.es).toEqual(spanish);
    expect(afterReply[0]?.translations.en).toEqual(english);
  });

  it('keeps the reading that arrived after the muse when an earlier copy comes in late', () => {
    const russian = aTranslation({ to: 'ru', text: 'Привет', state: 'skipped', engine: null });
    const read = fromEvent(
      aMuse(1, {
        text: 'Привет',
        from: 'ru',
        transliteration: 'Privet',
        translation: { ...russian, transliteration: 'Privet' },
      }),
    );
    const merged = upsertMuses([read], [fromDetail(aMuseDetail(1, [russian], { text: 'Привет', from: 'ru' }))]);
    expect(merged[0]?.transliteration).toBe('Privet');
    expect(merged[0]?.translations.ru?.transliteration).toBe('Privet');
  });

  it('takes a pending copy when the text was edited after the translation', () => {
    const before = fromEvent(aMuse(1, { translation: spanish }));
    const edited = fromEvent(
      aMuse(1, { text: 'Good evening', editedAt: '2026-05-01T10:05:00.000Z', translation: spanishPending }),
    );
    const merged = mergeMuse(before, edited);
    expect(merged.text).toBe('Good evening');
    expect(merged.translations.es?.state).toBe('pending');
  });

  it('replaces a pending translation with the finished one', () => {
    const list = upsertMuses(upsertMuses([], [fromEvent(aMuse(1, { translation: spanishPending }))]), [
      fromEvent(aMuse(1, { translation: spanish })),
    ]);
    expect(list[0]?.translations.es?.text).toBe('Buenos días, mi amigo');
  });

  it('dedupes by id and keeps sequence order whatever the arrival order', () => {
    const list = upsertMuses(
      [],
      [
        fromEvent(aMuse(3, { translation: spanish })),
        fromEvent(aMuse(1, { translation: spanish })),
        fromEvent(aMuse(2, { translation: spanish })),
        fromEvent(aMuse(1, { translation: english })),
      ],
    );
    expect(list.map((muse) => muse.seq)).toEqual([1, 2, 3]);
    expect(lastSeqOf(list)).toBe(3);
    expect(lastSeqOf([])).toBe(0);
  });

  it('keeps a deletion when an older copy arrives', () => {
    const deleted = fromEvent(aMuse(1, { deleted: true, text: '' }));
    expect(mergeMuse(deleted, fromEvent(aMuse(1))).deleted).toBe(true);
  });

  it('reads the REST shape, translation and translations together', () => {
    const muse = fromDetail(aMuseDetail(1, [spanish], { translation: english }));
    expect(Object.keys(muse.translations).sort()).toEqual(['en', 'es']);
    expect('translation' in muse).toBe(false);
  });

  it("treats a muse without a side as the host's", () => {
    expect(sideOf({ side: null })).toBe('user');
    expect(sideOf({ side: 'audience' })).toBe('audience');
  });
});

describe('museLanguages', () => {
  const plaza = { userLanguage: 'en', audienceLanguage: 'es' };

  it('translates a muse for the other side when it is in its own side’s language', () => {
    expect(museLanguages(aMuse(1, { side: 'audience', from: 'es' }), plaza)).toEqual({
      writer: 'audience',
      source: 'es',
      target: 'en',
      translatedFor: 'user',
      foreign: false,
    });
  });

  it('translates English typed in the Spanish half for the Spanish side, and says so', () => {
    // The voice reads the Spanish version to the Spanish speaker, not nothing to nobody.
    expect(museLanguages(aMuse(1, { side: 'audience', from: 'en' }), plaza)).toEqual({
      writer: 'audience',
      source: 'en',
      target: 'es',
      translatedFor: 'audience',
      foreign: true,
    });
  });
});
