import { rightLabel } from '@common/pageRights';
import { firstPermittedPage, matchRoute, permissionString } from '@common/routes';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { getQueryParam } from '@/utils/query';
import { clearSession, getToken, readPermissions } from '@/utils/session';

const portalUrl = process.env.UMI_APP_PORTAL_URL;

/** Why a signed-in user was refused: the page (`?from=`) and, when they lack it, the right that opens it. */
function refusal(from: string | null, permissions: readonly string[]): string {
  const page = from ? matchRoute(from) : undefined;
  if (!page?.name) return '您没有访问该页面的权限';
  const view = page.actions?.includes('view') ? permissionString(page.path, 'view') : undefined;
  const missing = view && !permissions.includes(view) ? `：缺少「${rightLabel(view)}」（${view}）` : '';
  return `您没有打开「${page.name}」的权限${missing}`;
}

/**
 * No layout, and nothing loaded (docs/original-console.md §4): what the page says comes from the address
 * (`?from=`, the refused page) and the session the last start-up stored. A signed-in user learns what was
 * refused and goes home (a full start, which loads the user again) or signs out; anyone else learns how to
 * sign in again.
 */
export default function Forbidden() {
  const [from] = useState(() => getQueryParam('from'));
  const [permissions, setPermissions] = useState(() => (getToken() ? readPermissions() : null));

  if (!permissions) {
    return (
      <main aria-label="无权限">
        <Result
          status="403"
          title="无权限"
          subTitle={
            portalUrl
              ? '您尚未登录或登录已失效，请从统一门户重新进入。'
              : '您尚未登录或登录已失效。请向管理员索取登录链接，打开它即可重新登录。'
          }
          extra={
            portalUrl ? (
              <Button type="primary" href={portalUrl}>
                前往登录
              </Button>
            ) : undefined
          }
        />
      </main>
    );
  }
  const home = firstPermittedPage(permissions);
  const signOut = () => {
    clearSession();
    setPermissions(null);
  };
  return (
    <main aria-label="无权限">
      <Result
        status="403"
        title="无权限"
        subTitle={`${refusal(from, permissions)}。${home ? '' : '您的账号还没有可以打开的页面，'}如需权限，请向管理员申请。`}
        extra={[
          home && (
            <Button key="home" type="primary" href={home}>
              返回首页
            </Button>
          ),
          <Button key="signOut" onClick={signOut}>
            退出登录
          </Button>,
        ]}
      />
    </main>
  );
}
