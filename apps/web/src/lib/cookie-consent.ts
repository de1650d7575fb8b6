import { useSyncExternalStore } from 'react';
import { safeStorage, STORAGE_KEYS } from './storage-keys';

export const COOKIE_CONSENT_VERSION = 1;

export interface CookieConsent {
  necessary: boolean;
  analytics: boolean;
  marketing: boolean;
  version: number;
}

/** A stored consent of another version, or anything unreadable, counts as absent. */
export function readCookieConsent(): CookieConsent | null {
  const raw = safeStorage.get(STORAGE_KEYS.cookieConsent);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CookieConsent> | null;
    if (!value || value.version !== COOKIE_CONSENT_VERSION) return null;
    return {
      necessary: value.necessary === true,
      analytics: value.analytics === true,
      marketing: value.marketing === true,
      version: COOKIE_CONSENT_VERSION,
    };
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
const notify = () => {
  listeners.forEach((listener) => {
    listener();
  });
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.cookieConsent || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function acceptAllCookies(): void {
  const consent: CookieConsent = { necessary: true, analytics: true, marketing: true, version: COOKIE_CONSENT_VERSION };
  safeStorage.set(STORAGE_KEYS.cookieConsent, JSON.stringify(consent));
  notify();
}

export function clearCookieConsent(): void {
  safeStorage.remove(STORAGE_KEYS.cookieConsent);
  notify();
}

const storedConsent = () => safeStorage.get(STORAGE_KEYS.cookieConsent);
// The build's prerender is a guest's first visit: nothing answered yet (app/first-paint.ts hides
// the banner until the app is in when this browser has answered).
const nothingStored = () => null;

/** Whether the banner shows, and the two actions that change it. */
export function useCookieConsent() {
  const stored = useSyncExternalStore(subscribe, storedConsent, nothingStored);
  const consent = stored === null ? null : readCookieConsent();
  return {
    consent,
    accept: acceptAllCookies,
    reopen: clearCookieConsent,
  };
}
