/**
 * The real API server, in process, over a throw-away in-memory embedded database seeded like a first
 * `npm start` (roles, dictionaries, `admin`, and the demo plant unless SEED_DEMO=0). `mock/api.ts` hands
 * `umi dev`'s `/api` requests to it, so the mock endpoints are the server's own and cannot drift.
 */
import path from 'node:path';
import { type App, buildApp } from '../app';
import { loadConfig, MEMORY_DATA_DIR } from '../config';
import { openDatabase } from '../db';
import { seedDatabase } from '../seed';
import { ADMIN_USERNAME } from '../seed/roles';

export interface InProcessApi {
  app: App;
  /** A fresh sign-in token for `admin`. */
  adminToken: string;
}

export async function startInProcessApi(env: Record<string, string | undefined> = process.env): Promise<InProcessApi> {
  const config = {
    ...loadConfig(env),
    dataDir: MEMORY_DATA_DIR,
    databaseUrl: undefined,
    // umi dev serves the SPA itself.
    staticDir: path.join(process.cwd(), '.no-static-dir'),
  };
  const database = await openDatabase(config);
  await seedDatabase(database.db, { demo: config.seedDemo, demoUntil: config.seedDemoUntil });
  const app = await buildApp({ config, database });
  app.addHook('onClose', () => database.close());
  await app.ready();
  const admin = await app.repositories.users.findByUsername(ADMIN_USERNAME);
  if (!admin) throw new Error('the seed did not create admin');
  const { token } = await app.repositories.tokens.issue(admin.id, config.tokenTtlHours);
  return { app, adminToken: token };
}
