import { FALLBACK_LANGUAGE, toUiLanguage, type UiLanguage } from './languages';

/*
 * The pages the web build renders ahead as a guest sees them, once per interface language
 * (apps/web/scripts/prerender.ts), and the server sends for the paths below in the reader's
 * language (apps/server/src/plugins/first-screens.ts): the browser paints them before any
 * script has run.
 */
export const PRERENDERED_PAGES = {
  landing: ['/', '/home', '/landinghome'],
  interpret: ['/interpret'],
  signin: ['/signin'],
} as const satisfies Record<string, readonly string[]>;

export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;

/** Where the build writes a page, from the web build's root (apps/web/dist). */
export const prerenderedFile = (page: PrerenderedPage, language: UiLanguage) => `pages/${page}.${language}.html`;

/**
 * The cookie that tells the server the interface language a browser chose (the web app writes it
 * with the stored uiLanguage), so a page rendered ahead comes in that language.
 */
export const UI_LANGUAGE_COOKIE = 'uiLanguage';

/**
 * The language of a page rendered ahead: the chosen one (the cookie), else the first of the
 * browser's languages (Accept-Language, in its order of preference) that the interface has, else
 * English: what the app itself resolves (spec section 4) for a reader who never chose.
 */
export function firstScreenLanguage(cookie: string | undefined, acceptLanguage: string | undefined): UiLanguage {
  const chosen = toUiLanguage(cookie);
  if (chosen) return chosen;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, at) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), at };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.at - b.at);
  // The app reads only the browser's first language (navigator.languages[0]): so does the server.
  return toUiLanguage(ranked[0]?.tag) ?? FALLBACK_LANGUAGE;
}
