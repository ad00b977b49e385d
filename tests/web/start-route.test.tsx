import { getRoutes } from '@@/core/route';
import { EmptyRoute, routeModules } from '@@/plugin-startRoute/routeModules';
import { clearSession, storePermissions } from '@/utils/session';
import { loadStartRoute, openingPath, type RouteEntry, startRouteIds } from '@/utils/startRoute';

/** Umi's own route table, as `patchRoutes` receives it. */
async function umiRoutes() {
  const { routes, routeComponents } = await getRoutes();
  return {
    routes: routes as unknown as Record<string, RouteEntry>,
    components: { ...routeComponents } as Record<string, unknown>,
  };
}

const routeOf = (routes: Record<string, RouteEntry>, path: string) =>
  Object.values(routes).find((route) => route.path === path && !route.redirect)?.id;

describe('the route the app opens on', () => {
  it('is the page the address names with the group and the layout around it', async () => {
    const { routes } = await umiRoutes();
    const page = routeOf(routes, '/alarm/board/over');
    const group = routeOf(routes, '/alarm/board');
    expect(startRouteIds('/alarm/board/over', routes)).toEqual([page, group, 'ant-design-pro-layout']);
  });

  it('follows a redirect of the route table to its target', async () => {
    const { routes } = await umiRoutes();
    expect(startRouteIds('/alarm/template', routes)).toEqual(startRouteIds('/alarm/template/list', routes));
  });

  it('is, at 首页, the first page the rights the last start-up stored may open', () => {
    storePermissions(['alarm-op-update-view', 'alarm-bases-abnormal-view']);
    expect(openingPath('/')).toBe('/alarm/bases/abnormal');
    expect(openingPath('/alarm/op/update')).toBe('/alarm/op/update');
    storePermissions([]);
    expect(openingPath('/')).toBe('/');
    // A first sign-in: the menu's first page.
    clearSession();
    expect(openingPath('/')).toBe('/alarm/board/over');
  });

  it('is nothing for an address no route names', async () => {
    const { routes } = await umiRoutes();
    expect(startRouteIds('/no/such/page', routes)).toEqual([]);
  });
});

// Importing real pages transforms their whole module graph: slow on a busy machine.
describe('loading the start route before the first render', { timeout: 120_000 }, () => {
  it('puts the page module itself, an empty route for the group and the layout module in place of lazy ones', async () => {
    const { routes, components } = await umiRoutes();
    const page = routeOf(routes, '/alarm/bases/list') as string;
    const group = routeOf(routes, '/alarm/bases') as string;
    const other = routeOf(routes, '/alarm/board/over') as string;
    const untouched = components[other];

    await loadStartRoute('/alarm/bases/list', routes, components, routeModules, EmptyRoute);

    expect(components[page]).toBe((await import('@/pages/Alarm/Library/List')).default);
    expect(components[group]).toBe(EmptyRoute);
    expect(components['ant-design-pro-layout']).toBe((await routeModules['ant-design-pro-layout']()).default);
    expect(components[other]).toBe(untouched);
  });

  it('keeps the lazy component of a module that fails to load, so it reports the failure when it renders', async () => {
    const { routes, components } = await umiRoutes();
    const page = routeOf(routes, '/alarm/bases/list') as string;
    const lazy = components[page];
    const failing = { ...routeModules, [page]: () => Promise.reject(new Error('ChunkLoadError')) };

    await loadStartRoute('/alarm/bases/list', routes, components, failing, EmptyRoute);

    expect(components[page]).toBe(lazy);
  });
});
