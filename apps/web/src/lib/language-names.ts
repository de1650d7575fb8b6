import i18next from 'i18next';
import { DETECT_LANGUAGE, TRANSLATION_LANGUAGE_NAMES, toTranslationLanguage } from '@tolk/shared/languages';

/** A language named in itself (Español, 日本語): for pickers, where a reader looks for their own. */
export function endonym(code: string): string {
  if (code === DETECT_LANGUAGE) return i18next.t('translation.detectLanguage');
  const known = toTranslationLanguage(code);
  return known ? TRANSLATION_LANGUAGE_NAMES[known] : code;
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesIn(uiLanguage: string): Intl.DisplayNames | null {
  let names = displayNames.get(uiLanguage);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([uiLanguage], { type: 'language', fallback: 'none' });
    } catch {
      names = null;
    }
    displayNames.set(uiLanguage, names);
  }
  return names;
}

/**
 * A language named in the interface language, for sentences ("Escrito en inglés", "من الروسية
 * إلى الإنجليزية"); its own name where the browser has none for it.
 */
export function languageName(code: string | null | undefined, uiLanguage: string = i18next.language || 'en'): string {
  if (!code) return '';
  if (code === DETECT_LANGUAGE) return i18next.t('translation.detectLanguage', { lng: uiLanguage });
  try {
    return namesIn(uiLanguage)?.of(code) ?? endonym(code);
  } catch {
    // Not a language tag the browser takes: its own name, or the code.
    return endonym(code);
  }
}

/** Translation engines by their product names: brands, the same in every language and screen. */
const ENGINE_NAMES: Record<string, string> = {
  apertium: 'Apertium',
  'apertium-apy': 'Apertium',
  libretranslate: 'LibreTranslate',
  azure: 'Azure AI Translator',
  deepl: 'DeepL',
  google: 'Google Translate',
  openai: 'AI',
};

export const engineName = (engine: string): string => ENGINE_NAMES[engine] ?? engine;
