/** Users: paged search with export, create / edit (roles and extra permissions), disable / enable, sign-in links. */
import { type ActionType, DrawerForm, ProForm, ProFormSelect, ProFormText, ProTable } from '@ant-design/pro-components';
import { permissionString } from '@common/routes';
import type {
  PermissionNode,
  RoleItem as RoleRow,
  SignInLink,
  UserCreate as UserBody,
  UserItem as UserRow,
} from '@contract/permission';
import { useAccess } from '@umijs/max';
import { Button, message, Popconfirm, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import ExportButton from '@/components/ExportButton';
import RowAction from '@/components/RowAction';
import {
  createUser,
  disableUser,
  enableUser,
  fetchUsers,
  issueSignInLink,
  revokeTokens,
  updateUser,
} from '@/services/permission';
import { type ListFilters, tableRequest } from '@/utils/proTable';
import PermissionTree from './PermissionTree';
import SignInLinkModal from './SignInLinkModal';

export interface UserTableProps {
  roles: RoleRow[];
  tree: PermissionNode[];
}

const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]+$/;

export default function UserTable({ roles, tree }: UserTableProps) {
  const canEdit = useAccess().can(permissionString('/permission', 'edit'));
  const actionRef = useRef<ActionType>();
  const [filters, setFilters] = useState<ListFilters>({});
  const [editing, setEditing] = useState<UserRow | 'new'>();
  const [issued, setIssued] = useState<{ user: UserRow; link: SignInLink }>();

  /** Runs a row action; the request client shows a refusal, so only success is reported here. */
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
      actionRef.current?.reload();
    } catch {
      // shown by the request client
    }
  };

  const save = async (values: UserBody) => {
    try {
      if (editing === 'new') await createUser(values);
      else if (editing) await updateUser(editing.id, values);
      message.success('已保存');
      actionRef.current?.reload();
      return true;
    } catch {
      return false;
    }
  };

  const issue = async (user: UserRow) => {
    try {
      setIssued({ user, link: await issueSignInLink(user.id) });
    } catch {
      // shown by the request client
    }
  };

  const roleName = (id: number) => roles.find((role) => role.id === id)?.name ?? `#${id}`;

  return (
    <>
      <ProTable<UserRow>
        rowKey="id"
        headerTitle="用户"
        actionRef={actionRef}
        request={tableRequest(fetchUsers, setFilters)}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        toolBarRender={() => [
          <ExportButton key="export" route="GET /permission/users/export" query={filters} />,
          canEdit && (
            <Button key="create" type="primary" onClick={() => setEditing('new')}>
              新建用户
            </Button>
          ),
        ]}
        columns={[
          { title: '关键字', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '用户名或姓名' } },
          { title: '用户名', dataIndex: 'username', search: false },
          { title: '姓名', dataIndex: 'name', search: false },
          {
            title: '角色',
            dataIndex: 'roleIds',
            search: false,
            render: (_, user) =>
              user.roleIds.length ? user.roleIds.map((id) => <Tag key={id}>{roleName(id)}</Tag>) : '—',
          },
          {
            title: '额外权限',
            dataIndex: 'permissions',
            search: false,
            render: (_, user) => (user.permissions.length ? `${user.permissions.length} 项` : '—'),
          },
          {
            title: '状态',
            dataIndex: 'disabled',
            search: false,
            render: (_, user) => (user.disabled ? <Tag>已停用</Tag> : <Tag color="success">启用</Tag>),
          },
          {
            title: '操作',
            valueType: 'option',
            hideInTable: !canEdit,
            render: (_, user) => (
              <Space wrap>
                <RowAction onClick={() => setEditing(user)}>编辑</RowAction>
                {user.disabled ? (
                  <RowAction onClick={() => act(() => enableUser(user.id), `已启用「${user.name}」`)}>启用</RowAction>
                ) : (
                  <>
                    <RowAction onClick={() => issue(user)}>登录链接</RowAction>
                    <Popconfirm
                      title={`停用「${user.name}」？停用后其登录链接全部失效。`}
                      onConfirm={() => act(() => disableUser(user.id), `已停用「${user.name}」`)}
                    >
                      <RowAction danger>停用</RowAction>
                    </Popconfirm>
                  </>
                )}
                <Popconfirm
                  title={`注销「${user.name}」的全部登录令牌？其已打开的页面需要新的登录链接。`}
                  onConfirm={() => act(() => revokeTokens(user.id), `已注销「${user.name}」的登录令牌`)}
                >
                  <RowAction>注销令牌</RowAction>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <DrawerForm<UserBody>
        title={editing === 'new' ? '新建用户' : '编辑用户'}
        width={760}
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        initialValues={editing === 'new' ? { roleIds: [], permissions: [] } : editing}
        drawerProps={{ destroyOnClose: true }}
        onFinish={save}
      >
        <ProFormText
          name="username"
          label="用户名"
          disabled={editing !== 'new'}
          tooltip="登录标识，创建后不能修改"
          rules={[
            { required: true, whitespace: true, message: '请输入用户名' },
            { pattern: USERNAME_PATTERN, message: '用户名只能包含字母、数字和 _ . @ -' },
            { max: 50, message: '用户名不能超过 50 个字符' },
          ]}
        />
        <ProFormText
          name="name"
          label="姓名"
          rules={[
            { required: true, whitespace: true, message: '请输入姓名' },
            { max: 50, message: '姓名不能超过 50 个字符' },
          ]}
        />
        <ProFormText name="avatar" label="头像路径" placeholder="如 /avatars/zhang.png（可不填）" />
        <ProFormSelect
          name="roleIds"
          label="角色"
          mode="multiple"
          options={roles.map((role) => ({ label: role.name, value: role.id }))}
        />
        <ProForm.Item name="permissions" label="额外权限" tooltip="角色之外单独授予的权限">
          <PermissionTree tree={tree} />
        </ProForm.Item>
      </DrawerForm>
      <SignInLinkModal userName={issued?.user.name ?? ''} link={issued?.link} onClose={() => setIssued(undefined)} />
    </>
  );
}
