// Generates the Workbox service worker over the built SPA (dist/), after `max build` has written
// index.html: workbox-webpack-plugin would run before it and miss the page.
import { generateSW } from 'workbox-build';

const globDirectory = process.argv[2] ?? 'dist';

const { count, size, warnings } = await generateSW({
  globDirectory,
  globPatterns: ['**/*.{js,css,html,ico,png,svg,woff2,webmanifest}'],
  swDest: `${globDirectory}/sw.js`,
  navigateFallback: '/index.html',
  navigateFallbackDenylist: [/^\/api\//],
  cleanupOutdatedCaches: true,
  skipWaiting: false,
  clientsClaim: false,
  // Hashed file names make Workbox's own revision check unnecessary for them.
  dontCacheBustURLsMatching: /\.[0-9a-f]{8}\./,
  maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
  inlineWorkboxRuntime: true,
  sourcemap: false,
});
for (const warning of warnings) process.stderr.write(`workbox: ${warning}\n`);
process.stdout.write(`service worker: ${count} files precached (${(size / 1024).toFixed(0)} KiB)\n`);
