/**
 * Forged, expired and revoked tokens on every /api route, not only on userinfo (tests/api/hostile-input
 * and userinfo cover that one in depth): each is refused with 401 before any handler runs, so nothing is
 * stored. Tokens of odd bytes and sizes are refused the same way, never with a 500.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../../server/plugins/route-permissions';
import { queryRows } from '../../server/repositories/raw-sql';
import { ROLE_NAMES } from '../../server/seed/roles';
import { build, SLOW, type TestApp, type TestUser } from './helpers';

const label = (route: ApiRoute) => `${route.method} ${route.url}`;
const concreteUrl = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

describe('hostile tokens on every route', { timeout: SLOW * 2 }, () => {
  let t: TestApp;
  let admin: TestUser;
  let routes: ApiRoute[];

  beforeAll(async () => {
    t = await build();
    admin = await t.createUser({ roles: [ROLE_NAMES.admin] });
    await t.app.ready();
    routes = t.app.apiRoutes.filter((route) => route.permission !== 'public');
  }, SLOW);
  afterAll(() => t?.close());

  async function storedRows(): Promise<number> {
    const [{ n }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select (select count(*) from alarm_types) + (select count(*) from users) + (select count(*) from roles)
            + (select count(*) from change_requests) + (select count(*) from alarm_points) as n`,
    );
    return Number(n);
  }

  /** Routes that answered anything but a 401 envelope to the given authorization header. */
  async function notRefused(authorization: string): Promise<string[]> {
    const failures: string[] = [];
    for (const route of routes) {
      const response = await t.app.inject({
        method: route.method,
        url: concreteUrl(route.url),
        headers: { authorization },
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: { name: 'x', code: 'X1' } } : {}),
      });
      if (response.statusCode !== 401 || response.json().code !== 401) {
        failures.push(`${label(route)} → ${response.statusCode}`);
      }
    }
    return failures;
  }

  it('refuses a forged token shaped like a real one on every route, storing nothing', async () => {
    const before = await storedRows();
    const forged = randomBytes(32).toString('base64url');
    expect(forged).toHaveLength(admin.token.length);
    expect(await notRefused(`Bearer ${forged}`)).toEqual([]);
    expect(await storedRows()).toBe(before);
  });

  it('refuses an expired token on every route', async () => {
    const user = await t.createUser({ roles: [ROLE_NAMES.admin] });
    await t.database.db.execute(
      sql`update tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect(await notRefused(user.authorization.authorization)).toEqual([]);
  });

  it('refuses a revoked token on every route, though it worked a moment before', async () => {
    const user = await t.createUser({ roles: [ROLE_NAMES.admin] });
    const before = await t.app.inject({ method: 'POST', url: '/api/userinfo', headers: user.authorization });
    expect(before.statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/permission/users/${user.id}/token`,
      headers: admin.authorization,
    });
    expect(revoked.json().data.revoked).toBe(1);
    expect(await notRefused(user.authorization.authorization)).toEqual([]);
  });

  it('refuses tokens of odd bytes and sizes with 401, never 500', async () => {
    const odd = [
      '\u0000',
      `${admin.token}\u0000`,
      'é'.repeat(43),
      '😀'.repeat(20),
      'x'.repeat(16 * 1024),
      "' or '1'='1",
      '%00',
      `${admin.token.slice(0, 20)}%2F${admin.token.slice(20)}`,
    ];
    for (const token of odd) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/userinfo',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, JSON.stringify(token.slice(0, 30))).toBe(401);
      expect(response.json()).toMatchObject({ code: 401 });
    }
  });
});
