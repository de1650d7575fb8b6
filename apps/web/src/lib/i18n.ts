import i18next, { type BackendModule, type ReadCallback, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, FALLBACK_LANGUAGE, toUiLanguage, type UiLanguage } from '@tolk/shared/languages';
import { UI_LANGUAGE_COOKIE } from '@tolk/shared/first-screens';
import { I18N_OPTIONS } from './i18n-options';
import { safeStorage, STORAGE_KEYS } from './storage-keys';

declare global {
  interface Window {
    /** A host page may pin the interface language (spec section 4, first in the order). */
    __UI_LANGUAGE__?: string;
  }
}

export interface LanguageCandidates {
  globalValue?: string | null;
  stored?: string | null;
  current?: string | null;
  browser?: string | null;
}

/** Spec section 4: global value, stored uiLanguage, current language, browser's first, then en. */
export function resolveUiLanguage(candidates: LanguageCandidates): UiLanguage {
  for (const candidate of [candidates.globalValue, candidates.stored, candidates.current, candidates.browser]) {
    const language = toUiLanguage(candidate);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}

/**
 * The page's language and direction. Set only where they differ: setting either on the root, even
 * to its own value, has the browser match every element's :lang()/:dir() again (a long task as the
 * app takes over a page rendered ahead in its language).
 */
export function applyDocumentLanguage(language: string): void {
  const html = document.documentElement;
  const dir = directionOf(language);
  if (html.lang !== language) html.lang = language;
  if (html.dir !== dir) html.dir = dir;
}

// Every language, English included, is fetched when it is the interface language, so a page load
// carries only the language it shows. Each is two chunks (apps/web/locale-parts.ts): the sections
// the first screen shows, which the first render waits for, and the rest, which follows while the
// page is idle or as soon as a later screen asks for it (loadRestOfLanguage).
type LocaleModule = { default: Record<string, ResourceKey> };
const firstScreenParts = import.meta.glob<LocaleModule>('../locales/*.json', { query: { part: 'first-screen' } });
const restParts = import.meta.glob<LocaleModule>('../locales/*.json', { query: { part: 'rest' } });
const loadPart = async (parts: typeof restParts, language: string) =>
  (await parts[`../locales/${language}.json`]?.())?.default;
/** A whole language: its two parts have no section in common. */
const loadLocale = async (language: string): Promise<ResourceKey | undefined> => {
  const [first, rest] = await Promise.all([loadPart(firstScreenParts, language), loadPart(restParts, language)]);
  return first || rest ? { ...first, ...rest } : undefined;
};

/** The language loaded without its rest (only the page's first language ever is), until the rest is in. */
let firstScreenOnly: string | undefined;
let restLoad: Promise<void> | undefined;
/** A key was asked for that the first screen's part lacks: the rest, once in, re-renders what shows. */
let keyMissedMeanwhile = false;

/**
 * Resolves once the interface language is whole: what every screen but the landing page, and
 * every part loaded after the first screen, waits for (lib/later-parts.tsx). At once when nothing
 * is missing, so it is asked after initI18n (main.tsx starts the first screen's chunks after it).
 */
export function loadRestOfLanguage(): Promise<void> {
  const language = firstScreenOnly;
  if (language === undefined) return Promise.resolve();
  restLoad ??= loadPart(restParts, language).then(
    (resources) => {
      if (firstScreenOnly === language) firstScreenOnly = undefined;
      // The screen on show has every key it uses already, so the rest goes in silently: every
      // screen showing the language would otherwise re-render at once (react-i18next follows the
      // store through useSyncExternalStore, whose updates no transition defers), a long task on a
      // slow phone for nothing. Only a key missed meanwhile has them re-render (bindI18nStore: 'added').
      const silent = !keyMissedMeanwhile;
      keyMissedMeanwhile = false;
      i18next.addResourceBundle(language, 'translation', resources ?? {}, true, false, { silent });
    },
    (error: unknown) => {
      restLoad = undefined;
      throw error;
    },
  );
  return restLoad;
}

/*
 * English is the fallback (spec section 1), but every file has every key (locales.test.ts), so a
 * reader of another language never needs it: it is not fetched with their language, only when a
 * key turns out to be missing (or when English is chosen). Until then it counts as loaded-empty.
 */
let englishDeferred = false;
/** The language being loaded: English is fetched for it, never merely as its fallback. */
let wantedLanguage: string = FALLBACK_LANGUAGE;
let englishLoad: Promise<void> | undefined;
function loadEnglish(): Promise<void> {
  englishLoad ??= loadLocale(FALLBACK_LANGUAGE).then(
    (resources) => {
      i18next.addResourceBundle(FALLBACK_LANGUAGE, 'translation', resources ?? {}, true, true);
      englishDeferred = false;
    },
    () => {
      englishLoad = undefined;
    },
  );
  return englishLoad;
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {
    // Nothing to configure: the files are known at build time.
  },
  read(language: string, _namespace: string, callback: ReadCallback) {
    if (language === FALLBACK_LANGUAGE && wantedLanguage !== FALLBACK_LANGUAGE) {
      englishDeferred = true;
      callback(null, {});
      return;
    }
    const load = language === firstScreenOnly ? loadPart(firstScreenParts, language) : loadLocale(language);
    load.then(
      (resources) => {
        callback(null, resources ?? {});
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), null);
      },
    );
  },
};

async function switchLanguage(language: UiLanguage): Promise<void> {
  wantedLanguage = language;
  if (language === FALLBACK_LANGUAGE && englishDeferred) await loadEnglish();
  await i18next.changeLanguage(language);
}

/**
 * The server sends the pages it has rendered ahead in this language from now on (a cookie: it
 * cannot read the browser's storage). A year, renewed at every start.
 */
function tellServerLanguage(language: UiLanguage): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${UI_LANGUAGE_COOKIE}=${language}; path=/; max-age=${365 * 24 * 60 * 60}; SameSite=Lax${secure}`;
}

/** Another tab chose a language (spec section 4): apply it here. */
export function onLanguageStorage(event: StorageEvent): void {
  if (event.key !== STORAGE_KEYS.uiLanguage) return;
  const next = toUiLanguage(event.newValue);
  if (next && next !== i18next.language) void switchLanguage(next);
}

let listening = false;

/**
 * Resolves the language, stores it when nothing is stored yet, and loads it before first render:
 * with `firstScreenOnly` (the page's start), only the sections the first screen shows, the rest
 * following through loadRestOfLanguage.
 */
export async function initI18n({ firstScreenOnly: partly = false }: { firstScreenOnly?: boolean } = {}): Promise<
  typeof i18next
> {
  const language = resolveUiLanguage({
    globalValue: window.__UI_LANGUAGE__,
    stored: safeStorage.get(STORAGE_KEYS.uiLanguage),
    current: i18next.language,
    browser: navigator.languages[0] ?? navigator.language,
  });
  if (!safeStorage.get(STORAGE_KEYS.uiLanguage)) safeStorage.set(STORAGE_KEYS.uiLanguage, language);
  tellServerLanguage(language);
  wantedLanguage = language;
  firstScreenOnly = partly ? language : undefined;
  restLoad = undefined;
  keyMissedMeanwhile = false;

  if (!listening) {
    listening = true;
    i18next.on('languageChanged', (next) => {
      applyDocumentLanguage(next);
      // English chosen some other way than switchLanguage: fetch it now rather than show keys.
      if (next === FALLBACK_LANGUAGE && englishDeferred) void loadEnglish();
    });
    // Choosing a language in another tab applies here.
    window.addEventListener('storage', onLanguageStorage);
  }
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      ...I18N_OPTIONS,
      lng: language,
      // A key missing from the reader's language brings the rest of it in, or once that is in,
      // English; screens re-render when it lands.
      saveMissing: true,
      missingKeyHandler: () => {
        if (firstScreenOnly !== undefined && firstScreenOnly === i18next.language) {
          keyMissedMeanwhile = true;
          void loadRestOfLanguage().catch(() => undefined);
        } else if (englishDeferred) void loadEnglish();
      },
    });
  applyDocumentLanguage(language);
  return i18next;
}

/**
 * Stores and applies the language a person chose, once its strings have loaded; false when they
 * cannot be (offline, a language this device never fetched): the current language stays, rather
 * than a screen of bare keys now and on every offline start after.
 */
export async function chooseUiLanguage(language: UiLanguage): Promise<boolean> {
  const loaded = await loadLocale(language).then(
    () => true,
    () => false,
  );
  if (!loaded) return false;
  safeStorage.set(STORAGE_KEYS.uiLanguage, language);
  tellServerLanguage(language);
  await switchLanguage(language);
  return true;
}
