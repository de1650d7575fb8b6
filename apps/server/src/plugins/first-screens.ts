import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  firstScreenLanguage,
  PRERENDERED_PAGES,
  prerenderedFile,
  UI_LANGUAGE_COOKIE,
  type PrerenderedPage,
} from '@tolk/shared/first-screens';

/*
 * The pages the web build rendered ahead (apps/web/scripts/prerender.ts): the landing page, the
 * interpreter and sign-in, each in every interface language. A browser asking for one gets it in
 * the language it chose (the uiLanguage cookie) or else in its first language, so it paints the
 * screen before any script runs. Everything else keeps index.html (plugins/errors.ts).
 * Their language stays with the browser, and the pages with the build: never cached as they are.
 */

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The file to send and how it is encoded: the build writes .br and .gz beside each page (apps/web/scripts/precompress.mjs). */
async function readPage(
  file: string,
  acceptEncoding: string,
): Promise<{ body: Buffer; encoding?: string } | undefined> {
  for (const { name, suffix } of ENCODINGS) {
    if (!new RegExp(`\\b${name}\\b`).test(acceptEncoding)) continue;
    const body = await fs.promises.readFile(`${file}${suffix}`).catch(() => undefined);
    if (body) return { body, encoding: name };
  }
  const body = await fs.promises.readFile(file).catch(() => undefined);
  return body && { body };
}

export const firstScreensPlugin = fp(async (app: FastifyInstance, options: { webDir: string }) => {
  // Read at each request, as index.html is: a rebuild's pages name the rebuild's files.
  const send = (page: PrerenderedPage) => async (request: FastifyRequest, reply: FastifyReply) => {
    const language = firstScreenLanguage(request.cookies[UI_LANGUAGE_COOKIE], request.headers['accept-language']);
    const file = path.join(options.webDir, prerenderedFile(page, language));
    const found = await readPage(file, request.headers['accept-encoding'] ?? '');
    // A build without pages rendered ahead (or no web build at all): what any other path gets.
    if (!found) {
      reply.callNotFound();
      return reply;
    }
    // Never cached as is: it names this build's files, and its language follows the reader's.
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
      .header('content-language', language)
      .type('text/html; charset=utf-8');
    if (found.encoding) reply.header('content-encoding', found.encoding);
    return reply.send(found.body);
  };
  for (const [page, urls] of Object.entries(PRERENDERED_PAGES) as [PrerenderedPage, readonly string[]][]) {
    for (const url of urls) app.get(url, { schema: { hide: true } }, send(page));
  }
});

/**
 * The Content-Security-Policy sources for the scripts index.html carries inline (the first-paint
 * script, apps/web/src/app/first-paint.ts): their hashes, so no other inline script runs. Every
 * page rendered ahead is made from index.html and carries the same ones.
 */
export function inlineScriptSources(webDir: string): string[] {
  const file = path.join(webDir, 'index.html');
  const html = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}
