import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAccessToken, setAccessToken } from './access-token-cookie';
import { get, HttpError, post, setUnauthorizedHandler } from './http';
import { attachCredentials, http as client } from './http-client';
import { setSessionHandler } from './http-error';

const config = (init: Partial<InternalAxiosRequestConfig> = {}) =>
  ({ headers: new AxiosHeaders(), ...init }) as InternalAxiosRequestConfig;

describe('attachCredentials (spec section 6)', () => {
  it('sends the token as Bearer and as x-access-token', () => {
    setAccessToken('tok-1');
    const headers = attachCredentials(config()).headers;
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(headers.get('x-access-token')).toBe('tok-1');
  });

  it('sends nothing when the request opts out with noAuth', () => {
    setAccessToken('tok-1');
    const headers = attachCredentials(config({ noAuth: true })).headers;
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('x-access-token')).toBe(false);
  });

  it('sends no cookie either with noAuth: fetch with credentials omitted, not XHR (which always sends same-origin cookies)', () => {
    setAccessToken('tok-1');
    const sent = attachCredentials(config({ noAuth: true, withCredentials: true }));
    expect(sent.withCredentials).toBe(false);
    expect(sent.adapter).toBe('fetch');
    // Everything else keeps the spec's always-send-credentials.
    expect(attachCredentials(config({ withCredentials: true })).withCredentials).toBe(true);
  });

  it('hands fetch a noAuth request that omits cookies and carries no token, through the real client', async () => {
    setAccessToken('tok-1');
    const fetched: Request[] = [];
    vi.stubGlobal('fetch', (request: Request) => {
      fetched.push(request);
      return Promise.resolve(
        new Response('{"error":{"code":"unauthorized","message":"Sign in first."}}', {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    try {
      // Node's Request, unlike a page's, cannot resolve the bare /api against the document.
      const baseURL = `${window.location.origin}/api`;
      expect(await get('/debug/claims', { noAuth: true, baseURL }).catch((error: unknown) => error)).toMatchObject({
        status: 401,
      });
    } finally {
      vi.unstubAllGlobals();
    }
    const [request] = fetched;
    expect(request?.credentials).toBe('omit');
    expect(request?.headers.has('authorization')).toBe(false);
    expect(request?.headers.has('x-access-token')).toBe(false);
  });

  it('keeps an Authorization header already set, unless forceAuth', () => {
    setAccessToken('tok-1');
    const preset = () => config({ headers: new AxiosHeaders({ Authorization: 'Basic abc' }) });
    const kept = attachCredentials(preset()).headers;
    expect(kept.get('Authorization')).toBe('Basic abc');
    expect(kept.has('x-access-token')).toBe(false);
    const forced = attachCredentials({ ...preset(), forceAuth: true }).headers;
    expect(forced.get('Authorization')).toBe('Bearer tok-1');
    expect(forced.get('x-access-token')).toBe('tok-1');
  });

  it('sends no header without a token', () => {
    expect(attachCredentials(config()).headers.has('Authorization')).toBe(false);
  });
});

describe('the client against a real HTTP server', () => {
  let server: http.Server;
  const seen: http.IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers);
      if (req.url === '/api/token') {
        res.writeHead(200, { 'content-type': 'application/json', authorization: 'Bearer from-server' });
        res.end('{"ok":true}');
      } else if (req.url === '/api/fail') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { code: 'validation_failed', message: 'Bad', fields: { name: ['Required.'] } } }),
        );
      } else if (req.url === '/api/limited') {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '42' });
        res.end(JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down' } }));
      } else if (req.url === '/api/held') {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { code: 'password_change_required', message: 'Change your password to continue.' } }),
        );
      } else if (req.url === '/api/gone-later') {
        setTimeout(() => {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { code: 'unauthorized', message: 'Session ended' } }));
        }, 150);
      } else if (req.url === '/api/gone') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'unauthorized', message: 'Session ended' } }));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"hello":"world"}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    client.defaults.adapter = 'http';
  });
  afterAll(() => {
    server.close();
  });

  it('returns the body and sends credentials', async () => {
    setAccessToken('tok-2');
    expect(await get('/hello')).toEqual({ hello: 'world' });
    expect(seen.at(-1)?.['x-access-token']).toBe('tok-2');
  });

  it('stores a token a response carries, stripping the Bearer prefix', async () => {
    await post('/token');
    expect(getAccessToken()).toBe('from-server');
  });

  it('rejects with the server error, its fields and Retry-After', async () => {
    const failure = await get('/fail').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 400, code: 'validation_failed', fields: { name: ['Required.'] } });
    expect(await get('/limited').catch((error: unknown) => error)).toMatchObject({ retryAfterSeconds: 42 });
  });

  it('tells the session when the server no longer accepts the token', async () => {
    setAccessToken('revoked');
    let told = 0;
    setUnauthorizedHandler(() => (told += 1));
    await get('/gone').catch(() => undefined);
    await get('/gone', { noAuth: true }).catch(() => undefined);
    setUnauthorizedHandler(undefined);
    expect(told).toBe(1);
  });

  it('does not end the session for a call sent with a token that has since been replaced', async () => {
    setAccessToken('before-password-change');
    let told = 0;
    setUnauthorizedHandler(() => (told += 1));
    const inFlight = get('/gone-later').catch(() => undefined);
    // The password change's answer lands while the old token's call is still out.
    await vi.waitFor(() => {
      expect(seen.at(-1)?.['x-access-token']).toBe('before-password-change');
    });
    setAccessToken('after-password-change');
    await inFlight;
    setUnauthorizedHandler(undefined);
    expect(told).toBe(0);
    expect(getAccessToken()).toBe('after-password-change');
  });

  it('tells the session when the member must first change a one-time password', async () => {
    setAccessToken('one-time');
    let held = 0;
    let ended = 0;
    setSessionHandler('passwordChangeRequired', () => (held += 1));
    setUnauthorizedHandler(() => (ended += 1));
    const failure = await get('/held').catch((error: unknown) => error);
    await get('/fail').catch(() => undefined);
    setSessionHandler('passwordChangeRequired', undefined);
    setUnauthorizedHandler(undefined);
    expect(failure).toMatchObject({ status: 403, code: 'password_change_required' });
    expect({ held, ended }).toEqual({ held: 1, ended: 0 });
  });

  it('reports an unreachable server as Network Error', async () => {
    const failure = await get('http://127.0.0.1:1/nothing').catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'network', message: 'Network Error', status: 0 });
  });
});
