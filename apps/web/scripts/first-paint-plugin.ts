import type { Plugin } from 'vite';
import { firstPaintScript } from '../src/app/first-paint.ts';

/**
 * Writes the first-paint script (src/app/first-paint.ts) inline at the top of index.html's body,
 * so the page's mode and a prerendered page's fit are settled before the browser paints. The
 * server's Content-Security-Policy allows it by the hash of this exact text.
 */
export function firstPaintScriptTag(): Plugin {
  return {
    name: 'tolk:first-paint',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [{ tag: 'script', children: firstPaintScript(), injectTo: 'body-prepend' }],
    },
  };
}
