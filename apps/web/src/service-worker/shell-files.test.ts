import { describe, expect, it } from 'vitest';
import { shellFiles, type BuildManifest } from './shell-files';

const LANDING = 'src/features/landing/screens/landing-screen.tsx';
const REGISTRATION = 'src/lib/register-service-worker.ts';

/** The shape Vite writes to dist/.vite/manifest.json, cut down to a few chunks. */
function buildManifest(hash: string): BuildManifest {
  return {
    'index.html': {
      file: `assets/index-${hash}.js`,
      isEntry: true,
      imports: ['_vendor.js'],
      dynamicImports: [LANDING, REGISTRATION, 'src/features/muses/screens/thread-screen.tsx', 'src/locales/es.json'],
      css: [`assets/index-${hash}.css`],
    },
    '_vendor.js': { file: `assets/vendor-${hash}.js`, imports: ['_react.js'] },
    '_react.js': { file: `assets/react-${hash}.js`, imports: ['_vendor.js'] },
    [LANDING]: {
      file: `assets/landing-screen-${hash}.js`,
      isDynamicEntry: true,
      imports: ['_vendor.js', '_lucide.js'],
      dynamicImports: ['src/features/landing/components/try-translation.tsx'],
      css: [`assets/landing-screen-${hash}.css`],
    },
    '_lucide.js': { file: `assets/lucide-${hash}.js`, assets: [`assets/globe-${hash}.svg`] },
    'src/features/landing/components/try-translation.tsx': {
      file: `assets/try-translation-${hash}.js`,
      imports: ['_http.js'],
    },
    '_http.js': { file: `assets/http-${hash}.js` },
    [REGISTRATION]: { file: `assets/register-service-worker-${hash}.js`, imports: ['_cache-rules.js'] },
    '_cache-rules.js': { file: `assets/cache-rules-${hash}.js` },
    'src/features/muses/screens/thread-screen.tsx': {
      file: `assets/thread-screen-${hash}.js`,
      imports: ['_vendor.js'],
      css: [`assets/thread-${hash}.css`],
    },
    'src/locales/es.json': { file: `assets/es-${hash}.js` },
  };
}

describe('the app shell a build keeps', () => {
  it("is the entry and its imports, the landing page with its lazy try box, and the worker's registration", () => {
    expect(shellFiles(buildManifest('aaaa1111'), [LANDING, REGISTRATION]).sort()).toEqual(
      [
        '/assets/index-aaaa1111.js',
        '/assets/index-aaaa1111.css',
        '/assets/vendor-aaaa1111.js',
        '/assets/react-aaaa1111.js',
        '/assets/landing-screen-aaaa1111.js',
        '/assets/landing-screen-aaaa1111.css',
        '/assets/lucide-aaaa1111.js',
        '/assets/globe-aaaa1111.svg',
        '/assets/try-translation-aaaa1111.js',
        '/assets/http-aaaa1111.js',
        '/assets/register-service-worker-aaaa1111.js',
        '/assets/cache-rules-aaaa1111.js',
      ].sort(),
    );
  });

  it('leaves other screens and every language to be kept as they are fetched', () => {
    const files = shellFiles(buildManifest('aaaa1111'), [LANDING, REGISTRATION]);
    expect(files).not.toContain('/assets/thread-screen-aaaa1111.js');
    expect(files.some((file) => file.includes('/es-'))).toBe(false);
  });

  it("names a rebuild's new files, none of the old build's", () => {
    const files = shellFiles(buildManifest('bbbb2222'), [LANDING, REGISTRATION]);
    expect(files).toContain('/assets/index-bbbb2222.js');
    expect(files.filter((file) => file.includes('aaaa1111'))).toEqual([]);
  });

  it('fails the build when a first screen or the entry is missing from the manifest', () => {
    expect(() => shellFiles(buildManifest('aaaa1111'), ['src/features/landing/screens/renamed.tsx'])).toThrow(
      'the build manifest has no src/features/landing/screens/renamed.tsx',
    );
    const withoutEntry = buildManifest('aaaa1111');
    delete withoutEntry['index.html'];
    expect(() => shellFiles(withoutEntry, [LANDING])).toThrow('the build manifest names no entry');
  });
});
