// How the server is bundled (build.mjs, and bench/fanout/server-bundle.ts for the bench's server
// process): our code and @tolk/shared (TypeScript) inlined, every npm package left to node_modules.
export const bundleOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@tolk/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
};
