/**
 * First-start data: the roles of docs/domain.md, the base dictionaries, the `admin` user, and (SEED_DEMO) the
 * demo plant.
 * Idempotent: it only adds what is missing and never undoes an administrator's edits.
 */
import type { Database } from '../db';
import { createRolesRepository } from '../repositories/roles';
import { createUsersRepository } from '../repositories/users';
import { seedDemoData } from './demo';
import { seedDictionaries } from './dictionaries';
import { ADMIN_USERNAME, ROLE_NAMES, seededRoles } from './roles';

export interface SeedOptions {
  /** Also seed the demo plant and its journal (SEED_DEMO); only ever on the first start. */
  demo: boolean;
  /** The demo's end (SEED_DEMO_UNTIL); now when absent. */
  demoUntil?: Date;
}

export interface SeedResult {
  /** The `admin` user was created just now: the caller prints its sign-in link. */
  firstStart: boolean;
}

export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const roles = createRolesRepository(db);
    const users = createUsersRepository(db);
    for (const role of seededRoles()) await roles.create(role, tx);
    await seedDictionaries(tx);

    const adminRole = await roles.findByName(ROLE_NAMES.admin, tx);
    const admin = await users.create(
      { username: ADMIN_USERNAME, name: ROLE_NAMES.admin, roleIds: adminRole ? [adminRole.id] : [] },
      tx,
    );
    const firstStart = admin !== undefined;
    if (firstStart && options.demo) await seedDemoData(tx, options.demoUntil?.getTime());
    return { firstStart };
  });
}
