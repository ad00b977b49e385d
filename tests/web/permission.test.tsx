/**
 * 权限配置: the role editor tree (from the route table, implied view), user form validation, actions by
 * permission, export, empty and error states of both tables.
 */

import { permissionString, permissionTree, routeIndex } from '@common/routes';
import type { RoleItem as RoleRow, UserItem as UserRow } from '@contract/permission';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import PermissionPage from '@/pages/Permission';
import PermissionTree from '@/pages/Permission/components/PermissionTree';
import { mockApi, startAppRuntime } from './helpers';
import { ok, renderWithPermissions } from './render';

const server = mockApi();
startAppRuntime();

const tree = permissionTree();

function Editor({ initial = [] as string[], onChange = (_: string[]) => {} }) {
  const [value, setValue] = useState(initial);
  return (
    <PermissionTree
      tree={tree}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

/** Label queries: role queries over ~50 check boxes are too slow in jsdom. */
const box = (permission: string) => screen.getByLabelText(new RegExp(` ${permission}$`));

describe('role editor tree', { timeout: 30_000 }, () => {
  it('has one check box per permission of the route table, grouped as the menu', () => {
    render(<Editor />);
    for (const permission of routeIndex.permissions) expect(box(permission)).not.toBeChecked();
    const groups = screen.getAllByRole('group').map((group) => group.getAttribute('aria-label'));
    expect(groups).toEqual(tree.map((node) => node.title));
    expect(groups).toEqual(['报警看板', '报警库', '报警模板', '优化管理', '审批管理', '基础配置', '模拟', '权限配置']);
  });

  it('checking an action checks the route’s view; unchecking view clears the route', async () => {
    const seen: string[][] = [];
    const user = userEvent.setup();
    render(<Editor onChange={(next) => seen.push(next)} />);
    await user.click(box(permissionString('/alarm/base/type', 'edit')));
    expect(box('alarm-base-type-view')).toBeChecked();
    expect(seen.at(-1)).toEqual(['alarm-base-type-view', 'alarm-base-type-edit']);

    await user.click(box('alarm-base-type-view'));
    expect(box('alarm-base-type-edit')).not.toBeChecked();
    expect(seen.at(-1)).toEqual([]);
  });

  it('selects a whole group and clears it again', async () => {
    const user = userEvent.setup();
    render(<Editor initial={['permission-view']} />);
    const group = screen.getByRole('group', { name: '基础配置' });
    await user.click(within(group).getByLabelText('基础配置（全选）'));
    for (const route of ['type', 'system', 'examine/config', 'config']) {
      expect(box(permissionString(`/alarm/base/${route}`, 'delete'))).toBeChecked();
    }
    expect(box('permission-view')).toBeChecked();
    await user.click(within(group).getByLabelText('基础配置（全选）'));
    expect(box('alarm-base-type-view')).not.toBeChecked();
  });
});

const roles: RoleRow[] = [
  { id: 1, name: '管理员', permissions: routeIndex.permissions, isAdmin: true, userCount: 1 },
  { id: 2, name: '操作员', permissions: ['alarm-board-over-view'], isAdmin: false, userCount: 0 },
];
const admin: UserRow = {
  id: 1,
  username: 'admin',
  name: '管理员',
  avatar: '',
  access: 'admin',
  disabled: false,
  roleIds: [1],
  permissions: [],
};

function answerPermissionApi({ users = [admin], roleRows = roles } = {}) {
  server.use(
    http.get('/api/permission/users', () =>
      HttpResponse.json(ok({ list: users, total: users.length, current: 1, pageSize: 20 })),
    ),
    http.get('/api/permission/roles', () => HttpResponse.json(ok(roleRows))),
    http.get('/api/permission/tree', () => HttpResponse.json(ok(tree))),
  );
}

const serverError = () =>
  HttpResponse.json({ code: 500, msg: '服务器内部错误，请稍后重试', data: null }, { status: 500 });

/** ProTable's empty placeholder (drawn while loading too: look it up and check it in one go). */
const emptyState = () => screen.getByText('暂无数据', { selector: '.ant-empty-description' });
const exportButton = () => screen.getByRole('button', { name: /导\s*出/ });

describe('permission page', { timeout: 30_000 }, () => {
  it('shows users with their roles, and no actions to a viewer', async () => {
    answerPermissionApi();
    renderWithPermissions(<PermissionPage />, ['permission-view']);
    expect(await screen.findByText('admin')).toBeInTheDocument();
    expect(await screen.findByText('管理员', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(exportButton()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建用户' })).not.toBeInTheDocument();
    expect(screen.queryByText('登录链接')).not.toBeInTheDocument();
    expect(screen.queryByText('编辑')).not.toBeInTheDocument();
  });

  it('exports the users with the search of the table', async () => {
    answerPermissionApi();
    const exported: URLSearchParams[] = [];
    server.use(
      http.get('/api/permission/users/export', ({ request }) => {
        exported.push(new URL(request.url).searchParams);
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]));
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:users');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithPermissions(<PermissionPage />, ['permission-view']);
    await screen.findByText('admin');
    await user.type(screen.getByLabelText('关键字'), 'adm');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await user.click(exportButton());
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(exported[0]?.get('keyword')).toBe('adm');
    click.mockRestore();
  });

  it('shows the empty users table, then the server’s message when the users fail to load', async () => {
    answerPermissionApi({ users: [] });
    const { unmount } = renderWithPermissions(<PermissionPage />, ['permission-view']);
    await waitFor(() => expect(emptyState()).toBeInTheDocument());
    unmount();
    server.use(http.get('/api/permission/users', serverError));
    renderWithPermissions(<PermissionPage />, ['permission-view']);
    expect(await screen.findByText('服务器内部错误，请稍后重试')).toBeInTheDocument();
    expect(screen.queryByText('admin')).not.toBeInTheDocument();
  });

  it('lists the roles with their counts and export', async () => {
    answerPermissionApi();
    const user = userEvent.setup();
    renderWithPermissions(<PermissionPage />, ['permission-view']);
    await user.click(await screen.findByRole('tab', { name: '角色' }));
    const row = await screen.findByRole('row', { name: /操作员/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['操作员', '1', '0']);
    expect(exportButton()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建角色' })).not.toBeInTheDocument();
  });

  it('shows the empty roles table, then why the roles failed to load', async () => {
    answerPermissionApi({ roleRows: [] });
    const user = userEvent.setup();
    const { unmount } = renderWithPermissions(<PermissionPage />, ['permission-view']);
    await user.click(await screen.findByRole('tab', { name: '角色' }));
    await waitFor(() => expect(emptyState()).toBeInTheDocument());
    unmount();
    server.use(http.get('/api/permission/roles', serverError));
    renderWithPermissions(<PermissionPage />, ['permission-view']);
    await user.click(await screen.findByRole('tab', { name: '角色' }));
    expect(await screen.findByText('角色或权限树加载失败：服务器内部错误，请稍后重试')).toBeInTheDocument();
    expect(emptyState()).toBeInTheDocument();
  });

  it('validates the user form in Chinese and keeps it open', async () => {
    answerPermissionApi();
    const user = userEvent.setup();
    renderWithPermissions(<PermissionPage />, ['permission-view', 'permission-edit']);
    expect(await screen.findByText('登录链接')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '新建用户' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('button', { name: /确\s*定/ }));
    expect(await within(drawer).findByText('请输入用户名')).toBeInTheDocument();
    expect(within(drawer).getByText('请输入姓名')).toBeInTheDocument();
    await user.type(within(drawer).getByLabelText('用户名'), '张 三');
    expect(await within(drawer).findByText('用户名只能包含字母、数字和 _ . @ -')).toBeInTheDocument();
    // The editor inside the form is the same tree.
    expect(within(drawer).getByLabelText(/ permission-edit$/)).not.toBeChecked();
  });

  it('shows a new sign-in link once, with a copy button', async () => {
    answerPermissionApi();
    server.use(
      http.post('/api/permission/users/1/token', () =>
        HttpResponse.json(ok({ token: 'abc', url: '/?token=abc', expiresAt: '2026-01-08T00:00:00.000Z' })),
      ),
    );
    const user = userEvent.setup();
    renderWithPermissions(<PermissionPage />, ['permission-view', 'permission-edit']);
    await user.click(await screen.findByText('登录链接'));
    expect(await screen.findByText(`${window.location.origin}/?token=abc`)).toBeInTheDocument();
    expect(screen.getByText('链接只显示这一次，请立即复制并通过安全渠道交给本人。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /复制链接/ })).toBeInTheDocument();
  });

  it('shows why the server refuses an admin’s sign-in link or tokens to a non-admin, and no link', async () => {
    answerPermissionApi();
    const refusal = (msg: string) => HttpResponse.json({ code: 1, msg, data: null }, { status: 403 });
    server.use(
      http.post('/api/permission/users/1/token', () => refusal('「管理员」是管理员：只有管理员才能为其生成登录链接')),
      http.delete('/api/permission/users/1/token', () => refusal('「管理员」是管理员：只有管理员才能注销其登录令牌')),
    );
    const user = userEvent.setup();
    renderWithPermissions(<PermissionPage />, ['permission-view', 'permission-edit']);
    await user.click(await screen.findByText('登录链接'));
    expect(await screen.findByText('「管理员」是管理员：只有管理员才能为其生成登录链接')).toBeInTheDocument();
    expect(screen.queryByText('链接只显示这一次，请立即复制并通过安全渠道交给本人。')).not.toBeInTheDocument();
    await user.click(screen.getByText('注销令牌'));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('「管理员」是管理员：只有管理员才能注销其登录令牌')).toBeInTheDocument();
    expect(screen.queryByText('已注销「管理员」的登录令牌')).not.toBeInTheDocument();
  });
});
