// What the landing page downloads before it is usable, gzip-compressed. The landing page comes
// rendered ahead (apps/web/scripts/prerender.ts, dist/pages/landing.<language>.html): its text,
// links and layout are there before any script runs, so what it needs first is what that page
// names - the entry (src/boot.ts) with every chunk it imports statically, and the stylesheets.
// The app that drives its buttons (React, the router, the language: src/main.tsx) follows once
// the browser is idle or at the reader's first touch; landingAppLoad says what that brings.
// bench/bundle-size.ts prints both; scripts/bundle-budget.ts holds the first to the budget in
// `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { prerenderedFile } from '@tolk/shared/first-screens';
import { localePartModule } from '../apps/web/locale-parts';
import { staticClosure, type BuildManifest, type ManifestChunk } from '../apps/web/src/service-worker/shell-files';

export type { ManifestChunk };

/** The most JavaScript (KB gzip) the landing page may load before it is usable (issue 20). */
export const LANDING_JS_BUDGET_KB = 100;

export const LANDING = 'src/features/landing/screens/landing-screen.tsx';
export const APP = 'src/main.tsx';
export const FIRST_SCREEN_LOCALE = localePartModule('en', 'first-screen');
/** The landing page as an English reader gets it. */
export const LANDING_PAGE = prerenderedFile('landing', 'en');

export type Manifest = BuildManifest;

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A web build on disk: its manifest, and the gzip size of its files. */
export class WebBuild {
  readonly manifest: Manifest;
  private readonly gzipSizes = new Map<string, number>();

  constructor(readonly dist = path.resolve(import.meta.dirname, '../apps/web/dist')) {
    const manifestPath = path.join(dist, '.vite/manifest.json');
    if (!fs.existsSync(manifestPath)) {
      throw new Error(`${manifestPath} is missing: run npm run build -w @tolk/web first`);
    }
    this.manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  }

  chunk(key: string): ManifestChunk {
    const found = this.manifest[key];
    if (!found) throw new Error(`the build's manifest has no ${key}`);
    return found;
  }

  /** Bytes of a built file after gzip at level 9. */
  gzip(file: string): number {
    let size = this.gzipSizes.get(file);
    if (size === undefined) {
      size = gzipSync(fs.readFileSync(path.join(this.dist, file)), { level: 9 }).length;
      this.gzipSizes.set(file, size);
    }
    return size;
  }

  /** A chunk and everything it imports statically, with their stylesheets: the files not in `seen`, now added to it. */
  closure(key: string, seen: Set<string>): string[] {
    const files = staticClosure(this.manifest, [key]).filter((file) => !seen.has(file));
    for (const file of files) seen.add(file);
    return files;
  }
}

export interface FirstLoad {
  groups: { label: string; files: string[] }[];
  /** Every file in the groups. */
  files: Set<string>;
  js: number;
  css: number;
}

/** What the landing page loads before it is usable, in the order the browser asks for it. */
export function landingFirstLoad(build: WebBuild): FirstLoad {
  const pagePath = path.join(build.dist, LANDING_PAGE);
  if (!fs.existsSync(pagePath))
    throw new Error(`${pagePath} is missing: the build renders it (apps/web/scripts/prerender.ts)`);
  // The page is what the browser reads: anything it references counts, manifest or not.
  const html = fs.readFileSync(pagePath, 'utf8');
  const fromHtml = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const files = new Set<string>();
  const groups: FirstLoad['groups'] = [];
  for (const entry of Object.keys(build.manifest).filter((key) => build.manifest[key]?.isEntry)) {
    groups.push({ label: 'entry + its imports', files: build.closure(entry, files) });
  }
  groups.push({ label: 'named by the page', files: fromHtml.filter((file) => !files.has(file)) });
  for (const file of fromHtml) files.add(file);
  return { groups, files, ...sizes(build, files) };
}

/** What the app brings once it starts on the landing page (idle, or the reader's first touch): not in `before`. */
export function landingAppLoad(build: WebBuild, before: ReadonlySet<string>): FirstLoad {
  const files = new Set(before);
  const groups = [
    { label: 'app', files: build.closure(APP, files) },
    { label: 'landing route', files: build.closure(LANDING, files) },
    { label: 'locale (en, first screen)', files: build.closure(FIRST_SCREEN_LOCALE, files) },
  ];
  const added = new Set(groups.flatMap((group) => group.files));
  return { groups, files: added, ...sizes(build, added) };
}

function sizes(build: WebBuild, files: Iterable<string>): { js: number; css: number } {
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.css')) css += build.gzip(file);
    else js += build.gzip(file);
  }
  return { js, css };
}
