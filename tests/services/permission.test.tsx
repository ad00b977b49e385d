/**
 * 权限配置 and userinfo calls (src/services/permission.ts, src/services/user.ts) against the real server:
 * users created, updated, disabled, enabled, given and stripped of sign-in links; roles created, updated,
 * deleted; the tree; both exports; the signed-in user.
 */
import * as permissionClient from '@/services/permission';
import * as userClient from '@/services/user';
import { expectWorkbook, realServer, recorded, START } from './harness';

realServer();
const permission = recorded(permissionClient);
const user = recorded(userClient);

describe('权限配置 and userinfo calls on the real server', () => {
  it(
    'keeps users and roles as the page does',
    async () => {
      const tree = await permission.fetchPermissionTree();
      const view = tree[0].children?.[0].children?.[0].key ?? '';
      const role = await permission.createRole({ name: '服务测试角色', permissions: [view] });
      expect((await permission.updateRole(role.id, { name: '服务测试角色二', permissions: [] })).name).toBe(
        '服务测试角色二',
      );
      expect((await permission.fetchRoles()).some((row) => row.id === role.id)).toBe(true);

      const created = await permission.createUser({ username: 'svc.test', name: '服务测试', roleIds: [role.id] });
      const updated = await permission.updateUser(created.id, { name: '服务测试二', roleIds: [] });
      expect(updated.roleIds).toEqual([]);
      expect((await permission.fetchUsers({ current: 1, pageSize: 20, keyword: 'svc' })).total).toBe(1);
      const link = await permission.issueSignInLink(created.id);
      expect(link.url).toContain('token=');
      expect((await permission.revokeTokens(created.id)).revoked).toBe(1);
      expect((await permission.disableUser(created.id)).disabled).toBe(true);
      expect((await permission.enableUser(created.id)).disabled).toBe(false);
      await expect(permission.deleteRole(role.id)).resolves.toEqual({ id: role.id });

      await expectWorkbook('GET /permission/users/export', { keyword: 'svc' });
      await expectWorkbook('GET /permission/roles/export');
    },
    START,
  );

  it('answers the signed-in user', async () => {
    const me = await user.fetchUserInfo();
    expect(me.access).toBe('admin');
    expect(me.plantTimeZone).not.toBe('');
  });
});
