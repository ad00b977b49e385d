import type { Executor } from './db';

/**
 * The demo plant and 30 days of simulated journal (api.md, "Running the server"), seeded on the first
 * start when SEED_DEMO=1. Its data arrives with the alarm library and journal tables; until then the
 * first start seeds roles and `admin` only.
 */
export async function seedDemoData(_tx: Executor): Promise<void> {}
