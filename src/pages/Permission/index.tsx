/** 权限配置: users and roles; every write needs `permission-edit` (the server checks it too). */
import { PageContainer } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Alert } from 'antd';
import { useState } from 'react';
import { fetchPermissionTree, fetchRoles } from '@/services/permission';
import { failureMessage } from '@/utils/requestFailure';
import RoleTable from './components/RoleTable';
import UserTable from './components/UserTable';

export default function PermissionPage() {
  const [tab, setTab] = useState('users');
  const roles = useRequest(fetchRoles);
  const tree = useRequest(fetchPermissionTree);
  const failed = roles.error ?? tree.error;

  return (
    <PageContainer
      tabActiveKey={tab}
      onTabChange={setTab}
      tabList={[
        { key: 'users', tab: '用户' },
        { key: 'roles', tab: '角色' },
      ]}
    >
      {failed && <Alert type="error" showIcon message={`角色或权限树加载失败：${failureMessage(failed)}`} />}
      {tab === 'users' ? (
        <UserTable roles={roles.data ?? []} tree={tree.data ?? []} />
      ) : (
        <RoleTable roles={roles.data ?? []} tree={tree.data ?? []} loading={roles.loading} reload={roles.refresh} />
      )}
    </PageContainer>
  );
}
