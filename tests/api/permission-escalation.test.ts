/**
 * 权限配置 cannot be used to climb (issue 39): a user holding only the page's own rights once minted a
 * sign-in link for `admin`, gave himself the 管理员 role and revoked the real admin's tokens. Nobody grants a
 * permission he does not hold, nobody mints a link for a user holding rights he lacks, and only an admin
 * ends an admin's sign-ins, disables an admin or takes the 管理员 role away from one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERNAME, ROLE_NAMES } from '../../server/seed/roles';
import { build, SLOW, type TestApp, type TestUser, tableSizes } from './helpers';

describe('permission configuration without escalation', { timeout: SLOW }, () => {
  let t: TestApp;
  /** The seeded administrator. */
  let admin: TestUser;
  /** A user whose only rights are 权限配置's. */
  let editor: TestUser;

  beforeAll(async () => {
    t = await build();
    const seeded = await t.app.repositories.users.findByUsername(ADMIN_USERNAME);
    if (!seeded) throw new Error('no seeded admin');
    const { token } = await t.app.repositories.tokens.issue(seeded.id, 1);
    admin = { id: seeded.id, username: ADMIN_USERNAME, token, authorization: { authorization: `Bearer ${token}` } };
    editor = await t.createUser({ permissions: ['permission-view', 'permission-edit'] });
  }, SLOW);
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: TestUser, payload?: object) =>
    t.app.inject({ method, url: `/api/permission${url}`, headers: as.authorization, ...(payload ? { payload } : {}) });

  const answer = (response: Awaited<ReturnType<typeof call>>) => ({
    status: response.statusCode,
    code: response.json().code,
    msg: response.json().msg as string,
  });

  const userinfo = (as: TestUser) => t.app.inject({ method: 'POST', url: '/api/userinfo', headers: as.authorization });

  describe('rule 1: nobody grants a permission he does not hold', () => {
    it('refuses to give oneself or another user a role or an extra permission beyond one’s own, changing nothing', async () => {
      const other = await t.createUser();
      const before = await tableSizes(t.database.db);
      const refusals = [
        [editor, { roleIds: [await t.roleId(ROLE_NAMES.admin)] }, '只有管理员才能授予「管理员」角色'],
        [other, { roleIds: [await t.roleId(ROLE_NAMES.admin)] }, '只有管理员才能授予「管理员」角色'],
        [
          editor,
          { roleIds: [], permissions: ['permission-edit', 'alarm-mock-view'] },
          '不能授予您自己没有的权限：模拟·查看',
        ],
        [
          other,
          { roleIds: [], permissions: ['alarm-base-type-edit'] },
          '不能授予您自己没有的权限：报警类型·查看、报警类型·编辑',
        ],
        [
          other,
          { roleIds: [await t.roleId(ROLE_NAMES.operator)] },
          expect.stringMatching(/^不能授予您自己没有的权限：报警总览·查看、/),
        ],
      ] as const;
      for (const [target, body, msg] of refusals) {
        const response = await call('PUT', `/users/${target.id}`, editor, { name: '改名', ...body });
        expect(answer(response), JSON.stringify(body)).toEqual({ status: 403, code: 1, msg });
      }
      const created = await call('POST', '/users', editor, {
        username: 'climber',
        name: '攀登者',
        roleIds: [await t.roleId(ROLE_NAMES.admin)],
      });
      expect(answer(created)).toEqual({ status: 403, code: 1, msg: '只有管理员才能授予「管理员」角色' });
      expect(await tableSizes(t.database.db)).toEqual(before);
      expect(await t.app.repositories.roles.ofUser(other.id)).toEqual([]);
      expect((await t.app.repositories.users.findById(other.id))?.permissions).toEqual([]);
      expect((await userinfo(editor)).json().data).toMatchObject({
        access: '',
        permission: ['permission-view', 'permission-edit'],
      });
    });

    it('refuses to give a role permissions beyond one’s own, new or edited, changing nothing', async () => {
      const operator = await t.roleId(ROLE_NAMES.operator);
      const stored = await t.app.repositories.roles.findById(operator);
      const edited = await call('PUT', `/roles/${operator}`, editor, {
        name: ROLE_NAMES.operator,
        permissions: [...(stored?.permissions ?? []), 'permission-edit', 'alarm-mock-view'],
      });
      expect(answer(edited)).toEqual({ status: 403, code: 1, msg: '不能授予您自己没有的权限：模拟·查看' });
      expect((await t.app.repositories.roles.findById(operator))?.permissions).toEqual(stored?.permissions);

      const created = await call('POST', '/roles', editor, { name: '越权角色', permissions: ['alarm-mock-view'] });
      expect(answer(created)).toEqual({ status: 403, code: 1, msg: '不能授予您自己没有的权限：模拟·查看' });
      expect(await t.app.repositories.roles.findByName('越权角色')).toBeUndefined();
    });

    it('still lets the editor grant what he holds and edit users and roles without granting anything new', async () => {
      const other = await t.createUser({ roles: [ROLE_NAMES.operator] });
      const operator = await t.roleId(ROLE_NAMES.operator);
      const kept = await call('PUT', `/users/${other.id}`, editor, {
        name: '只改名字',
        roleIds: [operator],
        permissions: ['permission-view'],
      });
      expect(kept.statusCode, kept.body).toBe(200);
      // Taking away is never an escalation.
      expect((await call('PUT', `/users/${other.id}`, editor, { name: '只改名字', roleIds: [] })).statusCode).toBe(200);

      const stored = await t.app.repositories.roles.findById(operator);
      const renamed = await call('PUT', `/roles/${operator}`, editor, {
        name: ROLE_NAMES.operator,
        permissions: [...(stored?.permissions ?? []), 'permission-view'],
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(
        (await call('POST', '/roles', editor, { name: '配置查看', permissions: ['permission-view'] })).statusCode,
      ).toBe(200);
      // An admin grants anything.
      const promoted = await call('PUT', `/users/${other.id}`, admin, {
        name: '只改名字',
        roleIds: [await t.roleId(ROLE_NAMES.admin)],
      });
      expect(promoted.json().data.access).toBe('admin');
    });
  });

  describe('rule 2: nobody mints a sign-in link for a user holding rights he lacks', () => {
    it('refuses the editor a link for the admin or for a user with other rights, and lets him have one for his equals', async () => {
      expect(answer(await call('POST', `/users/${admin.id}/token`, editor))).toEqual({
        status: 403,
        code: 1,
        msg: '「管理员」是管理员：只有管理员才能为其生成登录链接',
      });
      const operator = await t.createUser({ roles: [ROLE_NAMES.operator] });
      const refusal = answer(await call('POST', `/users/${operator.id}/token`, editor));
      expect(refusal).toEqual({
        status: 403,
        code: 1,
        msg: expect.stringMatching(/^「测试用户 user\d+」拥有您没有的权限（报警总览·查看、.+）：不能为其生成登录链接$/),
      });

      const viewer = await t.createUser({ permissions: ['permission-view'] });
      expect((await call('POST', `/users/${viewer.id}/token`, editor)).statusCode).toBe(200);
      expect((await call('POST', `/users/${admin.id}/token`, admin)).statusCode).toBe(200);
    });
  });

  describe('rule 3: only an admin ends an admin’s sign-ins', () => {
    it('refuses the editor the revocation of the admin’s tokens; the admin stays signed in', async () => {
      expect(answer(await call('DELETE', `/users/${admin.id}/token`, editor))).toEqual({
        status: 403,
        code: 1,
        msg: '「管理员」是管理员：只有管理员才能注销其登录令牌',
      });
      expect((await userinfo(admin)).statusCode).toBe(200);

      // Another admin may; the editor still ends a plain user's sign-ins (a leaked link must be stoppable).
      const second = await t.createUser({ roles: [ROLE_NAMES.admin] });
      const plain = await t.createUser({ permissions: ['alarm-mock-view'] });
      expect((await call('DELETE', `/users/${plain.id}/token`, editor)).json().data).toEqual({ revoked: 1 });
      expect((await call('DELETE', `/users/${second.id}/token`, admin)).json().data).toEqual({ revoked: 1 });
      expect((await userinfo(second)).statusCode).toBe(401);
    });
  });

  describe('rule 4: only an admin disables an admin or takes the admin role away', () => {
    it('refuses the editor the disabling of an admin, though another admin stays enabled; nothing changes', async () => {
      // Not the last enabled admin: the refusal is the editor's, not the one keeping an admin.
      const second = await t.createUser({ roles: [ROLE_NAMES.admin] });
      const before = await tableSizes(t.database.db);
      expect(answer(await call('DELETE', `/users/${admin.id}`, editor))).toEqual({
        status: 403,
        code: 1,
        msg: '「管理员」是管理员：只有管理员才能停用其账号',
      });
      expect(answer(await call('DELETE', `/users/${second.id}`, editor))).toEqual({
        status: 403,
        code: 1,
        msg: `「测试用户 ${second.username}」是管理员：只有管理员才能停用其账号`,
      });
      expect(await tableSizes(t.database.db)).toEqual(before);
      expect((await t.app.repositories.users.findById(admin.id))?.disabled).toBe(false);
      expect((await t.app.repositories.users.findById(second.id))?.disabled).toBe(false);
      // Disabling would have ended their sign-ins: both are still signed in.
      expect((await userinfo(admin)).statusCode).toBe(200);
      expect((await userinfo(second)).statusCode).toBe(200);
    });

    it('refuses the editor taking the 管理员 role from an admin, whatever he gives instead; nothing changes', async () => {
      const second = await t.createUser({ roles: [ROLE_NAMES.admin] });
      const adminRole = await t.roleId(ROLE_NAMES.admin);
      const demoted = {
        status: 403,
        code: 1,
        msg: `「测试用户 ${second.username}」是管理员：只有管理员才能移除其「管理员」角色`,
      };
      for (const body of [{ roleIds: [] }, { roleIds: [], permissions: ['permission-view'] }]) {
        const response = await call('PUT', `/users/${second.id}`, editor, { name: '降级', ...body });
        expect(answer(response), JSON.stringify(body)).toEqual(demoted);
      }
      expect(answer(await call('PUT', `/users/${admin.id}`, editor, { name: '管理员', roleIds: [] }))).toEqual({
        status: 403,
        code: 1,
        msg: '「管理员」是管理员：只有管理员才能移除其「管理员」角色',
      });
      for (const user of [admin, second]) {
        expect((await t.app.repositories.roles.ofUser(user.id)).map((role) => role.id)).toEqual([adminRole]);
        expect((await userinfo(user)).json().data.access).toBe('admin');
      }
      expect((await t.app.repositories.users.findById(second.id))?.name).toBe(`测试用户 ${second.username}`);
      // Keeping the role is no demotion: the editor still renames an admin.
      const renamed = await call('PUT', `/users/${second.id}`, editor, { name: '改名', roleIds: [adminRole] });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().data).toMatchObject({ name: '改名', access: 'admin' });
    });

    it('lets an admin disable, enable and demote another admin, and the editor still disable a plain user', async () => {
      const second = await t.createUser({ roles: [ROLE_NAMES.admin] });
      const disabled = await call('DELETE', `/users/${second.id}`, admin);
      expect(disabled.json().data).toMatchObject({ disabled: true, access: 'admin' });
      expect((await userinfo(second)).statusCode).toBe(401);
      expect((await call('POST', `/users/${second.id}/enable`, admin)).json().data.disabled).toBe(false);
      const demoted = await call('PUT', `/users/${second.id}`, admin, { name: '降级', roleIds: [] });
      expect(demoted.json().data).toMatchObject({ access: '', roleIds: [] });

      const plain = await t.createUser({ permissions: ['permission-view'] });
      expect((await call('DELETE', `/users/${plain.id}`, editor)).json().data.disabled).toBe(true);
      expect((await userinfo(plain)).statusCode).toBe(401);
    });
  });
});
