import { Button, message } from 'antd';
import { Workbox } from 'workbox-window';
import defaultSettings from '../config/defaultSettings';
import { removeOfflineSupport, watchForUpdates } from './services/pwa';
import { openNotification } from './utils/notification';

// docs/original-console.md §4: offline warning, update notice, and cleanup where offline support is disabled.
window.addEventListener('offline', () => message.warning('当前处于离线状态'));

if (process.env.NODE_ENV === 'production' && defaultSettings.pwa && 'serviceWorker' in navigator) {
  const workbox = new Workbox('/sw.js');
  watchForUpdates(
    workbox,
    {
      show(refresh) {
        void openNotification({
          key: 'sw-update',
          message: '发现新内容',
          description: '系统已更新，请点击刷新加载最新版本。',
          duration: 0,
          btn: (
            <Button type="primary" size="small" onClick={refresh}>
              刷新
            </Button>
          ),
        });
      },
    },
    () => window.location.reload(),
  );
  workbox.register();
} else if (!defaultSettings.pwa) {
  removeOfflineSupport();
}
