// How the server is bundled, by `npm run build` (scripts/build.mjs), the bench (scripts/bench/server.ts) and the
// test that starts it from another folder: ESM for Node 20, packages left in node_modules. Bundles are written
// directly in build/: server/paths.ts finds the project folder, its worker threads and migrations one level up.
/** @type {import('esbuild').BuildOptions} */
export const SERVER_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
};
