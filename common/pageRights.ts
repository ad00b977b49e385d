/**
 * What the pages that refuse a user say: the right a hidden page needs and a right's name. Apart from
 * common/routes.ts because only those pages, loaded on demand, need it: the first load does not carry it.
 */
import {
  type AppRoute,
  actionLabel,
  permissionString,
  type RouteAction,
  type RouteIndex,
  requirePermission,
  routeIndex,
} from './routes';

/**
 * The right a hidden page needs for what its address asks (`?id=` edits where the page also creates, `?change=`
 * edits a draft change request), as `config/routes.ts` declares it beside the route; undefined for every other
 * route.
 */
export function pageRight(route: AppRoute, search: string, index: RouteIndex = routeIndex): string | undefined {
  const { performs } = route;
  if (!performs) return undefined;
  const address = new URLSearchParams(search);
  if (performs.withChange && address.has('change')) {
    return requirePermission(performs.withChange.route, performs.withChange.action, index);
  }
  const editing = performs.withId && address.has('id');
  return requirePermission(performs.route, editing ? (performs.withId as RouteAction) : performs.action, index);
}

/** A permission as the role editor shows it: its route's name and its action (`模板列表 / 编辑`). */
export function rightLabel(permission: string, index: RouteIndex = routeIndex): string {
  for (const route of index.byPath.values()) {
    const action = route.actions?.find((declared) => permissionString(route.path, declared) === permission);
    if (action) return `${route.name} / ${actionLabel(action)}`;
  }
  return permission;
}
