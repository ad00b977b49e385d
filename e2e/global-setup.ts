import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { e2ePort } from '../playwright.config';

/** Starts the built server on a fresh data directory and hands the printed admin sign-in link to the tests. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'alarm-e2e-'));
  // A copy of the built SPA, so a test can publish a "new build" without touching dist/.
  const staticDir = path.join(dataDir, 'dist');
  cpSync('dist', staticDir, { recursive: true });
  const server: ChildProcess = spawn('node', ['build/server.mjs'], {
    env: {
      ...process.env,
      PORT: String(e2ePort),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'db'),
      STATIC_DIR: staticDir,
      // The demo plant and its 30-day journal: the boards' browser tests draw real data.
      SEED_DEMO: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const link = await new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/http:\/\/\S+\?token=[\w-]+/);
      if (match) resolve(match[0]);
    });
    server.on('exit', (code) =>
      reject(new Error(`server exited (${code}) before printing a sign-in link:\n${output}`)),
    );
  });
  process.env.E2E_ADMIN_LINK = link;
  process.env.E2E_STATIC_DIR = staticDir;
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
