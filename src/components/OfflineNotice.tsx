import { Alert } from 'antd';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** docs/original-console.md §4: while offline, a warning says so. */
export default function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  if (online) return null;
  return <Alert type="warning" showIcon banner message="当前处于离线状态，显示的是缓存内容" />;
}
