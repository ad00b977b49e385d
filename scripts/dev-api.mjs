// `npm run dev:api`: the real server (tsx, DATA_DIR default ./data, its admin link printed on the first
// start or with ADMIN_LINK=1) and `umi dev` proxying `/api` to it (API_PROXY_TARGET turns the mock off).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8001';
const env = { ...process.env, PORT: apiPort, DATA_DIR: process.env.DATA_DIR ?? './data' };

const children = [
  spawn('npx', ['tsx', 'server/server.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['max', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
// When either stops (the server refusing a locked DATA_DIR, say), stop the other too.
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
