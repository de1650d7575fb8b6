import {
  isTranslationLanguage,
  toTranslationLanguage,
  TRANSLATION_LANGUAGE_NAMES,
  TRANSLATION_LANGUAGES,
  type TranslationLanguage,
} from '@tolk/shared/languages';

/** Every language a plaza can use, ordered by its own name so a list reads alphabetically. */
export const languageOptions: { code: TranslationLanguage; name: string }[] = TRANSLATION_LANGUAGES.map((code) => ({
  code,
  name: TRANSLATION_LANGUAGE_NAMES[code],
})).sort((a, b) => a.name.localeCompare(b.name));

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
