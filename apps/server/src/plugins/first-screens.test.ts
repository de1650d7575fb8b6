import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '@tolk/shared/languages';
import { firstScreenLanguage, prerenderedFile } from '@tolk/shared/first-screens';
import { errorsPlugin } from './errors';
import { firstScreensPlugin, inlineScriptSources } from './first-screens';

const FIRST_PAINT = 'document.body.classList.add("x")';
let webDir: string;
let bare: string;
let app: FastifyInstance;
let withoutPages: FastifyInstance;

async function serve(dir: string) {
  // As app.ts routes: paths in any case, with or without a trailing slash.
  const server = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
  await server.register(cookie);
  await server.register(errorsPlugin, { webDir: dir });
  await server.register(firstScreensPlugin, { webDir: dir });
  await server.ready();
  return server;
}

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-pages-'));
  bare = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-no-pages-'));
  for (const dir of [webDir, bare]) {
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><body><script>${FIRST_PAINT}</script><div id="root"></div>`,
    );
  }
  fs.mkdirSync(path.join(webDir, 'pages'));
  for (const page of ['landing', 'interpret', 'signin'] as const) {
    for (const language of UI_LANGUAGES) {
      const file = path.join(webDir, prerenderedFile(page, language));
      fs.writeFileSync(file, `<html lang="${language}">${page}</html>`);
      fs.writeFileSync(`${file}.br`, brotliCompressSync(`<html lang="${language}">${page}</html>`));
    }
  }
  app = await serve(webDir);
  withoutPages = await serve(bare);
});
afterAll(async () => {
  await app.close();
  await withoutPages.close();
  for (const dir of [webDir, bare]) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the pages rendered ahead', () => {
  it("sends the landing page in the browser's first language, uncached, saying what it varies by", async () => {
    for (const url of ['/', '/home', '/landinghome', '/HOME/']) {
      const res = await app.inject({ url, headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe('<html lang="es">landing</html>');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
      expect(res.headers['content-language']).toBe('es');
    }
  });

  it('prefers the language the reader chose (the uiLanguage cookie) to the browser’s', async () => {
    const res = await app.inject({ url: '/signin', headers: { 'accept-language': 'es', cookie: 'uiLanguage=ar' } });
    expect(res.body).toBe('<html lang="ar">signin</html>');
  });

  it('falls back to English for a browser whose first language the interface lacks, or a cookie it cannot read', async () => {
    const basque = await app.inject({ url: '/interpret', headers: { 'accept-language': 'eu, es;q=0.5' } });
    expect(basque.body).toBe('<html lang="en">interpret</html>');
    const odd = await app.inject({ url: '/interpret', headers: { cookie: 'uiLanguage=xx' } });
    expect(odd.body).toBe('<html lang="en">interpret</html>');
  });

  it('sends the brotli copy to a browser that takes it', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br', 'accept-language': 'ja' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('<html lang="ja">landing</html>');
    // No gzip copy was written: a gzip-only browser gets the plain page.
    const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip', 'accept-language': 'ja' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('<html lang="ja">landing</html>');
  });

  it('sends index.html when the build has no pages rendered ahead, and API paths stay JSON', async () => {
    const res = await withoutPages.inject({ url: '/signin' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    const api = await app.inject({ url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('allows exactly the inline scripts of index.html in the Content-Security-Policy, by hash', () => {
    const hash = createHash('sha256').update(FIRST_PAINT).digest('base64');
    expect(inlineScriptSources(webDir)).toEqual([`'sha256-${hash}'`]);
    expect(inlineScriptSources(path.join(webDir, 'missing'))).toEqual([]);
  });
});

describe('firstScreenLanguage', () => {
  it('follows Accept-Language by weight, then order, and maps regional and Norwegian tags', () => {
    expect(firstScreenLanguage(undefined, 'fr;q=0.4, pt-BR;q=0.9')).toBe('pt');
    expect(firstScreenLanguage(undefined, 'no, en')).toBe('nb');
    expect(firstScreenLanguage(undefined, 'zh-Hant-TW')).toBe('zh');
    expect(firstScreenLanguage(undefined, '*, de')).toBe('de');
    expect(firstScreenLanguage(undefined, 'de;q=0, it')).toBe('it');
    expect(firstScreenLanguage(undefined, undefined)).toBe('en');
    expect(firstScreenLanguage('ko', 'de')).toBe('ko');
  });
});
