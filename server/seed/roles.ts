/**
 * The first start's user and roles (docs/domain.md, "Roles and permissions"): their names and permission
 * sets, derived from the route table.
 */
import { type RouteAction, routeIndex } from '../../common/routes';
import { routePermission } from '../auth/permissions';

export const ADMIN_USERNAME = 'admin';

export const ROLE_NAMES = {
  admin: '管理员',
  engineer: '报警工程师',
  operator: '操作员',
  approver: '审批人',
  reviewer: '审核员',
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
        ...actionsOf('/alarm/op/update', ['view', 'create', 'edit', 'delete']),
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
    // The first step's reviewer: what 审批人 may do; the flows tell the two apart (docs/domain.md).
    {
      name: ROLE_NAMES.reviewer,
      permissions: inTableOrder([...allViews, ...actionsOf('/alarm/approve/list')]),
      isAdmin: false,
    },
  ];
}
