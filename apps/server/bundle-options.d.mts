import type { BuildOptions } from 'esbuild';

/** How the server is bundled (bundle-options.mjs). */
export declare const bundleOptions: BuildOptions;
