import { ACCESS_TOKEN_COOKIE } from '@tolk/shared/auth-constants';

export { ACCESS_TOKEN_COOKIE };

export interface CookieOptions {
  path?: string;
  domain?: string;
  /** Cross-site use needs SameSite=None, which browsers accept only with Secure. */
  crossSite?: boolean;
  maxAgeSeconds?: number;
  expires?: Date;
}

/** Thirty days, the server's session lifetime. */
const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;

function attributes({ path = '/', domain, crossSite, maxAgeSeconds, expires }: CookieOptions): string {
  const parts = [`path=${path}`];
  if (domain) parts.push(`domain=${domain}`);
  if (crossSite) parts.push('SameSite=None', 'Secure');
  else {
    parts.push('SameSite=Lax');
    if (typeof location !== 'undefined' && location.protocol === 'https:') parts.push('Secure');
  }
  if (expires) parts.push(`expires=${expires.toUTCString()}`);
  else parts.push(`max-age=${maxAgeSeconds ?? DEFAULT_MAX_AGE}`);
  return parts.join('; ');
}

export function setAccessToken(token: string, options: CookieOptions = {}): void {
  document.cookie = `${ACCESS_TOKEN_COOKIE}=${encodeURIComponent(token)}; ${attributes(options)}`;
}

export function getAccessToken(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === ACCESS_TOKEN_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return value || undefined;
    }
  }
  return undefined;
}

export function clearAccessToken(options: Pick<CookieOptions, 'path' | 'domain' | 'crossSite'> = {}): void {
  document.cookie = `${ACCESS_TOKEN_COOKIE}=; ${attributes({ ...options, maxAgeSeconds: 0 })}`;
}

type HeaderBag = Record<string, unknown> | { get(name: string): unknown };

function header(headers: HeaderBag, name: string): string | undefined {
  const value =
    typeof headers.get === 'function'
      ? (headers as { get(name: string): unknown }).get(name)
      : (headers as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The token in a response: `x-access-token`, else `authorization` with or without its Bearer prefix. */
export function tokenFromResponseHeaders(headers: HeaderBag): string | undefined {
  const direct = header(headers, 'x-access-token');
  if (direct) return direct;
  const authorization = header(headers, 'authorization');
  if (!authorization) return undefined;
  return authorization.replace(/^bearer\s+/i, '').trim() || undefined;
}
