// What the landing page really downloads before it is usable, gzip-compressed, followed through
// Vite's manifest (apps/web/vite.config.ts sets build.manifest):
//   - the entry script, every chunk it imports statically (index.html names them as modulepreload)
//     and their stylesheets;
//   - the landing screen's route chunk and its static imports (the router fetches it before the
//     first screen renders);
//   - the interface language's locale chunk (English here; main.tsx awaits it before rendering).
// Then what is fetched right after (the landing's own lazy parts), and the largest route chunk
// (a screen) apart from the largest shared chunk.
// Run after a build: npm run build -w @tolk/web && npx tsx bench/bundle-size.ts
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const TARGET_KB = 150;
const LANDING = 'src/features/landing/screens/landing-screen.tsx';
const LOCALE = 'src/locales/en.json';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: run npm run build -w @tolk/web first`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
const chunk = (key: string): ManifestChunk => {
  const found = manifest[key];
  if (!found) throw new Error(`the manifest has no ${key}`);
  return found;
};

const gzipCache = new Map<string, number>();
const gzip = (file: string) => {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A chunk and everything it imports statically, with their stylesheets: files not in `seen`. */
function closure(key: string, seen: Set<string>): string[] {
  const files: string[] = [];
  const visit = (k: string) => {
    const c = chunk(k);
    if (!seen.has(c.file)) {
      seen.add(c.file);
      files.push(c.file);
    }
    for (const css of c.css ?? []) {
      if (!seen.has(css)) {
        seen.add(css);
        files.push(css);
      }
    }
    for (const imported of c.imports ?? []) {
      if (!seen.has(chunk(imported).file)) visit(imported);
    }
  };
  visit(key);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('the manifest names no entry');

// index.html is what the browser reads: anything it references counts, manifest or not.
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const fromHtml = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);

const seen = new Set<string>();
const groups: { label: string; files: string[] }[] = [
  { label: 'entry + modulepreloads', files: [...closure(entryKey, seen), ...fromHtml.filter((f) => !seen.has(f))] },
];
for (const f of fromHtml) seen.add(f);
groups.push({ label: 'landing route', files: closure(LANDING, seen) });
groups.push({ label: 'locale (en)', files: closure(LOCALE, seen) });

let js = 0;
let css = 0;
console.log('Before the landing page is usable:');
for (const group of groups) {
  for (const file of group.files) {
    const size = gzip(file);
    if (file.endsWith('.css')) css += size;
    else js += size;
    console.log(`  ${group.label.padEnd(24)} ${kb(size).padStart(9)}  ${file}`);
  }
}

// Fetched once the page is up: the landing's lazy parts (the try box) and the toast container.
const afterwards = new Set<string>();
const deferred: string[] = [];
for (const key of [...(chunk(LANDING).dynamicImports ?? []), 'src/app/toasts.tsx']) {
  if (manifest[key]) deferred.push(...closure(key, new Set([...seen, ...afterwards])));
  for (const f of deferred) afterwards.add(f);
}
const deferredSize = deferred.reduce((sum, f) => sum + gzip(f), 0);
console.log(`Right after (landing's lazy parts, toasts): ${kb(deferredSize)} in ${deferred.length} files`);

const initialFiles = new Set(groups.flatMap((g) => g.files));
const lazyChunks = Object.entries(manifest).filter(([, c]) => !initialFiles.has(c.file) && c.file.endsWith('.js'));
const isScreen = ([key, c]: [string, ManifestChunk]) => Boolean(c.isDynamicEntry && /\/screens\//.test(c.src ?? key));
const isLocale = ([key]: [string, ManifestChunk]) => key.startsWith('src/locales/');
const bySize = (list: [string, ManifestChunk][]) =>
  list.map(([key, c]) => ({ key, file: c.file, size: gzip(c.file) })).sort((a, b) => b.size - a.size);
const screens = bySize(lazyChunks.filter(isScreen));
const shared = bySize(lazyChunks.filter((entry) => !isScreen(entry) && !isLocale(entry)));
const locales = bySize(lazyChunks.filter(isLocale));

console.log('');
console.log(
  `initial JavaScript (gzip): ${kb(js)} (target ${TARGET_KB} KB: ${js / 1024 <= TARGET_KB ? 'met' : 'MISSED'})`,
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
  `locale chunks: ${locales.length}, one fetched per page load; largest ${largestLocale ? `${kb(largestLocale.size)} (${largestLocale.key})` : 'none'}`,
);
console.log(`lazy chunks: ${screens.length} screens, ${shared.length} shared`);
