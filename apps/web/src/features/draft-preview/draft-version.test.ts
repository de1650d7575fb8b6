import { describe, expect, it } from 'vitest';
import { NOTHING_TO_TRANSLATE, type TranslatedText, type TranslationResult } from '@tolk/shared/schemas/translation';
import { versionOf } from './draft-version';

function result(...translations: (Partial<TranslatedText> & { to: string })[]): TranslationResult {
  return {
    source: 'Good morning',
    from: 'en',
    detection: { method: 'given', confidence: null },
    transliteration: null,
    translations: translations.map((t) => ({
      text: null,
      transliteration: null,
      engine: 'apertium',
      state: 'ready',
      ...t,
    })),
  };
}

describe('versionOf', () => {
  it('gives the engine’s text and the language it went through', () => {
    expect(versionOf(result({ to: 'fr', text: 'Bonjour', pivot: 'es' }), 'fr')).toEqual({
      state: 'ready',
      language: 'fr',
      text: 'Bonjour',
      pivot: 'es',
    });
  });

  it('says unavailable, with the reason, when no engine makes the pair', () => {
    expect(
      versionOf(
        result({ to: 'de', state: 'unavailable', engine: null, reason: 'no translation engine for en to de' }),
        'de',
      ),
    ).toEqual({ state: 'unavailable', language: 'de', reason: 'no translation engine for en to de' });
  });

  it('tells a draft already in the language from one with nothing to translate', () => {
    expect(versionOf(result({ to: 'en', text: 'Good morning', state: 'skipped', engine: null }), 'en')).toEqual({
      state: 'same',
      language: 'en',
    });
    expect(
      versionOf(result({ to: 'es', text: '😀 https://x.org', state: 'skipped', reason: NOTHING_TO_TRANSLATE }), 'es'),
    ).toEqual({ state: 'ready', language: 'es', text: '😀 https://x.org' });
  });

  it('picks the asked language out of several, and waits on a pending one', () => {
    const both = result({ to: 'es', text: 'Buenos días' }, { to: 'it', state: 'pending' });
    expect(versionOf(both, 'es')).toMatchObject({ state: 'ready', text: 'Buenos días' });
    expect(versionOf(both, 'it')).toEqual({ state: 'pending', language: 'it' });
  });
});
