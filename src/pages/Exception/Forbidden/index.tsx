import { Button, Result } from 'antd';

const portalUrl = process.env.UMI_APP_PORTAL_URL;

/** No layout: shown without a session, so it loads nothing (docs/original-console.md §4). */
export default function Forbidden() {
  return (
    <main aria-label="无权限">
      <Result
        status="403"
        title="无权限"
        subTitle={
          portalUrl
            ? '您尚未登录或没有访问该页面的权限，请从统一门户重新进入。'
            : '您尚未登录或没有访问该页面的权限，请向管理员索取登录链接。'
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
