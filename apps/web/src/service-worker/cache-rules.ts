/*
 * What the service worker (sw.ts) does with each request, and which caches are its own. Plain
 * functions on URLs and strings, so the page, the worker and the tests share them.
 */

/**
 * - `network`: left to the browser, never cached (the API, the live socket, metrics, other
 *   origins, anything not a GET).
 * - `page`: a navigation; the network first, the cached app shell when there is none.
 * - `asset`: a hashed build file under /assets/; its name changes with its content, so the cache
 *   first, and whatever the network brings is kept.
 * - `shell-file`: a file of the shell without a hash in its name (the manifest, the icons); the
 *   network first so a new build's copy wins, the cached one offline.
 */
export type RequestPolicy = 'network' | 'page' | 'asset' | 'shell-file';

export interface RequestFacts {
  method: string;
  /** `navigate` for a page load; anything else for what a page asks for. */
  mode: string;
  url: string;
}

/** The server routes case-insensitively and ignores a trailing slash (apps/server/src/app.ts). */
const NEVER_CACHED = /^\/(?:api|socket\.io|metrics)(?:\/|$)/i;
const ASSETS = '/assets/';

/** The shell's own page: navigations fall back to it offline. */
export const SHELL_PAGE = '/index.html';

export function requestPolicy(request: RequestFacts, origin: string, shellFiles: ReadonlySet<string>): RequestPolicy {
  if (request.method !== 'GET') return 'network';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'network';
  }
  if (url.origin !== origin || NEVER_CACHED.test(url.pathname)) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (url.search) return 'network';
  if (url.pathname.startsWith(ASSETS)) return 'asset';
  if (shellFiles.has(url.pathname)) return 'shell-file';
  return 'network';
}

/**
 * Whether a navigation answered thus gets the cached shell instead: no answer at all (offline,
 * the server down), or a proxy saying the app behind it is unreachable.
 */
export function servesShellInstead(status: number | undefined): boolean {
  return status === undefined || status === 502 || status === 503 || status === 504;
}

/** Whether a response may be kept: a whole, same-origin, successful one. */
export function isKeepable(response: { ok: boolean; status: number; type: string }): boolean {
  return response.ok && response.status === 200 && response.type === 'basic';
}

const CACHE_PREFIX = 'tolk-shell-';

export const shellCacheName = (version: string): string => `${CACHE_PREFIX}${version}`;

/** Caches of earlier builds, deleted when a new worker takes over; other caches are not ours. */
export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}

/*
 * The page fetched its first files (its interface language's strings, its first screen) before the
 * worker controlled it, so the worker never saw them: the page tells it which, once it is ready.
 */
export const KEEP_MESSAGE = 'tolk:keep';
const KEEP_MAX = 200;

export interface KeepMessage {
  type: typeof KEEP_MESSAGE;
  urls: string[];
}

export const keepMessage = (urls: string[]): KeepMessage => ({ type: KEEP_MESSAGE, urls });

/**
 * The build files a keep message names, as paths: same origin, under /assets/, no query; anything
 * else in it is ignored, so a message can only ask for what cache-first would keep anyway.
 */
export function keptAssets(message: unknown, origin: string): string[] {
  if (typeof message !== 'object' || message === null) return [];
  const { type, urls } = message as { type?: unknown; urls?: unknown };
  if (type !== KEEP_MESSAGE || !Array.isArray(urls)) return [];
  const paths = new Set<string>();
  for (const raw of urls.slice(0, KEEP_MAX)) {
    if (typeof raw !== 'string') continue;
    let url: URL;
    try {
      url = new URL(raw, origin);
    } catch {
      continue;
    }
    if (url.origin === origin && url.pathname.startsWith(ASSETS) && !url.search) paths.add(url.pathname);
  }
  return [...paths];
}
