import { describe, expect, it } from 'vitest';
import { TRANSLATION_LANGUAGE_NAMES, TRANSLATION_LANGUAGES, UI_LANGUAGES, toTranslationLanguage } from '../languages';
import { translateInputSchema } from './translation';

describe('translation languages', () => {
  it('include every interface language, each named in itself', () => {
    for (const code of UI_LANGUAGES) expect(TRANSLATION_LANGUAGES).toContain(code);
    expect(Object.keys(TRANSLATION_LANGUAGE_NAMES).sort()).toEqual([...TRANSLATION_LANGUAGES].sort());
    expect(new Set(TRANSLATION_LANGUAGES).size).toBe(TRANSLATION_LANGUAGES.length);
    expect(TRANSLATION_LANGUAGE_NAMES.uk).toBe('Українська');
  });

  it.each([
    ['pt-BR', 'pt'],
    ['zh-Hans', 'zh'],
    ['EN', 'en'],
    ['no', 'nb'],
    ['iw', 'he'],
    ['fil', 'tl'],
    ['sr_Latn', 'sr'],
    ['klingon', undefined],
    ['', undefined],
  ])('resolves %j to %j', (tag, code) => {
    expect(toTranslationLanguage(tag)).toBe(code);
  });
});

describe('translate input', () => {
  it('resolves language codes and keeps texts as written', () => {
    expect(translateInputSchema.parse({ texts: ['  Hi  '], to: ['ES', 'pt-BR'], from: 'en-GB' })).toEqual({
      texts: ['  Hi  '],
      to: ['es', 'pt'],
      from: 'en',
    });
  });

  it('names the field of every problem', () => {
    const result = translateInputSchema.safeParse({
      texts: ['ok', ' ', 'x'.repeat(5001)],
      to: ['es', 'xx'],
      from: 'zz',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual(['from', 'texts.1', 'texts.2', 'to.1']);
    expect(translateInputSchema.safeParse({ texts: [], to: [] }).error?.issues.map((i) => i.message)).toEqual([
      'Give at least one text.',
      'Give at least one language to translate into.',
    ]);
  });
});
