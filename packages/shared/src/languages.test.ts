import { describe, expect, it } from 'vitest';
import { directionOf, LANGUAGE_NAMES, toUiLanguage, UI_LANGUAGES } from './languages';

describe('interface languages', () => {
  it('has the 15 of the spec, each named in itself', () => {
    expect([...UI_LANGUAGES].sort()).toEqual([
      'ar',
      'de',
      'en',
      'es',
      'fr',
      'id',
      'it',
      'ja',
      'ko',
      'nb',
      'pt',
      'ru',
      'sl',
      'vi',
      'zh',
    ]);
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...UI_LANGUAGES].sort());
    expect(LANGUAGE_NAMES.de).toBe('Deutsch');
  });

  it.each([
    ['zh-hans', 'zh'],
    ['zh-Hans', 'zh'],
    ['pt-BR', 'pt'],
    ['en_GB', 'en'],
    ['no', 'nb'],
    ['NB', 'nb'],
    ['xx', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('resolves %j to %j', (tag, expected) => {
    expect(toUiLanguage(tag)).toBe(expected);
  });

  it('is right-to-left for ar, he, fa and ur only', () => {
    expect(['ar', 'he', 'fa', 'ur', 'ar-EG'].map(directionOf)).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'rtl']);
    expect(['en', 'ja', 'ru', 'arn'].map(directionOf)).toEqual(['ltr', 'ltr', 'ltr', 'ltr']);
  });
});
