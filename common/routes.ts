/**
 * Everything derived from the route table (config/routes.ts), as plain functions shared by the SPA
 * (menu, guard, access) and the server (authorization, permission tree). docs/original-console.md §6.
 */
import type { AppRoute, RouteAction } from '../config/routes';
import routes from '../config/routes';

export type { AppRoute, RouteAction };

/** `/alarm/board/over` → `alarm-board-over`. */
export function routeKey(path: string): string {
  return path.replace(/^\//, '').replace(/\//g, '-');
}

export function permissionString(path: string, action: RouteAction): string {
  return `${routeKey(path)}-${action}`;
}

function flatten(table: AppRoute[]): AppRoute[] {
  return table.flatMap((route) => [route, ...flatten(route.routes ?? [])]);
}

function hasActions(route: AppRoute): boolean {
  return Boolean(route.actions?.length) || (route.routes ?? []).some(hasActions);
}

/** Routes with no permission anywhere beneath them: redirects, hidden helper pages, 403/404. */
export function isAlwaysAllowedRoute(route: AppRoute): boolean {
  return !hasActions(route);
}

export interface RouteIndex {
  byPath: Map<string, AppRoute>;
  /** Every permission string the table declares, in table order. */
  permissions: string[];
  alwaysAllowedPaths: string[];
}

export function indexRoutes(table: AppRoute[]): RouteIndex {
  const all = flatten(table);
  const byPath = new Map<string, AppRoute>();
  for (const route of all) {
    // A group path and its alias redirect share a path: keep the group (it carries the children).
    if (!byPath.has(route.path)) byPath.set(route.path, route);
  }
  return {
    byPath,
    permissions: all.flatMap((route) => (route.actions ?? []).map((action) => permissionString(route.path, action))),
    alwaysAllowedPaths: [...byPath.values()].filter(isAlwaysAllowedRoute).map((route) => route.path),
  };
}

export const routeIndex = indexRoutes(routes);

function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed || '/';
}

/** The route a location resolves to; unknown paths resolve to the `*` (404) route. */
export function matchRoute(pathname: string, index: RouteIndex = routeIndex): AppRoute | undefined {
  return index.byPath.get(normalise(pathname)) ?? index.byPath.get('*');
}

/** The permission string for an action of a route, refusing anything the table does not declare. */
export function requirePermission(path: string, action: RouteAction, index: RouteIndex = routeIndex): string {
  const route = index.byPath.get(path);
  if (!route?.actions?.includes(action)) {
    throw new Error(`The route table declares no action "${action}" on ${path}`);
  }
  return permissionString(path, action);
}

/** A route page may be opened: always allowed, or the user holds its view permission. */
export function canOpenRoute(route: AppRoute, permissions: readonly string[]): boolean {
  if (isAlwaysAllowedRoute(route)) return true;
  return Boolean(route.actions?.includes('view')) && permissions.includes(permissionString(route.path, 'view'));
}

function openablePages(table: AppRoute[], permissions: readonly string[]): AppRoute[] {
  return flatten(table).filter(
    (route) => route.component && route.actions?.includes('view') && canOpenRoute(route, permissions),
  );
}

/** The first page of the menu the user may open: where 首页 is for them. */
export function firstPermittedPage(permissions: readonly string[], table: AppRoute[] = routes): string | undefined {
  return openablePages(table, permissions)[0]?.path;
}

/**
 * Where a group heading without a page of its own (`/alarm/board`) leads: its first child the user may open.
 * Groups with an alias redirect (the seed's) and pages lead nowhere else.
 */
export function groupLanding(
  pathname: string,
  permissions: readonly string[],
  index: RouteIndex = routeIndex,
): string | undefined {
  const path = normalise(pathname);
  const group = index.byPath.get(path);
  if (!group?.routes?.length || group.component || group.routes.some((child) => child.path === path)) return undefined;
  return firstPermittedPage(permissions, group.routes);
}

export interface MenuItem {
  path?: string;
  children?: MenuItem[];
  [key: string]: unknown;
}

/**
 * docs/original-console.md §6 menu filter: a child stays if the user may view it or it is always allowed; a level-1 item
 * needs its view permission; a group stays only if always allowed or it keeps children.
 */
export function filterMenu<T extends MenuItem>(
  items: T[],
  permissions: readonly string[],
  index: RouteIndex = routeIndex,
): T[] {
  const kept: T[] = [];
  for (const item of items) {
    const route = item.path ? index.byPath.get(item.path) : undefined;
    if (!route) continue;
    if (item.children?.length || route.routes?.length) {
      const children = filterMenu((item.children ?? []) as T[], permissions, index);
      if (children.length || isAlwaysAllowedRoute(route)) kept.push({ ...item, children });
    } else if (canOpenRoute(route, permissions)) {
      kept.push(item);
    }
  }
  return kept;
}

function menuPaths(items: MenuItem[]): string[] {
  return items.flatMap((item) => [...(item.path ? [item.path] : []), ...menuPaths(item.children ?? [])]);
}

/** docs/original-console.md §6 guard: allowed when always allowed, permitted, or present in the filtered menu. */
export function isPathAllowed(
  pathname: string,
  permissions: readonly string[],
  filteredMenu: MenuItem[] = [],
  index: RouteIndex = routeIndex,
): boolean {
  const route = matchRoute(pathname, index);
  if (!route) return false;
  if (canOpenRoute(route, permissions)) return true;
  return menuPaths(filteredMenu).includes(normalise(pathname));
}

/**
 * Whether the layout may draw what a location renders: anything but a page the user may not open, which would
 * ask the server for what it refuses. A group heading draws only its alias redirect, if any.
 */
export function mayDrawPath(pathname: string, permissions: readonly string[], index: RouteIndex = routeIndex): boolean {
  const route = matchRoute(pathname, index);
  return !route?.component || canOpenRoute(route, permissions);
}

export interface PermissionNode {
  /** Permission string for actions; route key for routes and groups. */
  key: string;
  title: string;
  path?: string;
  action?: RouteAction;
  children?: PermissionNode[];
}

const actionLabels: Record<RouteAction, string> = {
  view: '查看',
  create: '新建',
  edit: '编辑',
  delete: '删除',
  remove: '移除',
  handle: '处置',
  confirm: '确认',
  revoke: '撤回',
  takeover: '接管',
};

export function actionLabel(action: RouteAction): string {
  return actionLabels[action];
}

function routeNode(route: AppRoute): PermissionNode {
  return {
    key: routeKey(route.path),
    title: route.name ?? route.path,
    path: route.path,
    children: (route.actions ?? []).map((action) => ({
      key: permissionString(route.path, action),
      title: actionLabels[action],
      action,
    })),
  };
}

/** Groups → routes → actions, as the role editor shows them; level-1 items are their own group. */
export function permissionTree(table: AppRoute[] = routes): PermissionNode[] {
  return table.filter(hasActions).map((route) => {
    if (route.actions?.length) return routeNode(route);
    return {
      key: routeKey(route.path),
      title: route.name ?? route.path,
      path: route.path,
      children: flatten(route.routes ?? [])
        .filter((child) => child.actions?.length)
        .map(routeNode),
    };
  });
}
