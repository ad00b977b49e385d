/**
 * Rules of permission sets, shared by the role editor and the server: every string must be one the
 * route table declares, and holding any action of a route implies holding its `view`.
 */
import { actionLabel, permissionString, type RouteIndex, routeIndex } from './routes';

/** The strings of `permissions` the route table does not declare. */
export function unknownPermissions(permissions: readonly string[], index: RouteIndex = routeIndex): string[] {
  const declared = new Set(index.permissions);
  return [...new Set(permissions)].filter((permission) => !declared.has(permission));
}

/** The set with every implied `view` added, deduplicated and in route-table order. */
export function withImpliedViews(permissions: readonly string[], index: RouteIndex = routeIndex): string[] {
  const held = new Set(permissions);
  for (const route of index.byPath.values()) {
    const actions = route.actions ?? [];
    if (actions.includes('view') && actions.some((action) => held.has(permissionString(route.path, action)))) {
      held.add(permissionString(route.path, 'view'));
    }
  }
  return index.permissions.filter((permission) => held.has(permission));
}

/** `alarm-mock-view` → `模拟·查看`: the route's name and the action's, as the role editor shows them. */
export function permissionLabel(permission: string, index: RouteIndex = routeIndex): string {
  for (const route of index.byPath.values()) {
    const action = route.actions?.find((candidate) => permissionString(route.path, candidate) === permission);
    if (action) return `${route.name ?? route.path}·${actionLabel(action)}`;
  }
  return permission;
}
