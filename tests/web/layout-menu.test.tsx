/**
 * The app's layout configuration (src/app.tsx) in the real ProLayout: the menu is the route table, drawn
 * with the layout's first frame and never replaced by a loading skeleton while ProLayout's own request for
 * a menu (it has none to make) comes back.
 */
import { ProLayout } from '@ant-design/pro-components';
import { permissionString } from '@common/routes';
import { act, render, screen } from '@testing-library/react';
import { history } from '@umijs/max';
import { MemoryRouter } from 'react-router-dom';
import { layout } from '@/app';
import defaultSettings from '../../config/defaultSettings';
import routes, { type AppRoute } from '../../config/routes';
import { startAppRuntime } from './helpers';

startAppRuntime();

/** The route table as Umi's layout hands it to ProLayout: children under the root. */
const asMenu = (table: AppRoute[]): object[] =>
  table.map(({ routes: children, ...route }) => ({ ...route, ...(children ? { children: asMenu(children) } : {}) }));

function layoutFor(permission: string[]) {
  const currentUser = {
    username: 'u',
    name: '测试',
    avatar: '',
    access: '' as const,
    permission,
    plantTimeZone: 'UTC',
  };
  return layout({
    initialState: { currentUser, settings: defaultSettings },
    loading: false,
    setInitialState: async () => {},
    refresh: async () => {},
    error: undefined,
  });
}

function renderLayout() {
  // The layout plugin's own header content is not drawn: the app turns it off (`rightContentRender: false`).
  const { rightContentRender: _off, ...config } = layoutFor([permissionString('/alarm/board/over', 'view')]);
  return render(
    <MemoryRouter initialEntries={['/alarm/board/over']}>
      <ProLayout
        {...config}
        route={{ path: '/', children: asMenu(routes) }}
        location={{ pathname: '/alarm/board/over' }}
      >
        <p>看板内容</p>
      </ProLayout>
    </MemoryRouter>,
  );
}

describe('the layout menu', { timeout: 30_000 }, () => {
  it('is the route table, filtered by permission, from the first frame, never a loading skeleton', async () => {
    const { container } = renderLayout();
    const menuShown = () => {
      expect(screen.getAllByText('报警总览').length).toBeGreaterThan(0);
      expect(container.querySelector('.ant-pro-sider .ant-skeleton')).toBeNull();
    };
    menuShown();
    // After ProLayout's request for a menu has come back, too.
    await act(() => Promise.resolve());
    menuShown();
    expect(screen.queryByText('报警列表')).not.toBeInTheDocument();
    expect(screen.getByText('看板内容')).toBeInTheDocument();
  });
});

describe('the page guard', () => {
  const address = () => `${history.location.pathname}${history.location.search}`;

  it('draws no page the user may not open (it would ask the server first) and names it to the 403 page', () => {
    const config = layoutFor([permissionString('/alarm/board/over', 'view')]);
    history.push('/permission');
    render(<main>{config.childrenRender?.(<p>权限配置内容</p>, {})}</main>);
    expect(screen.queryByText('权限配置内容')).not.toBeInTheDocument();
    config.onPageChange?.(history.location);
    expect(address()).toBe('/403?from=%2Fpermission');
  });

  it('draws a group heading, whose alias redirect leads to its first page', () => {
    const config = layoutFor([permissionString('/alarm/op/working', 'view')]);
    history.push('/alarm/op');
    render(<main>{config.childrenRender?.(<p>跳转到多工况管理</p>, {})}</main>);
    expect(screen.getByText('跳转到多工况管理')).toBeInTheDocument();
  });

  it('sends a group heading to the first page of it the user may open', () => {
    const config = layoutFor([
      permissionString('/alarm/board/eq', 'view'),
      permissionString('/alarm/bases/abnormal', 'view'),
    ]);
    for (const [group, landing] of [
      ['/alarm/board', '/alarm/board/eq'],
      ['/alarm/bases', '/alarm/bases/abnormal'],
    ]) {
      history.push(group);
      config.onPageChange?.(history.location);
      expect(address()).toBe(landing);
    }
  });
});
