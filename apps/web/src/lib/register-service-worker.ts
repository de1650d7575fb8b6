import { keepMessage } from '../service-worker/cache-rules';

/**
 * Installs the service worker (dist/sw.js, src/service-worker/sw.ts) so the app can be installed
 * and opens offline. main.tsx loads this after the page has loaded, in a production build in a
 * secure context only: on plain HTTP (a phone on the LAN) there is no worker and nothing changes.
 */
export async function registerServiceWorker(): Promise<void> {
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch (error) {
    // The app works as before without it; only opening offline does not.
    console.warn('The service worker was not installed:', error);
    return;
  }
  const { active } = await navigator.serviceWorker.ready;
  // This page fetched its interface language and its first screen before the worker controlled
  // it: name them, so opening offline finds them too.
  const fetched = performance.getEntriesByType('resource').map((entry) => entry.name);
  active?.postMessage(keepMessage(fetched));
}
