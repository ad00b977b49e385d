/**
 * First-start data: the roles of docs/domain.md, the base dictionaries, the `admin` user, and (SEED_DEMO) the
 * demo plant.
 * Idempotent: it only adds what is missing and never undoes an administrator's edits.
 */
import { type RouteAction, routeIndex } from '../common/routes';
import { routePermission } from './auth/permissions';
import type { Database } from './db';
import { createRolesRepository } from './repositories/roles';
import { createUsersRepository } from './repositories/users';
import { seedDemoData } from './seed-demo';
import { seedDictionaries } from './seed-dictionaries';

export const ADMIN_USERNAME = 'admin';

export const ROLE_NAMES = {
  admin: '管理员',
  engineer: '报警工程师',
  operator: '操作员',
  approver: '审批人',
} as const;

const actionRoutes = [...routeIndex.byPath.values()].filter((route) => route.actions?.length);

function actionsOf(path: string, only?: RouteAction[]): string[] {
  const actions = routeIndex.byPath.get(path)?.actions ?? [];
  return actions.filter((action) => !only || only.includes(action)).map((action) => routePermission(path, action));
}

function viewsUnder(...prefixes: string[]): string[] {
  return actionRoutes
    .filter((route) => prefixes.some((prefix) => route.path === prefix || route.path.startsWith(`${prefix}/`)))
    .flatMap((route) => actionsOf(route.path, ['view']));
}

const allViews = actionRoutes.flatMap((route) => actionsOf(route.path, ['view']));

/** Permission sets of the seeded roles, in route-table order (docs/domain.md, "Roles and permissions"). */
export function seededRoles(): { name: string; permissions: string[]; isAdmin: boolean }[] {
  const inTableOrder = (permissions: string[]) => routeIndex.permissions.filter((p) => permissions.includes(p));
  return [
    { name: ROLE_NAMES.admin, permissions: [...routeIndex.permissions], isAdmin: true },
    {
      name: ROLE_NAMES.engineer,
      permissions: inTableOrder([
        ...allViews,
        ...actionsOf('/alarm/bases/list'),
        ...actionsOf('/alarm/template/list'),
        ...actionsOf('/alarm/op/update'),
        ...actionsOf('/alarm/op/working'),
      ]),
      isAdmin: false,
    },
    {
      name: ROLE_NAMES.operator,
      permissions: inTableOrder([
        ...viewsUnder('/alarm/board', '/alarm/bases'),
        ...actionsOf('/alarm/op/system/run', ['view']),
      ]),
      isAdmin: false,
    },
    {
      name: ROLE_NAMES.approver,
      permissions: inTableOrder([...allViews, ...actionsOf('/alarm/approve/list')]),
      isAdmin: false,
    },
  ];
}

export interface SeedOptions {
  /** Also seed the demo plant and its journal (SEED_DEMO); only ever on the first start. */
  demo: boolean;
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
    if (firstStart && options.demo) await seedDemoData(tx);
    return { firstStart };
  });
}
