// Builds the service worker (src/serviceWorker.ts) and injects the precache manifest of the built SPA (dist/),
// after `max build` has written index.html: workbox-webpack-plugin would run before it and miss the page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

const globDirectory = process.argv[2] ?? 'dist';
const work = mkdtempSync(path.join(tmpdir(), 'sw-'));
const swSrc = path.join(work, 'sw.js');

try {
  await build({
    entryPoints: ['src/serviceWorker.ts'],
    outfile: swSrc,
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    // Workbox's development logging is left out.
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const { count, size, warnings } = await injectManifest({
    swSrc,
    swDest: `${globDirectory}/sw.js`,
    globDirectory,
    globPatterns: ['**/*.{js,css,html,ico,png,svg,woff2,webmanifest}'],
    globIgnores: ['sw.js'],
    // Hashed file names make Workbox's own revision check unnecessary for them.
    dontCacheBustURLsMatching: /\.[0-9a-f]{8}\./,
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
  });
  for (const warning of warnings) process.stderr.write(`workbox: ${warning}\n`);
  process.stdout.write(`service worker: ${count} files precached (${(size / 1024).toFixed(0)} KiB)\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
