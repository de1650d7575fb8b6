import type { InitOptions } from 'i18next';
import { FALLBACK_LANGUAGE, UI_LANGUAGES } from '@tolk/shared/languages';

/** What the browser's i18next (lib/i18n.ts) and the build's prerender (prerender/render.tsx) share, so both write the same text. */
export const I18N_OPTIONS = {
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...UI_LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false, bindI18nStore: 'added' },
} satisfies InitOptions;
