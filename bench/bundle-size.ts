// What the landing page really downloads before it is usable, gzip-compressed, as
// scripts/landing-bundle.ts follows it through Vite's manifest (the same measurement npm test holds
// to its budget): the entry and its static imports, the landing screen's route chunk, and the
// first-screen part of the interface language.
// Then what is fetched right after (the landing's own lazy parts, the rest of the language, the
// query client, the HTTP client, toasts), and the largest route chunk (a screen) apart from the largest shared chunk.
// Run after a build: npm run build -w @tolk/web && npx tsx bench/bundle-size.ts
import {
  kb,
  landingFirstLoad,
  LANDING,
  LANDING_JS_BUDGET_KB,
  WebBuild,
  type ManifestChunk,
} from '../scripts/landing-bundle';
import { localePartModule } from '../apps/web/locale-parts';

const build = new WebBuild();
const { manifest } = build;
const { groups, files: initialFiles, js, css } = landingFirstLoad(build);
const seen = new Set(initialFiles);

console.log('Before the landing page is usable:');
for (const group of groups) {
  for (const file of group.files) {
    console.log(`  ${group.label.padEnd(26)} ${kb(build.gzip(file)).padStart(9)}  ${file}`);
  }
}

// Fetched once the page is idle: the landing's lazy parts (the try box), what every later part waits
// for (the rest of the language, the query client), the HTTP client and the toast container.
const afterwards = new Set<string>();
const deferred: string[] = [];
for (const key of [
  ...(build.chunk(LANDING).dynamicImports ?? []),
  localePartModule('en', 'rest'),
  'src/lib/query-client.ts',
  'src/lib/http-client.ts',
  'src/app/toasts.tsx',
]) {
  if (manifest[key]) deferred.push(...build.closure(key, new Set([...seen, ...afterwards])));
  for (const f of deferred) afterwards.add(f);
}
const deferredSize = deferred.reduce((sum, f) => sum + build.gzip(f), 0);
console.log(
  `Once idle (landing's lazy parts, rest of the language, query and HTTP clients, toasts): ${kb(deferredSize)} in ${deferred.length} files`,
);

const lazyChunks = Object.entries(manifest).filter(([, c]) => !initialFiles.has(c.file) && c.file.endsWith('.js'));
const isScreen = ([key, c]: [string, ManifestChunk]) => Boolean(c.isDynamicEntry && /\/screens\//.test(c.src ?? key));
const isLocale = ([key]: [string, ManifestChunk]) => key.startsWith('src/locales/');
const bySize = (list: [string, ManifestChunk][]) =>
  list.map(([key, c]) => ({ key, file: c.file, size: build.gzip(c.file) })).sort((a, b) => b.size - a.size);
const screens = bySize(lazyChunks.filter(isScreen));
const shared = bySize(lazyChunks.filter((entry) => !isScreen(entry) && !isLocale(entry)));
const locales = bySize(lazyChunks.filter(isLocale));

console.log('');
console.log(
  `initial JavaScript (gzip): ${kb(js)} (budget ${LANDING_JS_BUDGET_KB} KB: ${js / 1024 <= LANDING_JS_BUDGET_KB ? 'met' : 'MISSED'})`,
);
console.log(`initial CSS (gzip):        ${kb(css)}`);
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
