import type { NotificationArgsProps } from 'antd';

/**
 * Opens an antd notification. Notices are rare here (a new version, a business error that asks for one),
 * so the notification code is fetched when the first one opens instead of with every page.
 */
export async function openNotification(notice: NotificationArgsProps): Promise<void> {
  const { default: notification } = await import('antd/es/notification');
  notification.open(notice);
}
