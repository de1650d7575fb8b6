// Run after `vite build` (npm run build): renders the first screens ahead, as a guest with
// nothing stored sees them, once per interface language, into dist/pages/<page>.<language>.html
// (the server sends them: apps/server/src/plugins/first-screens.ts), and lets dist/index.html,
// the page every other path gets, fetch the app with the entry.
//
// Each page is index.html with the screen's markup in #root, its language and direction on
// <html>, and the stylesheets the screen needs: no script but the entry's (src/boot.ts loads the
// app once the browser is idle or the reader reaches for the page), so nothing competes with
// what the first paint needs.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { directionOf, UI_LANGUAGES, type UiLanguage } from '@tolk/shared/languages';
import { PRERENDERED_PAGES, prerenderedFile, type PrerenderedPage } from '@tolk/shared/first-screens';
import { LATER_PART_MODULES, staticClosure, type BuildManifest } from '../src/service-worker/shell-files.ts';
import { localePartModule } from '../locale-parts.ts';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
// Inside the project, so the render's imports of React and the rest resolve to node_modules.
const ssrDir = path.join(web, 'node_modules/.prerender');
const APP = 'src/main.tsx';
const SCREENS: Record<PrerenderedPage, string> = {
  landing: 'src/features/landing/screens/landing-screen.tsx',
  interpret: 'src/features/interpreter/screens/interpreter-screen.tsx',
  signin: 'src/features/auth/screens/sign-in-screen.tsx',
};

const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as BuildManifest;
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const inTemplate = new Set([...template.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));

const stylesheets = (files: string[]) =>
  [...new Set(files)]
    .filter((f) => f.endsWith('.css') && !inTemplate.has(f))
    .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`);
const modulePreloads = (files: string[]) =>
  files
    .filter((f) => f.endsWith('.js') && !inTemplate.has(f))
    .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
const intoHead = (html: string, tags: string[]) => html.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);

const appFiles = staticClosure(manifest, [APP]);
// Any other path: the app at once, fetched with the entry rather than after it.
fs.writeFileSync(
  path.join(dist, 'index.html'),
  intoHead(template, [...modulePreloads(appFiles), ...stylesheets(appFiles)]),
);

await build({
  configFile: path.join(web, 'vite.config.ts'),
  root: web,
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender/render.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    manifest: false,
    sourcemap: false,
    copyPublicDir: false,
  },
});
const { renderPage } = (await import(path.join(ssrDir, 'render.js'))) as {
  renderPage: (pathname: string, language: UiLanguage) => Promise<string>;
};

/*
 * What the app brings once it starts on a page rendered ahead: itself, the screen with the parts it
 * loads itself (the try box, a form's checks), the query and HTTP clients and the toasts
 * (html[data-app]), and both parts of the page's language (html[data-app-language]). The entry
 * names them to the browser a few at a time once the page is idle (src/boot.ts), so the app's
 * start finds them named already: Vite's preload helper would name each itself, all in one task.
 * A page that does not fit (app/first-paint.ts) has the app's files fetched at once, and not its
 * language, which is not the one the app will show.
 */
function scriptsOf(keys: string[]): string {
  for (const key of keys) if (!manifest[key]) throw new Error(`the build's manifest has no ${key}`);
  return staticClosure(manifest, keys)
    .filter((f) => f.endsWith('.js') && !inTemplate.has(f))
    .map((f) => `/${f}`)
    .join(' ');
}
/**
 * The app's and the screen's own files in the order the browser runs them, each after the files it
 * imports: src/boot.ts runs them one per task (html[data-app-steps]), as one import of the app
 * would run them all in a single long task.
 */
function runOrder(keys: string[]): string {
  const files: string[] = [];
  const visited = new Set<string>();
  const visit = (key: string): void => {
    if (visited.has(key)) return;
    visited.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (chunk.file.endsWith('.js') && !inTemplate.has(chunk.file)) files.push(`/${chunk.file}`);
  };
  for (const key of keys) visit(key);
  return files.join(' ');
}
const appScripts = (page: PrerenderedPage) =>
  scriptsOf([APP, SCREENS[page], ...(manifest[SCREENS[page]]?.dynamicImports ?? []), ...LATER_PART_MODULES]);
const languageScripts = (language: UiLanguage) =>
  scriptsOf([localePartModule(language, 'first-screen'), localePartModule(language, 'rest')]);

fs.mkdirSync(path.join(dist, 'pages'), { recursive: true });
let written = 0;
for (const [page, [pathname]] of Object.entries(PRERENDERED_PAGES) as [PrerenderedPage, readonly [string]][]) {
  const screenFiles = staticClosure(manifest, [SCREENS[page]]);
  for (const language of UI_LANGUAGES) {
    let markup = await renderPage(pathname, language);
    // Resources React hoists out of the markup (the header's image) belong in the head.
    const hoisted: string[] = [];
    markup = markup.replace(/^(<link [^>]*\/>)+/, (links) => {
      hoisted.push(...(links.match(/<link [^>]*\/>/g) ?? []));
      return '';
    });
    const html = intoHead(template, [...hoisted, ...stylesheets([...appFiles, ...screenFiles])])
      .replace(
        /<html lang="[^"]*" dir="[^"]*">/,
        () =>
          `<html lang="${language}" dir="${directionOf(language)}" data-prerendered="${page}" data-app="${appScripts(page)}" data-app-steps="${runOrder([APP, SCREENS[page]])}" data-app-language="${languageScripts(language)}">`,
      )
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
    if (!html.includes('data-prerendered') || !html.includes(markup)) {
      throw new Error('dist/index.html no longer has the <html lang dir> and empty #root this script fills');
    }
    fs.writeFileSync(path.join(dist, prerenderedFile(page, language)), html);
    written++;
  }
}
fs.rmSync(ssrDir, { recursive: true, force: true });
console.log(
  `prerendered ${written} pages (${Object.keys(PRERENDERED_PAGES).length} screens x ${UI_LANGUAGES.length} languages)`,
);
