import fs from 'node:fs/promises';
import type { Plugin } from 'vite';

/**
 * The top-level sections of a locale file that the first screen shows: the app shell (header,
 * menus, footer, cookie banner, the error and loading states) and the landing page. A page load
 * waits for these only; the rest of the language follows while the page is idle, and every other
 * screen waits for it (lib/i18n.ts). A section added to the locale files is in the rest unless it
 * is named here; first-screen-keys.test.tsx checks that the first screen asks for nothing else.
 */
export const FIRST_SCREEN_SECTIONS: readonly string[] = [
  'app',
  'header',
  'nav',
  'footer',
  'common',
  'errors',
  'landing',
  'cookies',
];

export type LocalePart = 'first-screen' | 'rest';
const PARTS: readonly string[] = ['first-screen', 'rest'] satisfies LocalePart[];

/** How the app imports a part (lib/i18n.ts), and so its key in the build's manifest. */
export const localePartModule = (language: string, part: LocalePart) => `src/locales/${language}.json?part=${part}`;

/** One part of a parsed locale file. */
export function localePart(locale: Record<string, unknown>, part: LocalePart): Record<string, unknown> {
  const first = part === 'first-screen';
  return Object.fromEntries(
    Object.entries(locale).filter(([section]) => FIRST_SCREEN_SECTIONS.includes(section) === first),
  );
}

/**
 * `src/locales/xx.json?part=first-screen` and `?part=rest`: each locale file stays one file to
 * edit, and the build makes two chunks of it. Each part is a module whose default export is its
 * sections, parsed from a string as Vite's JSON plugin does for large files (JSON.parse is faster
 * than an object literal).
 */
export function localeParts(): Plugin {
  return {
    name: 'tolk:locale-parts',
    enforce: 'pre',
    async load(id) {
      const [file, query] = id.split('?', 2);
      if (!file || !query || !/\/locales\/[a-z]{2}\.json$/.test(file)) return null;
      const part = new URLSearchParams(query).get('part');
      if (!part) return null;
      if (!PARTS.includes(part)) throw new Error(`${id}: part must be one of ${PARTS.join(', ')}`);
      this.addWatchFile(file);
      const locale = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(localePart(locale, part as LocalePart)))});`;
    },
  };
}
