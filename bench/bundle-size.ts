// What the landing page really downloads, gzip-compressed, as scripts/landing-bundle.ts follows it
// through Vite's manifest:
//   - before it is usable (the same measurement npm test holds to its budget): the page rendered
//     ahead names the entry with its static imports and the stylesheets;
//   - once the browser is idle or the reader first touches it: the app (React, the router, the
//     language), the landing route and the first-screen part of the language;
//   - after that: the landing's own lazy parts, the rest of the language, the query and HTTP
//     clients, toasts;
// then the largest route chunk (a screen) and the largest shared chunk.
// Run after a build: npm run build -w @tolk/web && npx tsx bench/bundle-size.ts
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  kb,
  landingAppLoad,
  landingFirstLoad,
  LANDING,
  LANDING_JS_BUDGET_KB,
  LANDING_PAGE,
  WebBuild,
  type FirstLoad,
  type ManifestChunk,
} from '../scripts/landing-bundle';
import { localePartModule } from '../apps/web/locale-parts';
import { LATER_PART_MODULES } from '../apps/web/src/service-worker/shell-files';

const build = new WebBuild();
const { manifest } = build;
const first = landingFirstLoad(build);
const app = landingAppLoad(build, first.files);
const seen = new Set([...first.files, ...app.files]);

const page = gzipSync(fs.readFileSync(path.join(build.dist, LANDING_PAGE)), { level: 9 }).length;
const list = (title: string, load: FirstLoad) => {
  console.log(`${title}: ${kb(load.js)} JavaScript, ${kb(load.css)} CSS`);
  for (const group of load.groups) {
    for (const file of group.files) {
      console.log(`  ${group.label.padEnd(26)} ${kb(build.gzip(file)).padStart(9)}  ${file}`);
    }
  }
};
console.log(`The landing page itself (${LANDING_PAGE}, rendered ahead): ${kb(page)} HTML`);
list('Before the landing page is usable (its text and links are in the page)', first);
list('Once idle or at the first touch (the app takes the page over)', app);

// Then: the landing's lazy parts (the try box), what every later part waits for (the rest of the
// language, the query client), the HTTP client and the toast container.
const afterwards = new Set<string>();
const deferred: string[] = [];
for (const key of [
  ...(build.chunk(LANDING).dynamicImports ?? []),
  localePartModule('en', 'rest'),
  ...LATER_PART_MODULES,
]) {
  if (manifest[key]) deferred.push(...build.closure(key, new Set([...seen, ...afterwards])));
  for (const f of deferred) afterwards.add(f);
}
const deferredSize = deferred.reduce((sum, f) => sum + build.gzip(f), 0);
console.log(
  `After that (landing's lazy parts, rest of the language, query and HTTP clients, toasts): ${kb(deferredSize)} in ${deferred.length} files`,
);

const lazyChunks = Object.entries(manifest).filter(([, c]) => !seen.has(c.file) && c.file.endsWith('.js'));
const isScreen = ([key, c]: [string, ManifestChunk]) => Boolean(c.isDynamicEntry && /\/screens\//.test(c.src ?? key));
const isLocale = ([key]: [string, ManifestChunk]) => key.startsWith('src/locales/');
const bySize = (entries: [string, ManifestChunk][]) =>
  entries.map(([key, c]) => ({ key, file: c.file, size: build.gzip(c.file) })).sort((a, b) => b.size - a.size);
const screens = bySize(lazyChunks.filter(isScreen));
const shared = bySize(lazyChunks.filter((entry) => !isScreen(entry) && !isLocale(entry)));
const locales = bySize(lazyChunks.filter(isLocale));

console.log('');
console.log(
  `initial JavaScript (gzip): ${kb(first.js)} (budget ${LANDING_JS_BUDGET_KB} KB: ${first.js / 1024 <= LANDING_JS_BUDGET_KB ? 'met' : 'MISSED'})`,
);
console.log(`initial CSS (gzip):        ${kb(first.css)}`);
console.log(`the app, at idle (gzip):   ${kb(app.js)} JavaScript, ${kb(app.css)} CSS`);
const [largestScreen] = screens;
const [largestShared] = shared;
const [largestLocale] = locales;
console.log(
  `largest route chunk:       ${largestScreen ? `${kb(largestScreen.size)}  ${largestScreen.key} (${largestScreen.file})` : 'none'}`,
);
console.log(
  `largest shared chunk:      ${largestShared ? `${kb(largestShared.size)}  ${largestShared.file}` : 'none'} (loaded with the screens that import it)`,
);
console.log(
  `locale chunks: ${locales.length} (two per language), one language fetched per page load; largest ${largestLocale ? `${kb(largestLocale.size)} (${largestLocale.key})` : 'none'}`,
);
console.log(`lazy chunks: ${screens.length} screens, ${shared.length} shared`);
