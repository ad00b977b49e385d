/**
 * Starts the code of the route the app opens on, and of the layouts around it, before React's first
 * render. Umi renders every route component through React.lazy: a lazy component not started yet suspends
 * the first render even when its chunk is already here, and the render that resumes after it is one React
 * may interrupt — and at start-up does, again and again, while the layout settles. Started here, their
 * modules are ready when the signed-in user is, and the first view renders in one go.
 */
interface RouteEntry {
  id: string;
  path?: string;
  parentId?: string;
  redirect?: string;
}

/** React.lazy's element type: `_init(_payload)` starts the import, as React's own first render does. */
interface LazyComponent {
  _payload?: unknown;
  _init?: (payload: unknown) => unknown;
}

function start(component: unknown): void {
  const lazy = component as LazyComponent | undefined;
  try {
    lazy?._init?.(lazy._payload);
  } catch {
    // Thrown while the chunk is on its way, as React expects; React reports a failed chunk when it renders.
  }
}

/** Umi's routes by id, and their components. */
export type RouteTable = Record<string, RouteEntry>;
export type RouteComponents = Record<string, unknown>;

export function startRouteComponents(pathname: string, routes: RouteTable, components: RouteComponents): void {
  const byPath = (path: string) => Object.values(routes).find((route) => route.path === path);
  let route = byPath(pathname);
  if (route?.redirect) route = byPath(route.redirect);
  for (let id = route?.id; id; id = routes[id]?.parentId) start(components[id]);
}
