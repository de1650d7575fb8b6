/*
 * The app shell the service worker keeps, read from Vite's build manifest (dist/.vite/manifest.json)
 * at build time, so a rebuild's new file names are the ones kept.
 */

/** One entry of Vite's build manifest (only the fields read here). */
export interface ManifestChunk {
  file: string;
  /** The source module, for chunks made from one. */
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The modules every screen after the first waits for or soon uses, loaded once the first screen is
 * up (lib/later-parts.tsx, lib/http.ts, app/providers.tsx): the query client, the HTTP client and
 * the toasts. The language's rest is the other later part (apps/web/locale-parts.ts).
 */
export const LATER_PART_MODULES = ['src/lib/query-client.ts', 'src/lib/http-client.ts', 'src/app/toasts.tsx'] as const;

/**
 * Built files, as site paths (`/assets/...`), that the page needs before it shows `firstScreens`:
 * the entry script with everything it imports statically and their stylesheets and assets; then
 * each first-screen module the same way, plus the lazy parts that module loads itself (the
 * landing's try box), so the screen opens whole without a network. Throws when the manifest
 * lacks the entry or a module named, so a renamed file fails the build instead of the offline app.
 */
export function shellFiles(manifest: BuildManifest, firstScreens: readonly string[]): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('the build manifest names no entry');
  const lazyParts = firstScreens.flatMap((screen) => chunkOf(manifest, screen).dynamicImports ?? []);
  return staticClosure(manifest, [...entries, ...firstScreens, ...lazyParts]).map((file) => `/${file}`);
}

function chunkOf(manifest: BuildManifest, key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) throw new Error(`the build manifest has no ${key}`);
  return found;
}

/**
 * The built files (as named in dist, no leading slash) of `keys` and everything they import
 * statically, with their stylesheets and assets, in the order the chunks are reached.
 */
export function staticClosure(manifest: BuildManifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const visited = new Set<string>();
  const visit = (key: string): void => {
    if (visited.has(key)) return;
    visited.add(key);
    const { file, css = [], assets = [], imports = [] } = chunkOf(manifest, key);
    for (const name of [file, ...css, ...assets]) files.add(name);
    for (const imported of imports) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}
