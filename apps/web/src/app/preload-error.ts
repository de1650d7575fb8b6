import { isBrowserOnline } from '../lib/network-status';
import { safeStorage, STORAGE_KEYS } from '../lib/storage-keys';

const GUARD_MS = 30_000;

/**
 * After a deploy, an open tab asks for screen chunks that no longer exist. Reload once to pick
 * up the new build; if that already happened moments ago, let the error reach the error boundary
 * (spec: the preload error is rethrown unless handled) instead of looping.
 */
export function handlePreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Offline, the file is missing because the network is, not because of a deploy: a reload
    // brings nothing new (the service worker opens the same shell), so the caller hears of it.
    if (!isBrowserOnline()) return;
    const last = Number(safeStorage.get(STORAGE_KEYS.preloadReload) ?? 0);
    if (Date.now() - last < GUARD_MS) return;
    event.preventDefault();
    safeStorage.set(STORAGE_KEYS.preloadReload, String(Date.now()));
    window.location.reload();
  });
}
