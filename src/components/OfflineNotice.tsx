import { Alert } from 'antd';
import { useSyncExternalStore } from 'react';
import { oldestCachedAnswer, subscribeCachedAnswers } from '@/utils/cachedAnswers';
import { formatDateTime } from '@/utils/datetime';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * docs/original-console.md §4: while offline, a warning says so, and when the content shown was fetched. Online, it
 * says so too when the server was too slow and a kept answer is shown.
 */
export default function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  const fetchedAt = useSyncExternalStore(subscribeCachedAnswers, oldestCachedAnswer);
  if (online && !fetchedAt) return null;
  const state = online ? '服务器响应超时' : '当前处于离线状态';
  const content = fetchedAt ? `显示的是 ${formatDateTime(fetchedAt)} 获取的缓存内容` : '显示的是缓存内容';
  return <Alert type="warning" showIcon banner message={`${state}，${content}`} />;
}
