/** 权限配置 endpoints: users, roles, sign-in tokens, the permission tree and the two exports (docs/api.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionTree, routeIndex } from '../../common/routes';
import { dateTimeText } from '../../common/wallClock';
import { XLSX_CONTENT_TYPE } from '../../server/export/xlsx';
import { ADMIN_USERNAME, ROLE_NAMES } from '../../server/seed/roles';
import { build, SLOW, sheetRows, type TestApp, type TestUser } from './helpers';

describe('permission configuration API', { timeout: SLOW }, () => {
  let t: TestApp;
  let admin: TestUser;
  let viewer: TestUser;

  beforeAll(async () => {
    t = await build();
    admin = await t.createUser({ roles: [ROLE_NAMES.admin] });
    viewer = await t.createUser({ permissions: ['permission-view'] });
  }, SLOW);
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: TestUser = admin, payload?: object) =>
    t.app.inject({ method, url: `/api/permission${url}`, headers: as.authorization, ...(payload ? { payload } : {}) });

  const refusal = (response: Awaited<ReturnType<typeof call>>) => ({
    status: response.statusCode,
    code: response.json().code,
    msg: response.json().msg as string,
  });

  describe('users', () => {
    it('lists users a page at a time with their roles, searching username and name', async () => {
      const response = await call('GET', '/users?current=1&pageSize=2', viewer);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({ current: 1, pageSize: 2 });
      expect(data.list).toHaveLength(2);
      expect(data.total).toBeGreaterThanOrEqual(3);
      expect(data.list[0]).toEqual({
        id: expect.any(Number),
        username: ADMIN_USERNAME,
        name: '管理员',
        avatar: '',
        access: 'admin',
        disabled: false,
        roleIds: [await t.roleId(ROLE_NAMES.admin)],
        permissions: [],
      });

      const found = (await call('GET', `/users?keyword=${encodeURIComponent('ADM')}`, viewer)).json().data;
      expect(found.list.map((user: { username: string }) => user.username)).toEqual([ADMIN_USERNAME]);
    });

    it('exports the searched users as a timestamped xlsx, creation time in the plant time zone', async () => {
      const response = await call('GET', `/users/export?keyword=${encodeURIComponent('ADM')}`, viewer);
      expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{14}\.xlsx"$/);
      expect(response.headers['x-row-count']).toBe('1');
      const seeded = await t.app.repositories.users.findByUsername(ADMIN_USERNAME);
      expect(await sheetRows(response.rawPayload)).toEqual([
        ['用户名', '姓名', '角色', '额外权限数', '状态', '创建时间'],
        [
          ADMIN_USERNAME,
          '管理员',
          ROLE_NAMES.admin,
          0,
          '启用',
          dateTimeText(t.config.plantTimeZone)(seeded?.createdAt ?? new Date(0)),
        ],
      ]);
    });

    it('exports every role name, the extra permissions and a disabled state', async () => {
      const user = await t.createUser({
        roles: [ROLE_NAMES.approver, ROLE_NAMES.operator],
        permissions: ['permission-view', 'alarm-mock-view'],
        disabled: true,
      });
      const rows = await sheetRows((await call('GET', `/users/export?keyword=${user.username}`, viewer)).rawPayload);
      expect(rows.slice(1).map((row) => row.slice(0, 5))).toEqual([
        // Roles in role order: the seed creates 操作员 before 审批人.
        [user.username, `测试用户 ${user.username}`, `${ROLE_NAMES.operator}、${ROLE_NAMES.approver}`, 2, '停用'],
      ]);
      // Without a keyword: everyone, in list order.
      const all = await sheetRows((await call('GET', '/users/export', viewer)).rawPayload);
      const listed = (await call('GET', '/users?pageSize=200', viewer)).json().data;
      expect(all.slice(1).map((row) => row[0])).toEqual(listed.list.map((row: { username: string }) => row.username));
    });

    it('refuses a page size over 200', async () => {
      const response = await call('GET', '/users?pageSize=201', viewer);
      expect(refusal(response)).toEqual({ status: 400, code: 1, msg: '参数 pageSize 不合法：必须 ≤ 200' });
    });

    it('creates a user with roles and extra permissions, adding implied views', async () => {
      const response = await call('POST', '/users', admin, {
        username: 'li.si',
        name: ' 李四 ',
        roleIds: [await t.roleId(ROLE_NAMES.operator)],
        permissions: ['alarm-base-type-edit'],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        username: 'li.si',
        name: '李四',
        access: '',
        disabled: false,
        permissions: ['alarm-base-type-view', 'alarm-base-type-edit'],
      });
    });

    it.each([
      [
        'a duplicate username',
        { username: ADMIN_USERNAME, name: '重复', roleIds: [] },
        409,
        '用户名「admin」已存在，请换一个',
      ],
      ['an empty name', { username: 'blank', name: '   ', roleIds: [] }, 400, '姓名不能为空'],
      ['a missing name', { username: 'noname', roleIds: [] }, 400, '参数 name 不合法：必填'],
      [
        'an unknown permission',
        { username: 'bad', name: '坏权限', roleIds: [], permissions: ['alarm-board-over-edit', 'nope'] },
        400,
        '未知的权限：alarm-board-over-edit、nope',
      ],
      ['an unknown role', { username: 'norole', name: '无角色', roleIds: [999999] }, 400, '角色不存在：999999'],
    ])('refuses %s and stores nothing', async (_case, body, status, msg) => {
      const before = (await call('GET', '/users', viewer)).json().data.total;
      const response = await call('POST', '/users', admin, body);
      expect(refusal(response)).toEqual({ status, code: 1, msg });
      expect((await call('GET', '/users', viewer)).json().data.total).toBe(before);
    });

    it('updates name, roles and permissions; the new roles apply at the next userinfo', async () => {
      const user = await t.createUser({ roles: [ROLE_NAMES.operator] });
      const userinfo = async () =>
        (await t.app.inject({ method: 'POST', url: '/api/userinfo', headers: user.authorization })).json().data;
      expect((await userinfo()).permission).not.toContain('permission-view');

      const response = await call('PUT', `/users/${user.id}`, admin, {
        name: '王五',
        roleIds: [await t.roleId(ROLE_NAMES.approver)],
        permissions: ['permission-view'],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ name: '王五', roleIds: [await t.roleId(ROLE_NAMES.approver)] });
      const after = await userinfo();
      expect(after.name).toBe('王五');
      expect(after.permission).toEqual(expect.arrayContaining(['permission-view', 'alarm-approve-list-revoke']));
    });

    it('refuses to update a user that does not exist', async () => {
      const response = await call('PUT', '/users/999999', admin, { name: '无', roleIds: [] });
      expect(refusal(response)).toEqual({ status: 404, code: 1, msg: '用户不存在或已被删除' });
    });

    it('disables and enables a user; disabling ends their sign-in links for good', async () => {
      const user = await t.createUser();
      const disabled = await call('DELETE', `/users/${user.id}`);
      expect(disabled.json().data.disabled).toBe(true);
      const refused = await t.app.inject({ method: 'POST', url: '/api/userinfo', headers: user.authorization });
      expect(refused.statusCode).toBe(401);

      const enabled = await call('POST', `/users/${user.id}/enable`);
      expect(enabled.json().data.disabled).toBe(false);
      // Enabling does not bring an old link back: a new one has to be issued.
      const old = await t.app.inject({ method: 'POST', url: '/api/userinfo', headers: user.authorization });
      expect(old.statusCode).toBe(401);
      const issued = await call('POST', `/users/${user.id}/token`);
      const fresh = await t.app.inject({
        method: 'POST',
        url: '/api/userinfo',
        headers: { authorization: `Bearer ${issued.json().data.token}` },
      });
      expect(fresh.statusCode).toBe(200);
    });

    it('refuses to let a user disable themselves', async () => {
      const response = await call('DELETE', `/users/${admin.id}`);
      expect(refusal(response)).toEqual({ status: 409, code: 1, msg: '不能停用自己的账号' });
    });

    it('refuses to remove the last enabled admin, by disabling or by taking the role away', async () => {
      // One database per file on PostgreSQL: the second admin (the acting one) steps aside instead. Only an
      // admin disables or demotes an admin, and any admin acting on another is an enabled admin himself: the
      // last enabled admin, the seeded one, tries to leave by his own hand.
      const found = await t.app.repositories.users.findByUsername(ADMIN_USERNAME);
      if (!found) throw new Error('no seeded admin');
      const { token: seededToken } = await t.app.repositories.tokens.issue(found.id, 1);
      const seeded: TestUser = {
        id: found.id,
        username: ADMIN_USERNAME,
        token: seededToken,
        authorization: { authorization: `Bearer ${seededToken}` },
      };
      expect((await call('DELETE', `/users/${admin.id}`, seeded)).statusCode).toBe(200);
      const last = {
        status: 409,
        code: 1,
        msg: '「管理员」是最后一位管理员，不能移除：请先让另一位启用的用户拥有管理员角色',
      };
      try {
        expect(refusal(await call('DELETE', `/users/${seeded.id}`, seeded))).toEqual(last);
        expect(refusal(await call('PUT', `/users/${seeded.id}`, seeded, { name: '管理员', roleIds: [] }))).toEqual(
          last,
        );
        const [stillAdmin] = await t.app.repositories.roles.ofUser(seeded.id);
        expect(stillAdmin?.isAdmin).toBe(true);
      } finally {
        expect((await call('POST', `/users/${admin.id}/enable`, seeded)).statusCode).toBe(200);
        // Disabling ended the acting admin's sign-in: it signs in anew.
        const { token } = await t.app.repositories.tokens.issue(admin.id, 1);
        admin = { ...admin, token, authorization: { authorization: `Bearer ${token}` } };
      }
      // With a second admin enabled again, the first one may go.
      expect((await call('DELETE', `/users/${seeded.id}`, admin)).statusCode).toBe(200);
      expect((await call('POST', `/users/${seeded.id}/enable`, admin)).statusCode).toBe(200);
    });
  });

  describe('sign-in tokens', () => {
    it('issues a working sign-in link, and revoking signs the user out', async () => {
      const user = await t.createUser({ roles: [ROLE_NAMES.operator] });
      const issued = await call('POST', `/users/${user.id}/token`);
      expect(issued.statusCode).toBe(200);
      const { token, url, expiresAt } = issued.json().data;
      expect(url).toBe(`/?token=${token}`);
      expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
      const headers = { authorization: `Bearer ${token}` };
      expect((await t.app.inject({ method: 'POST', url: '/api/userinfo', headers })).statusCode).toBe(200);

      const revoked = await call('DELETE', `/users/${user.id}/token`);
      expect(revoked.json().data).toEqual({ revoked: 2 });
      expect((await t.app.inject({ method: 'POST', url: '/api/userinfo', headers })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/userinfo', headers: user.authorization })).statusCode,
      ).toBe(401);
    });

    it('refuses a link for a disabled or unknown user', async () => {
      const user = await t.createUser({ disabled: true });
      expect(refusal(await call('POST', `/users/${user.id}/token`))).toEqual({
        status: 409,
        code: 1,
        msg: `用户「测试用户 ${user.username}」已停用，请先启用再生成登录链接`,
      });
      expect(refusal(await call('POST', '/users/999999/token')).status).toBe(404);
      expect(refusal(await call('DELETE', '/users/999999/token')).status).toBe(404);
    });
  });

  describe('roles', () => {
    it('lists the roles with their holders', async () => {
      const response = await call('GET', '/roles', viewer);
      expect(response.statusCode).toBe(200);
      const adminRole = response.json().data.find((role: { name: string }) => role.name === ROLE_NAMES.admin);
      expect(adminRole).toMatchObject({ isAdmin: true, permissions: routeIndex.permissions });
      expect(adminRole.userCount).toBeGreaterThanOrEqual(2);
    });

    it('exports the roles with their permission and holder counts', async () => {
      const response = await call('GET', '/roles/export', viewer);
      expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="roles-\d{14}\.xlsx"$/);
      const rows = await sheetRows(response.rawPayload);
      const listed = (await call('GET', '/roles', viewer)).json().data;
      expect(rows[0]).toEqual(['角色', '全部权限', '权限数', '用户数']);
      expect(rows.slice(1).map((row) => row[0])).toEqual(listed.map((role: { name: string }) => role.name));
      const holders = await t.app.repositories.roles.holderCount(await t.roleId(ROLE_NAMES.admin));
      expect(rows.find((row) => row[0] === ROLE_NAMES.admin)).toEqual([
        ROLE_NAMES.admin,
        '是',
        routeIndex.permissions.length,
        holders,
      ]);
    });

    it('creates, renames and deletes a role, adding implied views', async () => {
      const created = await call('POST', '/roles', admin, {
        name: '审批查看',
        permissions: ['alarm-approve-list-revoke'],
      });
      expect(created.statusCode).toBe(200);
      const role = created.json().data;
      expect(role).toMatchObject({
        name: '审批查看',
        isAdmin: false,
        userCount: 0,
        permissions: ['alarm-approve-list-view', 'alarm-approve-list-revoke'],
      });

      const updated = await call('PUT', `/roles/${role.id}`, admin, {
        name: '审批员',
        permissions: ['permission-view'],
      });
      expect(updated.json().data).toMatchObject({ name: '审批员', permissions: ['permission-view'] });

      const deleted = await call('DELETE', `/roles/${role.id}`);
      expect(deleted.json()).toEqual({ code: 0, msg: 'ok', data: { id: role.id } });
      expect(refusal(await call('DELETE', `/roles/${role.id}`)).status).toBe(404);
    });

    it.each([
      [
        'a duplicate name',
        { name: ROLE_NAMES.operator, permissions: [] },
        409,
        `角色名称「${ROLE_NAMES.operator}」已存在，请换一个`,
      ],
      ['an empty name', { name: ' ', permissions: [] }, 400, '角色名称不能为空'],
      ['an unknown permission', { name: '新角色', permissions: ['x-view'] }, 400, '未知的权限：x-view'],
      ['a body without permissions', { name: '新角色' }, 400, '参数 permissions 不合法：必填'],
    ])('refuses %s', async (_case, body, status, msg) => {
      expect(refusal(await call('POST', '/roles', admin, body))).toEqual({ status, code: 1, msg });
    });

    it('refuses to rename a role onto another one', async () => {
      const id = await t.roleId(ROLE_NAMES.approver);
      const response = await call('PUT', `/roles/${id}`, admin, { name: ROLE_NAMES.operator, permissions: [] });
      expect(refusal(response)).toEqual({
        status: 409,
        code: 1,
        msg: `角色名称「${ROLE_NAMES.operator}」已存在，请换一个`,
      });
    });

    it('keeps every permission on the admin role whatever is sent', async () => {
      const id = await t.roleId(ROLE_NAMES.admin);
      const response = await call('PUT', `/roles/${id}`, admin, { name: ROLE_NAMES.admin, permissions: [] });
      expect(response.json().data.permissions).toEqual(routeIndex.permissions);
    });

    it('refuses to delete a role users still hold', async () => {
      const id = await t.roleId(ROLE_NAMES.operator);
      const holders = await t.app.repositories.roles.holderCount(id);
      expect(refusal(await call('DELETE', `/roles/${id}`))).toEqual({
        status: 409,
        code: 1,
        msg: `角色「${ROLE_NAMES.operator}」仍有 ${holders} 位用户，请先为他们移除该角色再删除`,
      });
    });
  });

  it('answers the permission tree derived from the route table', async () => {
    const response = await call('GET', '/tree', viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(permissionTree());
  });

  it('lets a viewer read but not write', async () => {
    const response = await call('POST', '/roles', viewer, { name: '越权', permissions: [] });
    expect(refusal(response)).toEqual({ status: 403, code: 403, msg: '没有权限执行此操作（需要 permission-edit）' });
    expect((await call('GET', '/roles', { ...viewer, authorization: { authorization: '' } })).statusCode).toBe(401);
  });

  it('refuses both exports without permission-view', async () => {
    const outsider = await t.createUser({ permissions: ['alarm-mock-view'] });
    for (const list of ['/users', '/roles']) {
      expect(refusal(await call('GET', `${list}/export`, outsider))).toEqual({
        status: 403,
        code: 403,
        msg: '没有权限执行此操作（需要 permission-view）',
      });
    }
  });
});
