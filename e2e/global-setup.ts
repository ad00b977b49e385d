import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { e2ePort } from '../playwright.config';
import { startBuiltServer } from './built-server';

/** Starts the built server on a fresh data directory and hands the printed admin sign-in link to the tests. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'alarm-e2e-'));
  // A copy of the built SPA, so a test can publish a "new build" without touching dist/.
  const staticDir = path.join(dataDir, 'dist');
  cpSync('dist', staticDir, { recursive: true });
  // 数据采集's drop root, looked at often so that a dropped journal shows within a test's patience.
  const dropDir = path.join(dataDir, 'drop');
  mkdirSync(dropDir);
  const server = await startBuiltServer({
    port: e2ePort,
    dataDir: path.join(dataDir, 'db'),
    staticDir,
    env: { DROP_DIR: dropDir, COLLECTOR_POLL_MS: '250' },
  });
  process.env.E2E_DROP_DIR = dropDir;
  process.env.E2E_ADMIN_LINK = server.link;
  process.env.E2E_STATIC_DIR = staticDir;
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
