import { LogoutOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import type React from 'react';
import { clearOfflineData } from '../services/pwa';
import { clearSession } from '../utils/session';

export function signOut(): void {
  clearSession();
  void clearOfflineData().finally(() => window.location.assign('/403'));
}

/** The header's avatar and name, with sign-out in its menu. */
export default function HeaderUser({ children }: React.PropsWithChildren) {
  return (
    <Dropdown
      menu={{
        items: [{ key: 'signOut', icon: <LogoutOutlined />, label: '退出登录' }],
        onClick: signOut,
      }}
    >
      <span>{children}</span>
    </Dropdown>
  );
}
