/** The 15 interface languages of the spec (section 1). */
export const UI_LANGUAGES = [
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
] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const FALLBACK_LANGUAGE: UiLanguage = 'en';

/** Right-to-left scripts (spec section 9). */
export const RTL_LANGUAGES = ['ar', 'he', 'fa', 'ur'] as const;

/** Each interface language named in itself. */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = {
  ar: 'العربية',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  nb: 'Norsk bokmål',
  pt: 'Português',
  ru: 'Русский',
  sl: 'Slovenščina',
  vi: 'Tiếng Việt',
  zh: '中文',
};

export function isUiLanguage(value: string): value is UiLanguage {
  return (UI_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Maps a language tag (en-GB, zh-Hans, pt_BR, NB) to an interface language, or undefined when
 * none matches. `zh-hans` resolves to zh, as the spec requires.
 */
export function toUiLanguage(tag: string | null | undefined): UiLanguage | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase().replace('_', '-');
  if (isUiLanguage(lower)) return lower;
  const base = lower.split('-')[0] ?? '';
  if (base === 'no' || base === 'nn') return 'nb';
  return isUiLanguage(base) ? base : undefined;
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  const base = language.toLowerCase().split('-')[0] ?? '';
  return (RTL_LANGUAGES as readonly string[]).includes(base) ? 'rtl' : 'ltr';
}

/**
 * Languages a text may be translated from or into: the interface languages plus those the
 * translation engines commonly offer. Whether a pair works right now depends on the configured
 * engines (GET /api/languages).
 */
export const TRANSLATION_LANGUAGES = [
  ...UI_LANGUAGES,
  'af',
  'bg',
  'bn',
  'ca',
  'cs',
  'da',
  'el',
  'et',
  'eu',
  'fa',
  'fi',
  'ga',
  'gl',
  'he',
  'hi',
  'hr',
  'hu',
  'lt',
  'lv',
  'ms',
  'nl',
  'pl',
  'ro',
  'sk',
  'sr',
  'sv',
  'sw',
  'th',
  'tl',
  'tr',
  'uk',
  'ur',
] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** Each translation language named in itself. */
export const TRANSLATION_LANGUAGE_NAMES: Record<TranslationLanguage, string> = {
  ...LANGUAGE_NAMES,
  af: 'Afrikaans',
  bg: 'Български',
  bn: 'বাংলা',
  ca: 'Català',
  cs: 'Čeština',
  da: 'Dansk',
  el: 'Ελληνικά',
  et: 'Eesti',
  eu: 'Euskara',
  fa: 'فارسی',
  fi: 'Suomi',
  ga: 'Gaeilge',
  gl: 'Galego',
  he: 'עברית',
  hi: 'हिन्दी',
  hr: 'Hrvatski',
  hu: 'Magyar',
  lt: 'Lietuvių',
  lv: 'Latviešu',
  ms: 'Bahasa Melayu',
  nl: 'Nederlands',
  pl: 'Polski',
  ro: 'Română',
  sk: 'Slovenčina',
  sr: 'Српски',
  sv: 'Svenska',
  sw: 'Kiswahili',
  th: 'ไทย',
  tl: 'Tagalog',
  tr: 'Türkçe',
  uk: 'Українська',
  ur: 'اردو',
};

export function isTranslationLanguage(value: string): value is TranslationLanguage {
  return (TRANSLATION_LANGUAGES as readonly string[]).includes(value);
}

/** Old or alternative codes that engines and browsers still send. */
const TRANSLATION_LANGUAGE_ALIASES: Record<string, TranslationLanguage> = {
  no: 'nb',
  nn: 'nb',
  iw: 'he',
  in: 'id',
  fil: 'tl',
};

/**
 * Maps a language tag (pt-BR, zh-Hans, EN, no, iw) to a translation language, or undefined when
 * none matches. Regional variants share their base language.
 */
export function toTranslationLanguage(tag: string | null | undefined): TranslationLanguage | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase().replace('_', '-');
  const base = lower.split('-')[0] ?? '';
  const code = TRANSLATION_LANGUAGE_ALIASES[base] ?? base;
  return isTranslationLanguage(code) ? code : undefined;
}

/**
 * A plaza's "their language" when the host does not know it: the plaza takes the language of the
 * first thing written in the audience's half (or the one picked by whoever joins on a second phone).
 */
export const DETECT_LANGUAGE = 'auto';
