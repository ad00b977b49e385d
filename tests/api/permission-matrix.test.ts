/**
 * Walks every registered /api route: each declares a permission; without a token it answers 401; a
 * user lacking the permission gets 403; a user holding exactly that permission gets past the check.
 * A new endpoint is covered the moment it is registered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { routePermission } from '../../server/auth/permissions';
import type { ApiRoute } from '../../server/plugins/route-permissions';
import { build, SLOW, type TestApp, testConfig } from './helpers';

/** The only routes anyone may call without signing in. */
const PUBLIC_ROUTES = ['GET /api/health'];

const label = (route: ApiRoute) => `${route.method} ${route.url}`;

/** Path parameters get ids that match nothing, so that no handler changes stored data. */
function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '999999').replace(/\*/g, 'x');
}

describe('permission matrix', { timeout: SLOW }, () => {
  let t: TestApp;
  let routes: ApiRoute[];

  beforeAll(async () => {
    t = await build();
    // A probe guarded by a real permission, so the 403 branch is exercised whatever the route list holds.
    t.app.get('/api/probe/guarded', { config: { permission: routePermission('/permission', 'view') } }, async () => ({
      code: 0,
      msg: 'ok',
      data: null,
    }));
    await t.app.ready();
    routes = t.app.apiRoutes;
  }, SLOW);
  afterAll(() => t?.close());

  const call = (route: ApiRoute, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: route.method,
      url: concreteUrl(route.url),
      headers,
      ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
    });

  it('knows the routes, and only the listed ones are public', () => {
    expect(routes.map(label)).toEqual(expect.arrayContaining(['GET /api/health', 'POST /api/userinfo']));
    expect(routes.filter((route) => route.permission === 'public').map(label)).toEqual(PUBLIC_ROUTES);
  });

  it('answers 401 without a token on every non-public route', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => candidate.permission !== 'public')) {
      const response = await call(route);
      if (response.statusCode !== 401 || response.json().code !== 401) {
        failures.push(`${label(route)} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a user without roles on every route needing a permission', async () => {
    const nobody = await t.createUser();
    const guarded = routes.filter((route) => route.permission !== 'public' && route.permission !== 'authenticated');
    expect(guarded.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const route of guarded) {
      const response = await call(route, nobody.authorization);
      const expected = { code: 403, msg: `没有权限执行此操作（需要 ${route.permission}）`, data: null };
      if (response.statusCode !== 403 || JSON.stringify(response.json()) !== JSON.stringify(expected)) {
        failures.push(`${label(route)} → ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets a user holding exactly the permission past the check', async () => {
    const nobody = await t.createUser();
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => candidate.permission !== 'public')) {
      const holder =
        route.permission === 'authenticated' ? nobody : await t.createUser({ permissions: [route.permission] });
      const response = await call(route, holder.authorization);
      if (response.statusCode === 401 || response.statusCode === 403) {
        failures.push(`${label(route)} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses to register an /api route without a declared permission', async () => {
    const app = await buildApp({ config: testConfig(), database: t.database });
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/declares no permission/);
    await app.close();
  });

  it('refuses a permission string the route table does not declare', async () => {
    const app = await buildApp({ config: testConfig(), database: t.database });
    // A hand-written string, as a route must never have: the cast stands in for a mistake.
    const invented = 'alarm-board-over-edit' as ReturnType<typeof routePermission>;
    expect(() => app.get('/api/invented', { config: { permission: invented } }, async () => ({}))).toThrow(
      /does not declare/,
    );
    expect(() => routePermission('/alarm/board/over', 'edit')).toThrow();
    await app.close();
  });
});
