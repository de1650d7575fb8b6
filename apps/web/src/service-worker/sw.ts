/*
 * Tolk's service worker, built to dist/sw.js by scripts/service-worker-plugin.ts with the shell
 * of that build written in (__TOLK_SHELL__). It keeps the app shell so the app opens offline;
 * the API, the live socket and metrics always go to the network (cache-rules.ts). It shows the
 * member's pushes and opens what they are about (push-rules.ts).
 */
import {
  isKeepable,
  keptAssets,
  requestPolicy,
  servesShellInstead,
  SHELL_PAGE,
  shellCacheName,
  staleCaches,
} from './cache-rules';
import { shownNotification } from './push-rules';

declare const self: ServiceWorkerGlobalScope;
declare const __TOLK_SHELL__: { version: string; urls: string[] };

const SHELL = __TOLK_SHELL__;
const SHELL_CACHE = shellCacheName(SHELL.version);
const SHELL_FILES: ReadonlySet<string> = new Set(SHELL.urls);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // Past the HTTP cache: the shell must be this build's, all of it or the install fails.
      await cache.addAll(SHELL.urls.map((url) => new Request(url, { cache: 'reload' })));
      // A new build takes over at once; an open page of the old one that asks for a file of it
      // no longer on the server reloads, as it does without a worker (app/preload-error.ts).
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of staleCaches(await caches.keys(), SHELL_CACHE)) await caches.delete(name);
      // The page's request goes out while the worker starts, not after (where the browser can).
      if ('navigationPreload' in self.registration) await self.registration.navigationPreload.enable();
      // The page that installed the worker opens offline from now on, not from its next load.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const policy = requestPolicy(event.request, self.location.origin, SHELL_FILES);
  switch (policy) {
    case 'network':
      return;
    case 'page':
      event.respondWith(page(event));
      return;
    case 'asset':
      event.respondWith(cacheFirst(event.request));
      return;
    case 'shell-file':
      event.respondWith(networkFirst(event.request));
      return;
  }
});

self.addEventListener('message', (event) => {
  const paths = keptAssets(event.data, self.location.origin);
  if (paths.length > 0) event.waitUntil(keep(paths));
});

// A push: the notification the server worded in the member's language (push-rules.ts).
self.addEventListener('push', (event) => {
  const { title, options } = shownNotification(event.data?.text(), self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

// A tap: the screen it is about, in an open window of the app if there is one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { link } = event.notification.data as { link: string };
  event.waitUntil(open(link));
});

async function open(link: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const window = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (window) {
    const focused = await window.focus();
    // A window this worker does not control cannot be navigated: a new one opens instead.
    if (await focused.navigate(link).catch(() => null)) return;
  }
  await self.clients.openWindow(link);
}

async function page(event: FetchEvent): Promise<Response> {
  let response: Response | undefined;
  try {
    response = ((await event.preloadResponse) as Response | undefined) ?? (await fetch(event.request));
  } catch {
    response = undefined;
  }
  if (response && !servesShellInstead(response.status)) return response;
  const shell = await caches.match(SHELL_PAGE, { cacheName: SHELL_CACHE });
  return shell ?? response ?? Response.error();
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (isKeepable(response)) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (isKeepable(response)) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request);
    if (cached) return cached;
    throw error;
  }
}

/** Keeps what the page fetched before the worker controlled it; a file that fails is skipped. */
async function keep(paths: string[]): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  await Promise.all(
    paths.map(async (path) => {
      if (await cache.match(path)) return;
      try {
        const response = await fetch(path);
        if (isKeepable(response)) await cache.put(path, response);
      } catch {
        // Offline again already: kept next time the page asks for it.
      }
    }),
  );
}
