import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBuiltServer } from './built-server';
import { E2E_SERVER_ENV, freePort } from './fixtures';

/**
 * Seeds the demo plant once: a first start of the built server on a fresh data directory (migrations, roles, the
 * demo plant up to SEED_DEMO_UNTIL), stopped again so that its directory may be copied. Each worker starts its own
 * server on a copy (the `server` fixture of e2e/fixtures.ts): a copy starts in seconds, a seed takes most of a minute.
 */
export default async function globalSetup() {
  const root = mkdtempSync(path.join(tmpdir(), 'alarm-e2e-'));
  const dataDir = path.join(root, 'seeded-db');
  const server = await startBuiltServer({
    port: await freePort(),
    dataDir,
    staticDir: 'dist',
    env: E2E_SERVER_ENV,
  });
  await server.stop();
  process.env.E2E_SEEDED_DB = dataDir;
  return async () => {
    rmSync(root, { recursive: true, force: true });
  };
}
