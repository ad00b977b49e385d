// `npm run build`: the SPA (max build → dist/), its service worker, and the server bundle (build/).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { SERVER_BUNDLE } from './server-bundle.mjs';
import { sourceStamp } from './source-stamp.mjs';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const stamp = sourceStamp();
run('npx', ['max', 'build']);
run('node', ['scripts/generate-sw.mjs', 'dist']);
await build({
  ...SERVER_BUNDLE,
  entryPoints: { server: 'server/server.ts', token: 'server/cli/token.ts' },
  outdir: 'build',
  sourcemap: true,
});
writeFileSync('build/source-stamp.txt', stamp);
process.stdout.write('build: dist/ (SPA + service worker) and build/ (server) are ready\n');
