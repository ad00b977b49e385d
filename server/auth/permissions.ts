/**
 * Permission strings on the server, all derived from the route table (common/routes.ts): the SPA's
 * access checks and the server's authorization speak exactly the same strings.
 */
import { type RouteAction, requirePermission, routeIndex } from '../../common/routes';

declare const declared: unique symbol;
/** A permission string the route table declares; only `routePermission` makes one. */
export type Permission = string & { readonly [declared]: true };

/** What a route needs: nothing, any signed-in user, or one permission of the route table. */
export type RoutePermission = 'public' | 'authenticated' | Permission;

/** The permission for an action of a route of the table; throws when the table declares no such action. */
export function routePermission(path: string, action: RouteAction): Permission {
  return requirePermission(path, action) as Permission;
}

const declaredPermissions = new Set(routeIndex.permissions);

export function isDeclaredPermission(value: string): value is Permission {
  return declaredPermissions.has(value);
}

export type Access = 'admin' | '';

export interface EffectiveAccess {
  access: Access;
  /** In route-table order. */
  permissions: Permission[];
}

/**
 * Union of the roles' permissions and the user's extra ones, keeping only strings the route table still
 * declares. An admin role holds every permission, including ones added to the table after seeding.
 */
export function effectiveAccess(
  roles: ReadonlyArray<{ permissions: string[]; isAdmin: boolean }>,
  extraPermissions: readonly string[],
): EffectiveAccess {
  const all = routeIndex.permissions as Permission[];
  if (roles.some((role) => role.isAdmin)) return { access: 'admin', permissions: [...all] };
  const held = new Set([...roles.flatMap((role) => role.permissions), ...extraPermissions]);
  return { access: '', permissions: all.filter((permission) => held.has(permission)) };
}
