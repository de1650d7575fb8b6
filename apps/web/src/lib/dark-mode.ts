import { useCallback, useEffect, useState } from 'react';
import { safeStorage, STORAGE_KEYS } from './storage-keys';

/** Spec section 1: the flag is stored as the text true or false; on means `dark-mode` on body. */
export function readDarkMode(): boolean {
  const stored = safeStorage.get(STORAGE_KEYS.darkMode);
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function applyDarkMode(on: boolean): void {
  document.body.classList.toggle('dark-mode', on);
  document.documentElement.style.colorScheme = on ? 'dark' : 'light';
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
