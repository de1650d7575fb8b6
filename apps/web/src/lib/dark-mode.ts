import { useCallback, useEffect, useState } from 'react';
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

export function applyDarkMode(on: boolean): void {
  document.body.classList.toggle('dark-mode', on);
  document.documentElement.style.colorScheme = on ? 'dark' : 'light';
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

export function useDarkMode(): [boolean, () => void] {
  const [on, setOn] = useState(readDarkMode);
  useEffect(() => {
    applyDarkMode(on);
  }, [on]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.darkMode) setOn(event.newValue === 'true');
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  const toggle = useCallback(() => {
    setOn((current) => {
      safeStorage.set(STORAGE_KEYS.darkMode, String(!current));
      return !current;
    });
  }, []);
  return [on, toggle];
}
