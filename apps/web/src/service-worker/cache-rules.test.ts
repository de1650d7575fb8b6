import { describe, expect, it } from 'vitest';
import {
  isKeepable,
  KEEP_MESSAGE,
  keepMessage,
  keptAssets,
  requestPolicy,
  servesShellInstead,
  shellCacheName,
  staleCaches,
} from './cache-rules';

const ORIGIN = 'https://tolk.example.org';
const SHELL = new Set(['/index.html', '/manifest.webmanifest', '/icons/icon-192.png', '/assets/index-abc12345.js']);
const get = (path: string, mode = 'cors') => ({ method: 'GET', mode, url: `${ORIGIN}${path}` });
const policy = (request: { method: string; mode: string; url: string }) => requestPolicy(request, ORIGIN, SHELL);

describe('what the service worker does with a request', () => {
  it('never touches the API, the live socket or metrics, however they are spelled or asked for', () => {
    for (const path of [
      '/api/auth/session',
      '/api',
      '/API/Persons',
      '/api/docs',
      '/socket.io/?EIO=4&transport=polling',
      '/socket.io',
      '/metrics',
      '/metrics/',
      '/Metrics',
    ]) {
      expect(policy(get(path)), path).toBe('network');
      expect(policy(get(path, 'navigate')), `${path} as a page`).toBe('network');
    }
  });

  it('leaves writes, other origins and odd URLs to the browser', () => {
    expect(policy({ method: 'POST', mode: 'cors', url: `${ORIGIN}/assets/index-abc12345.js` })).toBe('network');
    expect(policy({ method: 'HEAD', mode: 'navigate', url: `${ORIGIN}/` })).toBe('network');
    expect(policy({ method: 'GET', mode: 'no-cors', url: 'https://tile.openstreetmap.org/1/0/0.png' })).toBe('network');
    expect(policy({ method: 'GET', mode: 'navigate', url: 'http://tolk.example.org/' })).toBe('network');
    expect(policy({ method: 'GET', mode: 'cors', url: 'not a url' })).toBe('network');
  });

  it('serves pages from the network first, with the shell as their fallback, whatever the path', () => {
    for (const path of ['/', '/muses/42', '/interpret?lang=es', '/assets/index-abc12345.js']) {
      expect(policy(get(path, 'navigate')), path).toBe('page');
    }
  });

  it('serves hashed build files from the cache first, and shell files without a hash from the network first', () => {
    expect(policy(get('/assets/index-abc12345.js'))).toBe('asset');
    expect(policy(get('/assets/es-9f8e7d6c.js'))).toBe('asset');
    expect(policy(get('/manifest.webmanifest'))).toBe('shell-file');
    expect(policy(get('/icons/icon-192.png'))).toBe('shell-file');
    // Not the shell, or asked for with a query: the browser's own business.
    expect(policy(get('/icons/other.png'))).toBe('network');
    expect(policy(get('/assets/index-abc12345.js?v=2'))).toBe('network');
    expect(policy(get('/sw.js'))).toBe('network');
  });

  it('falls back to the shell when a page gets no answer or an unreachable app behind a proxy', () => {
    expect(servesShellInstead(undefined)).toBe(true);
    for (const status of [502, 503, 504]) expect(servesShellInstead(status)).toBe(true);
    // The app's own answers stand, errors included.
    for (const status of [200, 301, 404, 500]) expect(servesShellInstead(status)).toBe(false);
  });

  it('keeps only whole, same-origin, successful responses', () => {
    expect(isKeepable({ ok: true, status: 200, type: 'basic' })).toBe(true);
    expect(isKeepable({ ok: true, status: 206, type: 'basic' })).toBe(false);
    expect(isKeepable({ ok: false, status: 404, type: 'basic' })).toBe(false);
    expect(isKeepable({ ok: false, status: 0, type: 'opaque' })).toBe(false);
  });
});

describe("the service worker's caches", () => {
  it('names a cache by its build, and deletes only its own older ones', () => {
    const current = shellCacheName('2b1f');
    expect(
      staleCaches([shellCacheName('0a9e'), current, 'tolk-shell-', 'someone-else', 'workbox-precache'], current),
    ).toEqual([shellCacheName('0a9e'), 'tolk-shell-']);
  });
});

describe('what a page asks the worker to keep', () => {
  it('takes the build files the page fetched, as paths', () => {
    const message = keepMessage([
      `${ORIGIN}/assets/index-abc12345.js`,
      `${ORIGIN}/assets/es-9f8e7d6c.js`,
      `${ORIGIN}/assets/es-9f8e7d6c.js`,
      '/assets/landing-screen-1a2b3c4d.css',
    ]);
    expect(message.type).toBe(KEEP_MESSAGE);
    expect(keptAssets(message, ORIGIN)).toEqual([
      '/assets/index-abc12345.js',
      '/assets/es-9f8e7d6c.js',
      '/assets/landing-screen-1a2b3c4d.css',
    ]);
  });

  it('ignores the API, other origins, queries, ways out of /assets/ and anything not a keep message', () => {
    const message = keepMessage([
      `${ORIGIN}/api/auth/session`,
      'https://evil.example/assets/x.js',
      '//evil.example/assets/y.js',
      `${ORIGIN}/assets/../api/accounts`,
      `${ORIGIN}/assets/index-abc12345.js?token=1`,
      `${ORIGIN}/favicon.svg`,
    ]);
    expect(keptAssets(message, ORIGIN)).toEqual([]);
    expect(keptAssets({ type: 'other', urls: ['/assets/a.js'] }, ORIGIN)).toEqual([]);
    expect(keptAssets({ type: KEEP_MESSAGE, urls: '/assets/a.js' }, ORIGIN)).toEqual([]);
    expect(keptAssets({ type: KEEP_MESSAGE, urls: [42, null, '/assets/a.js'] }, ORIGIN)).toEqual(['/assets/a.js']);
    expect(keptAssets(null, ORIGIN)).toEqual([]);
    expect(keptAssets('tolk:keep', ORIGIN)).toEqual([]);
  });

  it('reads at most 200 names from one message', () => {
    const urls = Array.from({ length: 500 }, (_, i) => `/assets/chunk-${i}.js`);
    expect(keptAssets(keepMessage(urls), ORIGIN)).toHaveLength(200);
  });
});
