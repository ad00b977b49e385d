/**
 * Hidden pages check the right they need before anything else (src/components/PageRight, declared beside each
 * route in config/routes.ts), and the 403 page says what was refused and where to go from there.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import PageRight from '@/components/PageRight';
import ChangeCreatePage from '@/pages/Alarm/Op/ChangeCreate';
import ConditionCreatePage from '@/pages/Alarm/Op/ConditionCreate';
import FlowEditorPage from '@/pages/Alarm/Settings/FlowEditor';
import TemplateEditPage from '@/pages/Alarm/Template/Edit';
import Forbidden from '@/pages/Exception/Forbidden';
import Home from '@/pages/Home';
import { clearSession, setToken, storePermissions } from '@/utils/session';
import { mockApi, startAppRuntime } from './helpers';
import { priorityDictionary } from './moc-fixtures';
import { renderWithPermissions } from './render';

const server = mockApi(...priorityDictionary);
startAppRuntime();

/** Every API request the page makes. */
const requests: string[] = [];
beforeAll(() => server.events.on('request:start', ({ request }) => requests.push(new URL(request.url).pathname)));
beforeEach(() => {
  requests.length = 0;
});

function Address() {
  const { pathname } = useLocation();
  return <output aria-label="地址">{pathname}</output>;
}

/** A hidden page as Umi mounts it: under the wrapper its route declares. */
function openHidden(address: string, page: React.ReactElement, permissions: string[]) {
  const path = address.split('?')[0];
  return renderWithPermissions(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route element={<PageRight />}>
          <Route path={path} element={page} />
        </Route>
        <Route path="*" element={null} />
      </Routes>
      <Address />
    </MemoryRouter>,
    permissions,
  );
}

describe('a hidden page without the right it needs', { timeout: 30_000 }, () => {
  it('shows 无权限 naming the right, before any call, with a way back to its list', async () => {
    const user = userEvent.setup();
    openHidden('/alarm/template2/list/edit?id=35', <TemplateEditPage />, [
      'alarm-template-list-view',
      'alarm-template-list-create',
    ]);
    expect(screen.getByText('无权限')).toBeInTheDocument();
    expect(screen.getByText(/「模板列表 \/ 编辑」/)).toBeInTheDocument();
    expect(screen.getByText(/alarm-template-list-edit/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回模板列表' }));
    expect(screen.getByLabelText('地址')).toHaveTextContent('/alarm/template/list');
    expect(requests).toEqual([]);
  });

  it('leads home when the user may not open the list either', async () => {
    const user = userEvent.setup();
    openHidden('/alarm/op3/update', <ChangeCreatePage />, ['alarm-board-eq-view']);
    expect(screen.getByText(/「变更管理 \/ 新建」/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回首页' }));
    expect(screen.getByLabelText('地址')).toHaveTextContent('/alarm/board/eq');
    expect(requests).toEqual([]);
  });
});

describe('the flow editor, which creates or, with `?id=`, edits', { timeout: 30_000 }, () => {
  it('asks for 编辑 to open a flow and 新建 to start one', () => {
    const { unmount } = openHidden('/alarm/base/examine/config2/child?id=1', <FlowEditorPage />, [
      'alarm-base-examine-config-view',
      'alarm-base-examine-config-create',
    ]);
    expect(screen.getByText(/「审批配置 \/ 编辑」权限（alarm-base-examine-config-edit）/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回审批配置' })).toBeInTheDocument();
    unmount();
    openHidden('/alarm/base/examine/config2/child', <FlowEditorPage />, [
      'alarm-base-examine-config-view',
      'alarm-base-examine-config-edit',
    ]);
    expect(screen.getByText(/「审批配置 \/ 新建」权限（alarm-base-examine-config-create）/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});

describe('新建工况 reopening a draft change request (`?change=`)', { timeout: 30_000 }, () => {
  it('asks for 变更管理 / 编辑, not the conditions’ 新建, and shows no form before', () => {
    openHidden('/alarm/op2/working/create?change=15', <ConditionCreatePage />, [
      'alarm-op-working-view',
      'alarm-op-working-create',
      'alarm-op-update-view',
    ]);
    expect(screen.getByText(/「变更管理 \/ 编辑」权限（alarm-op-update-edit）/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回多工况管理' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存草稿' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});

describe('a hidden page with the right it needs', { timeout: 30_000 }, () => {
  it('shows its form', async () => {
    openHidden('/alarm/op3/update', <ChangeCreatePage />, ['alarm-op-update-view', 'alarm-op-update-create']);
    expect(await screen.findByLabelText('变更标题')).toBeInTheDocument();
    expect(screen.queryByText('无权限')).not.toBeInTheDocument();
  });
});

describe('首页 (/)', () => {
  const openHome = (permissions: string[]) =>
    renderWithPermissions(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="*" element={null} />
        </Routes>
        <Address />
      </MemoryRouter>,
      permissions,
    );

  it('leads to the first page the user may open, the overview only for those who may see it', () => {
    const { unmount } = openHome(['alarm-op-update-view', 'alarm-bases-abnormal-view']);
    expect(screen.getByLabelText('地址')).toHaveTextContent('/alarm/bases/abnormal');
    unmount();
    openHome(['alarm-board-over-view', 'alarm-bases-list-view']);
    expect(screen.getByLabelText('地址')).toHaveTextContent('/alarm/board/over');
  });

  it('leads a user who may open no page to the 403 page', () => {
    openHome([]);
    expect(screen.getByLabelText('地址')).toHaveTextContent('/403');
  });
});

describe('403 page', () => {
  afterEach(() => {
    clearSession();
    window.history.pushState({}, '', '/');
  });

  it('names the refused page and the missing right, and leads a signed-in user home or out', async () => {
    const user = userEvent.setup();
    setToken('t');
    storePermissions(['alarm-op-update-view', 'alarm-base-system-view']);
    window.history.pushState({}, '', '/403?from=%2Fpermission');
    renderWithPermissions(<Forbidden />, []);
    expect(screen.getByText('无权限')).toBeInTheDocument();
    expect(screen.getByText(/您没有打开「权限配置」的权限/)).toBeInTheDocument();
    expect(screen.getByText(/「权限配置 \/ 查看」（permission-view）/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/alarm/op/update');
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByText(/请向管理员索取登录链接/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '返回首页' })).not.toBeInTheDocument();
  });

  it('tells a user who may open no page at all to ask for rights', () => {
    setToken('t');
    storePermissions([]);
    window.history.pushState({}, '', '/403');
    renderWithPermissions(<Forbidden />, []);
    expect(screen.getByText(/还没有可以打开的页面/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeInTheDocument();
  });

  it('explains how to sign in again without a session', () => {
    window.history.pushState({}, '', '/403?from=%2Falarm%2Fbases%2Flist');
    renderWithPermissions(<Forbidden />, []);
    expect(screen.getByText(/您尚未登录或登录已失效/)).toBeInTheDocument();
    expect(screen.getByText(/请向管理员索取登录链接/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '退出登录' })).not.toBeInTheDocument();
  });
});
