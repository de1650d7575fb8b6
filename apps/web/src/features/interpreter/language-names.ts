import { isTranslationLanguage, toTranslationLanguage, type TranslationLanguage } from '@tolk/shared/languages';

/** The browser's first language we can translate, for a sensible default in a picker. */
export function browserLanguage(fallback: TranslationLanguage = 'en'): TranslationLanguage {
  const tags = typeof navigator === 'undefined' ? [] : [...navigator.languages, navigator.language];
  for (const tag of tags) {
    const code = toTranslationLanguage(tag);
    if (code && isTranslationLanguage(code)) return code;
  }
  return fallback;
}

/** Scripts other than Latin get a transliteration line (pinyin, romaji, Latin for Cyrillic…). */
export function isLatinScript(text: string): boolean {
  return !/[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(text);
}
