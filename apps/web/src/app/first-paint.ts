import { STORAGE_KEYS } from '../lib/storage-keys';

/** What firstPaint reads from the browser's storage (lib/storage-keys.ts). */
export interface FirstPaintKeys {
  darkMode: string;
  uiLanguage: string;
  loginResponse: string;
  cookieConsent: string;
}

/**
 * Runs inline at the top of <body>, before the browser paints anything (index.html carries it;
 * the server allows it by its hash). The page's mode: dark when stored so, or when nothing is
 * stored and the system is dark (lib/dark-mode.ts decides the same once the app runs). On a page
 * rendered ahead as a guest sees it (html[data-prerendered]): whether it fits this browser. A
 * language stored other than the page's, or a signed-in member, marks it stale: it stays hidden
 * until the app has drawn the right one, and the app's files (html[data-app]) are fetched at
 * once. A cookie question answered here hides the banner.
 *
 * Self-contained: the build writes its source into the page (scripts/first-paint-plugin.ts).
 */
export function firstPaint(keys: FirstPaintKeys): void {
  const html = document.documentElement;
  const read = (key: string): string | null => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const mode = read(keys.darkMode);
  const dark =
    mode === 'true' ||
    (mode !== 'false' && typeof window.matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) document.body.classList.add('dark-mode');
  // Either way, as lib/dark-mode.ts sets it: the app then finds it set and leaves the page's style be.
  html.style.colorScheme = dark ? 'dark' : 'light';
  if (!html.dataset.prerendered) return;
  if (read(keys.cookieConsent)) html.classList.add('cookies-answered');
  const language = window.__UI_LANGUAGE__ ?? read(keys.uiLanguage);
  if ((language && language !== html.lang) || !!read(keys.loginResponse)) {
    html.dataset.firstPaint = 'stale';
    // The app starts at once then (src/boot.ts): fetched now, with the entry, as index.html has it.
    for (const href of (html.dataset.app ?? '').split(' ')) {
      if (!href) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  }
}

export const FIRST_PAINT_KEYS: FirstPaintKeys = {
  darkMode: STORAGE_KEYS.darkMode,
  uiLanguage: STORAGE_KEYS.uiLanguage,
  loginResponse: STORAGE_KEYS.loginResponse,
  cookieConsent: STORAGE_KEYS.cookieConsent,
};

/** The inline script's text. */
export function firstPaintScript(): string {
  return `(${firstPaint.toString()})(${JSON.stringify(FIRST_PAINT_KEYS)})`;
}
