// `npm run dev:api`: the real server (tsx, DATA_DIR default ./data, its admin link printed on the first
// start or with ADMIN_LINK=1) and `umi dev` proxying `/api` to it (API_PROXY_TARGET turns the mock off).
// The server's link opens the server itself (the last build, if any); the same token is printed again as a
// link to the dev server, once both have started.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const apiPort = process.env.API_PORT ?? '8001';
const env = { ...process.env, PORT: apiPort, DATA_DIR: process.env.DATA_DIR ?? './data' };
// Their output is read here on its way to the terminal: keep Umi's colours when there is one.
const colour = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

const server = spawn('npx', ['tsx', 'server/server.ts'], { stdio: ['inherit', 'pipe', 'inherit'], env });
const umi = spawn('npx', ['max', 'dev'], {
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { ...process.env, ...colour, API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
});
const children = [server, umi];

let token;
let devOrigin;
function printDevLink() {
  if (token && devOrigin) {
    process.stdout.write(`\n[dev:api] 开发服务器登录链接：${devOrigin}/?token=${token}\n\n`);
    token = undefined;
  }
}

/** Relays a child's output unchanged and hands each complete line, without colours, to `onLine`. */
function relay(child, onLine) {
  let pending = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop();
    for (const line of lines) onLine(stripVTControlCharacters(line));
  });
}
relay(server, (line) => {
  token ??= line.match(/\?token=([\w%-]+)/)?.[1];
  printDevLink();
});
// Umi takes the next free port when PORT is busy: the port it names is the one to open.
relay(umi, (line) => {
  devOrigin ??= line.match(/Local:\s+(http:\/\/\S+?)\/?\s/)?.[1];
  printDevLink();
});

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
