// `npm start`: build when dist/ or build/ is missing or older than the sources, then serve.
import { spawn, spawnSync } from 'node:child_process';
import { buildIsCurrent } from './source-stamp.mjs';

if (!buildIsCurrent()) {
  process.stdout.write('构建前端与服务端（首次启动或源码已变更）…\n');
  const result = spawnSync('node', ['scripts/build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn('node', ['--enable-source-maps', 'build/server.mjs'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
