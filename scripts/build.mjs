// `npm run build`: the SPA (max build → dist/), its antd styles, its service worker, and the server bundle (build/).
// With --if-stale (`npm run test:e2e`) nothing is built when dist/ and build/ are current for the sources, the
// check `npm start` makes (scripts/source-stamp.mjs).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { SERVER_BUNDLE } from './server-bundle.mjs';
import { buildIsCurrent, sourceStamp } from './source-stamp.mjs';
import { recordTiming } from './timings.mjs';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const started = performance.now();
if (process.argv.includes('--if-stale') && buildIsCurrent()) {
  process.stdout.write('build: dist/ and build/ are current for the sources, not rebuilt\n');
  recordTiming('build', (performance.now() - started) / 1000, 'current, not rebuilt');
  process.exit(0);
}

const stamp = sourceStamp();
run('npx', ['max', 'build']);
// antd's styles of the shell and first views, as the built app's antd names them (docs/performance.md).
run('npx', ['tsx', 'scripts/antd-styles.tsx', 'dist'], { NODE_ENV: 'production' });
run('node', ['scripts/generate-sw.mjs', 'dist']);
await build({
  ...SERVER_BUNDLE,
  entryPoints: { server: 'server/server.ts', token: 'server/cli/token.ts' },
  outdir: 'build',
  sourcemap: true,
});
writeFileSync('build/source-stamp.txt', stamp);
recordTiming('build', (performance.now() - started) / 1000);
process.stdout.write('build: dist/ (SPA + service worker) and build/ (server) are ready\n');
