/** Roles: list with export, create / edit with the permission tree, delete (refused while users hold the role). */
import { DrawerForm, ProForm, ProFormText, ProTable } from '@ant-design/pro-components';
import { permissionString } from '@common/routes';
import type { PermissionNode, RoleBody, RoleItem as RoleRow } from '@contract/permission';
import { useAccess } from '@umijs/max';
import { Button, message, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import ExportButton from '@/components/ExportButton';
import RowAction from '@/components/RowAction';
import { createRole, deleteRole, updateRole } from '@/services/permission';
import PermissionTree from './PermissionTree';

export interface RoleTableProps {
  roles: RoleRow[];
  tree: PermissionNode[];
  loading: boolean;
  /** Reloads the roles (the user table shows their names too). */
  reload: () => void;
}

export default function RoleTable({ roles, tree, loading, reload }: RoleTableProps) {
  const canEdit = useAccess().can(permissionString('/permission', 'edit'));
  const [editing, setEditing] = useState<RoleRow | 'new'>();

  const save = async (values: RoleBody) => {
    try {
      if (editing === 'new') await createRole(values);
      else if (editing) await updateRole(editing.id, values);
      message.success('已保存');
      reload();
      return true;
    } catch {
      return false;
    }
  };

  const remove = async (role: RoleRow) => {
    try {
      await deleteRole(role.id);
      message.success(`已删除角色「${role.name}」`);
      reload();
    } catch {
      // shown by the request client
    }
  };

  return (
    <>
      <ProTable<RoleRow>
        rowKey="id"
        headerTitle="角色"
        search={false}
        pagination={false}
        loading={loading}
        dataSource={roles}
        options={{ reload }}
        toolBarRender={() => [
          <ExportButton key="export" route="GET /permission/roles/export" />,
          canEdit && (
            <Button key="create" type="primary" onClick={() => setEditing('new')}>
              新建角色
            </Button>
          ),
        ]}
        columns={[
          {
            title: '角色',
            dataIndex: 'name',
            render: (_, role) => (
              <Space>
                {role.name}
                {role.isAdmin && <Tag color="gold">全部权限</Tag>}
              </Space>
            ),
          },
          { title: '权限数', dataIndex: 'permissions', render: (_, role) => role.permissions.length },
          { title: '用户数', dataIndex: 'userCount' },
          {
            title: '操作',
            valueType: 'option',
            hideInTable: !canEdit,
            render: (_, role) => (
              <Space>
                <RowAction onClick={() => setEditing(role)}>编辑</RowAction>
                <Popconfirm
                  title={
                    role.userCount
                      ? `「${role.name}」仍有 ${role.userCount} 位用户，不能删除`
                      : `确定删除角色「${role.name}」？`
                  }
                  okButtonProps={{ disabled: role.userCount > 0 }}
                  onConfirm={() => remove(role)}
                >
                  <RowAction danger>删除</RowAction>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <DrawerForm<RoleBody>
        title={editing === 'new' ? '新建角色' : '编辑角色'}
        width={760}
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        initialValues={editing === 'new' ? { permissions: [] } : editing}
        drawerProps={{ destroyOnClose: true }}
        onFinish={save}
      >
        <ProFormText
          name="name"
          label="角色名称"
          rules={[
            { required: true, whitespace: true, message: '请输入角色名称' },
            { max: 50, message: '角色名称不能超过 50 个字符' },
          ]}
        />
        <ProForm.Item
          name="permissions"
          label="权限"
          extra={editing !== 'new' && editing?.isAdmin ? '管理员角色始终拥有全部权限' : undefined}
        >
          <PermissionTree tree={tree} disabled={editing !== 'new' && editing?.isAdmin} />
        </ProForm.Item>
      </DrawerForm>
    </>
  );
}
