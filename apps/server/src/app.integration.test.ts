import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_COOKIE } from '@tolk/shared/schemas/auth';
import { testApp, type TestApp } from './test/build-app';
import { expectError, strongPassword, uniqueUsername } from './test/factories';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Tolk</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDir, 'assets', 'main-abc123.js.br'), brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
  fs.writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"Tolk"}');
  t = await testApp({ config: { webDir, trustProxy: true } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('the one port', () => {
  it('reports health with the database state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      // No REDIS_URL in this test app.
      redis: 'off',
      // Warm-up is off in this test app: nothing loads in the background.
      ready: true,
      warmUp: [],
    });
  });

  it('publishes an OpenAPI document with the auth, accounts, ledger and payments routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, { tags?: string[]; parameters?: { name: string; in: string }[] }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/signin',
        '/api/auth/register',
        '/api/profile',
        '/api/persons/{id}',
        '/api/accounts',
        '/api/accounts/{id}',
        '/api/accounts/{id}/suspend',
        '/api/accounts/{id}/reactivate',
        '/api/accounts/{id}/reset-password',
        '/api/accounts/{id}/sessions',
        '/api/accounts/{id}/sessions/{sessionId}',
        '/api/accounts/{id}/audit',
        '/api/tenants',
        '/api/tenants/{slug}',
        '/api/ledger/balances',
        '/api/ledger/system-accounts',
        '/api/ledger/accounts/{id}/transactions',
        '/api/ledger/adjustments',
        '/api/ledger/transfers/{id}/reverse',
        '/api/ledger/integrity',
        '/api/account/page',
        '/api/payments/providers',
        '/api/orders/{id}/payments',
        '/api/payments/{id}',
        '/api/payments/{id}/sandbox',
        '/api/orders/{id}/refund',
        '/api/payments/stripe/webhook',
        '/api/payments/paypal/webhook',
      ]),
    );
    const adjustments = doc.paths['/api/ledger/adjustments']!.post!;
    expect(adjustments.tags).toEqual(['ledger']);
    expect(adjustments.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'idempotency-key', in: 'header' })]),
    );
  });

  it('answers an unknown API path with a JSON 404', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/no-such-thing' }), 404, 'not_found');
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/nope', payload: {} }), 404, 'not_found');
  });

  it('serves the web app for every other path, and hashed assets for a year', async () => {
    for (const url of ['/', '/signin', '/some/unknown/page', '/Muses/42?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the service worker uncached and the web app manifest by its type, so the app installs', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    // Browsers look for a new worker past their own HTTP cache; no cache in between may keep an old one.
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toEqual({ name: 'Tolk' });
  });

  it('asks for cross-origin isolation of the window only where a browser honours it', async () => {
    const page = (host: string) => t.app.inject({ method: 'GET', url: '/', headers: { host } });
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect((await page(host)).headers['cross-origin-opener-policy'], host).toBe('same-origin');
    }
    // A phone opening the app on the LAN over plain HTTP: the browser would ignore it with an error.
    expect((await page('192.168.1.20:3000')).headers['cross-origin-opener-policy']).toBeUndefined();
    expect((await page('tolk.local')).headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('sends the precompressed asset of the build to a browser that accepts it, and the plain one otherwise', async () => {
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');

    const plain = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('marks the cookie Secure when served over HTTPS', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { username: uniqueUsername(), password: strongPassword() },
    });
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === ACCESS_TOKEN_COOKIE);
    expect(cookie?.secure).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
  });
});
