import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeIndex } from '../../common/routes';
import { avatarAddress } from '../../server/routes/userinfo';
import { ADMIN_USERNAME, ROLE_NAMES, seededRoles } from '../../server/seed/roles';
import { build, SLOW, type TestApp } from './helpers';

const unauthorized = { code: 401, msg: '登录已失效，请重新登录', data: null };

describe('POST /api/userinfo', { timeout: SLOW }, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await build();
  }, SLOW);
  afterAll(() => t?.close());

  const userinfo = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/userinfo', headers });

  it('gives the admin every permission of the route table and access admin', async () => {
    const admin = await t.app.repositories.users.findByUsername(ADMIN_USERNAME);
    if (!admin) throw new Error('admin not seeded');
    const { token } = await t.app.repositories.tokens.issue(admin.id, 1);

    const response = await userinfo({ authorization: `Bearer ${token}` });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 0,
      msg: 'ok',
      data: {
        username: 'admin',
        name: '管理员',
        avatar: '',
        access: 'admin',
        permission: routeIndex.permissions,
        plantTimeZone: 'Asia/Shanghai',
      },
    });
  });

  it('gives a limited user exactly the permissions of its roles and access ""', async () => {
    const operator = await t.createUser({ roles: [ROLE_NAMES.operator] });
    const expected = seededRoles().find((role) => role.name === ROLE_NAMES.operator)?.permissions;

    const response = await userinfo(operator.authorization);

    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.access).toBe('');
    expect(data.permission).toEqual(expected);
    expect(data.permission).toContain('alarm-board-over-view');
    expect(data.permission).not.toContain('permission-view');
  });

  it('adds extra permissions to the roles and drops strings the route table does not declare', async () => {
    const user = await t.createUser({
      roles: [ROLE_NAMES.operator],
      permissions: ['permission-view', 'alarm-board-over-view', 'no-such-route-view'],
    });

    const { data } = (await userinfo(user.authorization)).json();

    expect(data.permission).toContain('permission-view');
    expect(data.permission).not.toContain('no-such-route-view');
    expect(data.permission.filter((p: string) => p === 'alarm-board-over-view')).toHaveLength(1);
  });

  it('refuses a disabled user', async () => {
    const user = await t.createUser({ roles: [ROLE_NAMES.admin], disabled: true });
    const response = await userinfo(user.authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized);
  });

  it('refuses an expired token', async () => {
    const user = await t.createUser();
    const { token } = await t.app.repositories.tokens.issue(user.id, -1);
    const response = await userinfo({ authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized);
  });

  it('refuses a revoked token', async () => {
    const user = await t.createUser();
    expect((await userinfo(user.authorization)).statusCode).toBe(200);

    await t.app.repositories.tokens.revoke(user.token);

    const response = await userinfo(user.authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized);
  });

  it.each([
    ['a forged token', { authorization: 'Bearer bm90LWEtcmVhbC10b2tlbi1hdC1hbGwtMDEyMzQ1Njc4OQ' }],
    ['an empty bearer (docs/original-console.md §7)', { authorization: 'Bearer ' }],
    ['another scheme', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
    ['no Authorization header', {}],
  ])('refuses %s', async (_case, headers) => {
    const response = await userinfo(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized);
  });

  it('stores tokens only as their hash', async () => {
    const user = await t.createUser();
    const stored = await t.database.db.query.tokens.findMany();
    expect(stored.some((row) => row.tokenHash === user.token)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
    expect(Buffer.from(user.token, 'base64url')).toHaveLength(32);
  });
});

describe('POST /api/userinfo with the plant and avatar settings of the server', { timeout: SLOW }, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await build({ plantTimeZone: 'Europe/Berlin', avatarBaseUrl: 'https://files.plant.example/' });
  }, SLOW);
  afterAll(() => t?.close());

  it('sends PLANT_TZ and the avatar joined to AVATAR_BASE_URL', async () => {
    const user = await t.createUser();
    const stored = await t.app.repositories.users.findWithRoles(user.id);
    if (!stored) throw new Error('user not created');
    await t.app.repositories.users.update(user.id, { ...stored, avatar: '/avatars/zhang.png' });
    const { data } = (await t.app.inject({ method: 'POST', url: '/api/userinfo', headers: user.authorization })).json();
    expect(data.plantTimeZone).toBe('Europe/Berlin');
    expect(data.avatar).toBe('https://files.plant.example/avatars/zhang.png');
  });

  it('keeps absolute avatar addresses and empty avatars, and paths when no base is configured', () => {
    expect(avatarAddress('https://cdn.example/a.png', 'https://files.plant.example')).toBe('https://cdn.example/a.png');
    expect(avatarAddress('avatars/1.png', 'https://files.plant.example')).toBe(
      'https://files.plant.example/avatars/1.png',
    );
    expect(avatarAddress('', 'https://files.plant.example')).toBe('');
    expect(avatarAddress('/avatars/1.png', undefined)).toBe('/avatars/1.png');
  });
});
