/**
 * The wrapper of each hidden page that performs an action of another route (`performing` in config/routes.ts):
 * to a user without that right it shows 无权限, naming the right, in place of the page and before the page asks
 * the server for anything; to anyone else, the page.
 */
import { pageRight, rightLabel } from '@common/pageRights';
import { matchRoute } from '@common/routes';
import { Outlet, useAccess, useLocation, useNavigate } from '@umijs/max';
import { Button, Result } from 'antd';

export default function PageRight() {
  const { pathname, search } = useLocation();
  const { can, canOpenRoute, home } = useAccess();
  const navigate = useNavigate();
  const page = matchRoute(pathname);
  const right = page && pageRight(page, search);
  if (!right || can(right)) return <Outlet />;
  const list = matchRoute(page.performs?.route ?? '');
  const back =
    list && canOpenRoute(list)
      ? { label: `返回${list.name}`, path: list.path }
      : home && { label: '返回首页', path: home };
  return (
    <Result
      status="403"
      title="无权限"
      subTitle={`${page.name}需要「${rightLabel(right)}」权限（${right}），请向管理员申请。`}
      extra={
        back && (
          <Button type="primary" onClick={() => navigate(back.path)}>
            {back.label}
          </Button>
        )
      }
    />
  );
}
