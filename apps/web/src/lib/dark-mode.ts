import { useCallback, useSyncExternalStore } from 'react';
import { safeStorage, STORAGE_KEYS } from './storage-keys';

/** Spec section 1: the flag is stored as the text true or false; on means `dark-mode` on body. */
export function readDarkMode(): boolean {
  const stored = safeStorage.get(STORAGE_KEYS.darkMode);
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  // No window: the build's prerender, a guest's light page (app/first-paint.ts darkens it before its first paint).
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/**
 * Puts the mode on the page. What is already so is left alone: writing the root's inline style,
 * even to its own value, has the browser restyle every element of the page (a long task as the app
 * takes over a page whose first paint set the mode already: app/first-paint.ts).
 */
export function applyDarkMode(on: boolean): void {
  // A class already so is no change (DOMTokenList.toggle with force leaves it be).
  document.body.classList.toggle('dark-mode', on);
  const scheme = on ? 'dark' : 'light';
  const { style } = document.documentElement;
  if (style.colorScheme !== scheme) style.colorScheme = scheme;
  applyThemeColor(on);
}

const SCHEME = /prefers-color-scheme:\s*(light|dark)/;

/**
 * index.html has a theme-color per system scheme, for the first paint; from then on the browser's
 * bar follows the app's own mode (which a member may set against the system's): the variant of
 * that mode applies to every media, the other to none.
 */
function applyThemeColor(on: boolean): void {
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const scheme = meta.dataset.scheme ?? SCHEME.exec(meta.getAttribute('media') ?? '')?.[1];
    if (!scheme) continue;
    meta.dataset.scheme = scheme;
    meta.setAttribute('media', scheme === (on ? 'dark' : 'light') ? 'all' : 'not all');
  }
}

const listeners = new Set<() => void>();

/** Sets the mode, stores it, and tells every screen showing it. */
function setDarkMode(on: boolean): void {
  safeStorage.set(STORAGE_KEYS.darkMode, String(on));
  applyDarkMode(on);
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.darkMode && event.key !== null) return;
    applyDarkMode(readDarkMode());
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * A page rendered ahead is drawn light: the first-paint script darkens it by the body's class
 * alone (app/first-paint.ts). The app taking such a page over draws it as it is, then in the mode
 * stored, so what it shows matches the page it takes over.
 */
const aheadOfTime = () => false;

/** The mode and its switch. The body's class follows the mode (applyDarkMode), never a render. */
export function useDarkMode(): [boolean, () => void] {
  const on = useSyncExternalStore(subscribe, readDarkMode, aheadOfTime);
  const toggle = useCallback(() => {
    setDarkMode(!readDarkMode());
  }, []);
  return [on, toggle];
}
