import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_COOKIE,
  clearAccessToken,
  getAccessToken,
  setAccessToken,
  tokenFromResponseHeaders,
} from './access-token-cookie';

/** Every string assigned to document.cookie, still passed through to the real cookie jar. */
function cookieWrites(): string[] {
  const written: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    written.push(value);
    descriptor?.set?.call(document, value);
  });
  return written;
}

const attributesOf = (cookie: string | undefined) => (cookie ?? '').split('; ').slice(1);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('access-token cookie (spec section 6)', () => {
  it('sets, reads and clears the token under its fixed name', () => {
    setAccessToken('a.b.c');
    expect(document.cookie).toContain(`${ACCESS_TOKEN_COOKIE}=a.b.c`);
    expect(getAccessToken()).toBe('a.b.c');
    clearAccessToken();
    expect(getAccessToken()).toBeUndefined();
  });

  it('writes path /, SameSite=Lax and a max-age by default, over plain HTTP without Secure', () => {
    const written = cookieWrites();
    setAccessToken('tok');
    expect(attributesOf(written.at(-1))).toEqual(['path=/', 'SameSite=Lax', `max-age=${30 * 24 * 60 * 60}`]);
    expect(written.at(-1)?.startsWith(`${ACCESS_TOKEN_COOKIE}=tok; `)).toBe(true);
  });

  it('honours a path, a domain, an explicit max-age or an expiry date', () => {
    const written = cookieWrites();
    setAccessToken('tok', { path: '/app', domain: 'tolk.example', maxAgeSeconds: 60 });
    expect(attributesOf(written.at(-1))).toEqual(['path=/app', 'domain=tolk.example', 'SameSite=Lax', 'max-age=60']);
    const expires = new Date('2031-02-03T04:05:06Z');
    setAccessToken('tok', { expires });
    const attributes = attributesOf(written.at(-1));
    expect(attributes).toContain(`expires=${expires.toUTCString()}`);
    expect(attributes.some((a) => a.startsWith('max-age'))).toBe(false);
  });

  it('uses SameSite=None with Secure for cross-site use', () => {
    const written = cookieWrites();
    setAccessToken('tok', { crossSite: true });
    const attributes = attributesOf(written.at(-1));
    expect(attributes).toContain('SameSite=None');
    expect(attributes).toContain('Secure');
    expect(attributes).not.toContain('SameSite=Lax');
  });

  it('adds Secure to the Lax cookie when the page is served over HTTPS', () => {
    const written = cookieWrites();
    vi.stubGlobal('location', { protocol: 'https:' });
    setAccessToken('tok');
    expect(attributesOf(written.at(-1))).toEqual(['path=/', 'SameSite=Lax', 'Secure', `max-age=${30 * 24 * 60 * 60}`]);
  });

  it('clears with an empty value and max-age=0 on the same path and domain', () => {
    const written = cookieWrites();
    clearAccessToken({ domain: 'tolk.example' });
    expect(written.at(-1)).toBe(`${ACCESS_TOKEN_COOKIE}=; path=/; domain=tolk.example; SameSite=Lax; max-age=0`);
  });

  it('reads a token from x-access-token or authorization, with or without Bearer', () => {
    expect(tokenFromResponseHeaders({ 'x-access-token': 'x1' })).toBe('x1');
    expect(tokenFromResponseHeaders({ authorization: 'Bearer b1' })).toBe('b1');
    expect(tokenFromResponseHeaders({ authorization: 'bearer   b2' })).toBe('b2');
    expect(tokenFromResponseHeaders({ authorization: 'raw3' })).toBe('raw3');
    expect(tokenFromResponseHeaders({})).toBeUndefined();
    expect(tokenFromResponseHeaders(new Headers({ 'x-access-token': 'h1' }))).toBe('h1');
  });
});
