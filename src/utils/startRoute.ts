import { firstPermittedPage, routeIndex } from '@common/routes';
import type { ComponentType } from 'react';
import { readPermissions } from './session';

/**
 * The route the app opens on, loaded before React's first render. Umi renders every route through
 * React.lazy: a lazy route suspends the first render even when its code is already here, and the render
 * that resumes is one React may interrupt — at start-up, again and again while the layout settles. The
 * route's own modules (page, layouts) loaded first and handed to `patchRoutes` as plain components render
 * in one go (docs/performance.md, "LCP of the overview").
 */
export interface RouteEntry {
  id: string;
  path?: string;
  parentId?: string;
  redirect?: string;
}

export type RouteModules = Record<string, () => Promise<{ default: ComponentType }>>;

/**
 * The page an address opens on: 首页 (`/`) leads to the first page the user may open, known before the user is
 * loaded from the rights the last start-up stored (none stored, a first sign-in: the menu's first page, the
 * overview of a full-rights user); any other address is its own.
 */
export function openingPath(pathname: string): string {
  return (pathname === '/' && firstPermittedPage(readPermissions() ?? routeIndex.permissions)) || pathname;
}

/**
 * The ids of the route `pathname` names and of the routes around it, innermost first. An address that
 * redirects (`/` to the overview) names the route it redirects to.
 */
export function startRouteIds(pathname: string, routes: Record<string, RouteEntry>): string[] {
  const all = Object.values(routes);
  const redirect = all.find((route) => route.path === pathname && route.redirect)?.redirect;
  const target = redirect ?? pathname;
  const route = all.find((route) => route.path === target && !route.redirect);
  const ids: string[] = [];
  for (let id = route?.id; id; id = routes[id]?.parentId) ids.push(id);
  return ids;
}

/**
 * Puts plain components in `components` for the start route's chain: the module of each route that has one,
 * `empty` for the others. Resolves when they are in place; a module that fails to load keeps its lazy
 * component, which reports the failure when it renders.
 */
export async function loadStartRoute(
  pathname: string,
  routes: Record<string, RouteEntry>,
  components: Record<string, unknown>,
  modules: RouteModules,
  empty: ComponentType,
): Promise<void> {
  await Promise.all(
    startRouteIds(pathname, routes).map(async (id) => {
      const load = modules[id];
      if (!load) {
        components[id] = empty;
        return;
      }
      try {
        components[id] = (await load()).default;
      } catch {
        // The lazy component stays and says what failed.
      }
    }),
  );
}
