/** 审批配置 and the full-screen 审核流程配置 editor: list, delete refusal, steps added / removed / reordered, checks, saving. */

import { permissionString } from '@common/routes';
import type { ApprovalFlow, BusinessTypeSetting, FlowOptions } from '@contract/moc';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import FlowListPage from '@/pages/Alarm/Settings/ApprovalFlows';
import FlowEditorPage from '@/pages/Alarm/Settings/FlowEditor';
import { mockApi, startAppRuntime } from './helpers';
import { flow, page, refusal } from './moc-fixtures';
import { ok, renderWithPermissions } from './render';

const settings: BusinessTypeSetting[] = [
  {
    businessType: 'alarmChange',
    activeFlow: { id: 1, name: '报警变更两级审批' },
    pendingCount: 0,
    oneStepPerPerson: true,
    updatedBy: null,
    updatedAt: null,
  },
  {
    businessType: 'operatingCondition',
    activeFlow: null,
    pendingCount: 0,
    oneStepPerPerson: false,
    updatedBy: 'admin',
    updatedAt: '2026-01-04T02:00:00.000Z',
  },
  {
    businessType: 'templateApplication',
    activeFlow: null,
    pendingCount: 0,
    oneStepPerPerson: true,
    updatedBy: null,
    updatedAt: null,
  },
];

const server = mockApi(
  http.get('/api/alarm/base/examine/config/business-types', () => HttpResponse.json(ok(settings))),
);
startAppRuntime();

const can = (...actions: ('view' | 'create' | 'edit' | 'delete')[]) =>
  actions.map((action) => permissionString('/alarm/base/examine/config', action));

const options: FlowOptions = {
  users: [
    { id: 5, username: 'safety', name: '赵安全' },
    { id: 6, username: 'process', name: '钱工艺' },
  ],
  roles: [{ id: 4, name: '审批人' }],
};

describe('审批配置 page', { timeout: 30_000 }, () => {
  it('lists flows with their steps; a viewer gets no actions', async () => {
    server.use(http.get('/api/alarm/base/examine/config', () => HttpResponse.json(page([flow]))));
    renderWithPermissions(<FlowListPage />, can('view'));
    const row = (await screen.findByText('报警变更两级审批')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('报警变更');
    expect(row).toHaveTextContent('启用');
    expect(row).toHaveTextContent('1. 工艺审核（任一人审批：审批人） → 2. 安全审核（全部审批：赵安全）');
    expect(screen.queryByRole('button', { name: '新建审批流程' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
  });

  it('opens the editor to create and edit, and shows why a flow in use cannot be deleted', async () => {
    server.use(
      http.get('/api/alarm/base/examine/config', () => HttpResponse.json(page([flow]))),
      http.delete('/api/alarm/base/examine/config/1', () =>
        HttpResponse.json(refusal('该流程有 1 个审批中的申请，不能删除'), { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderWithPermissions(<FlowListPage />, can('view', 'create', 'edit', 'delete'));
    await user.click(await screen.findByRole('button', { name: '新建审批流程' }));
    expect(window.location.pathname).toBe('/alarm/base/examine/config2/child');
    await user.click(screen.getByRole('button', { name: '编辑' }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/alarm/base/examine/config2/child?id=1');
    await user.click(screen.getByRole('button', { name: '删除' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('该流程有 1 个审批中的申请，不能删除')).toBeInTheDocument();
    expect(screen.getByText('报警变更两级审批')).toBeInTheDocument();
  });

  it('shows each business type’s active flow, and activates only after naming the flow it replaces', async () => {
    const draft: ApprovalFlow = { ...flow, id: 2, name: '报警变更三级审批', active: false };
    const activated: number[] = [];
    const deactivated: number[] = [];
    const relaxed: unknown[] = [];
    server.use(
      http.get('/api/alarm/base/examine/config', () => HttpResponse.json(page([flow, draft]))),
      http.post('/api/alarm/base/examine/config/2/activate', () => {
        activated.push(2);
        return HttpResponse.json(ok({ ...draft, active: true }));
      }),
      http.post('/api/alarm/base/examine/config/1/deactivate', () => {
        deactivated.push(1);
        return HttpResponse.json(ok({ ...flow, active: false }));
      }),
      http.put('/api/alarm/base/examine/config/business-types/alarmChange', async ({ request }) => {
        relaxed.push(await request.json());
        return HttpResponse.json(ok({ ...settings[0], oneStepPerPerson: false, updatedBy: 'admin' }));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<FlowListPage />, can('view', 'edit'));
    expect(await screen.findAllByText('无：新的提交将被拒绝')).toHaveLength(2);
    expect(screen.getByText(/^admin 2026-01-04/)).toBeInTheDocument();

    const draftRow = (await screen.findByText('报警变更三级审批')).closest('tr') as HTMLElement;
    await user.click(within(draftRow).getByRole('button', { name: '启用' }));
    expect(
      await screen.findByText(
        '启用「报警变更三级审批」？它将替换「报警变更」当前启用的流程「报警变更两级审批」，之后的提交使用新流程。',
      ),
    ).toBeInTheDocument();
    expect(activated).toEqual([]);
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(activated).toEqual([2]));

    const activeRow = (await screen.findByText('报警变更两级审批')).closest('tr') as HTMLElement;
    await user.click(within(activeRow).getByRole('button', { name: '停用' }));
    expect(
      await screen.findByText('停用「报警变更两级审批」？之后「报警变更」没有启用的审批流程，新的提交将被拒绝。'),
    ).toBeInTheDocument();
    const confirms = await screen.findAllByRole('button', { name: /确\s*定|OK/ });
    await user.click(confirms[confirms.length - 1]);
    await waitFor(() => expect(deactivated).toEqual([1]));

    await user.click(screen.getByRole('switch', { name: '「报警变更」同一人只能审批一个步骤' }));
    expect(await screen.findByText(/放宽「报警变更」的规则.*发起人仍不能审批自己的变更/)).toBeInTheDocument();
    const last = await screen.findAllByRole('button', { name: /确\s*定|OK/ });
    await user.click(last[last.length - 1]);
    await waitFor(() => expect(relaxed).toEqual([{ oneStepPerPerson: false }]));
  });

  it('shows the empty state', async () => {
    let answered = 0;
    server.use(
      http.get('/api/alarm/base/examine/config', () => {
        answered += 1;
        return HttpResponse.json(page([]));
      }),
    );
    renderWithPermissions(<FlowListPage />, can('view'));
    await waitFor(() => expect(answered).toBe(1));
    await waitFor(() =>
      expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument(),
    );
  });
});

describe('审核流程配置 editor', { timeout: 60_000 }, () => {
  beforeEach(() => {
    server.use(http.get('/api/alarm/base/examine/config/options', () => HttpResponse.json(ok(options))));
  });

  const step = (n: number) => screen.getByRole('group', { name: `第 ${n} 步` });

  async function choose(user: ReturnType<typeof userEvent.setup>, select: HTMLElement, label: string) {
    await user.click(select);
    const choices = (await screen.findAllByTitle(label)).filter((node) => node.matches('.ant-select-item-option'));
    await user.click(choices[choices.length - 1]);
  }

  it('checks the flow before saving: a name, at least one step, each with an approver', async () => {
    window.history.pushState({}, '', '/alarm/base/examine/config2/child');
    const sent: unknown[] = [];
    server.use(
      http.post('/api/alarm/base/examine/config', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(ok(flow));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<FlowEditorPage />, can('view', 'create'));
    expect(await screen.findByText('新建审批流程')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入流程名称')).toBeInTheDocument();

    await user.type(screen.getByLabelText('流程名称'), '模板应用审批');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('第 1 步：至少需要一个审批人（用户或角色）')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '删除第 1 步' }));
    expect(screen.getByText('还没有审批步骤，请添加至少一个步骤')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('审批流程至少需要一个步骤')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: /添加审批步骤/ }));
    await choose(user, within(step(1)).getByRole('combobox', { name: '第 1 步审批角色' }), '审批人');
    await user.click(screen.getByRole('button', { name: /添加审批步骤/ }));
    await choose(user, within(step(2)).getByRole('combobox', { name: '第 2 步审批用户' }), '赵安全（safety）');
    await user.click(within(step(2)).getByLabelText('全部审批'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          name: '模板应用审批',
          businessType: 'alarmChange',
          description: '',
          steps: [
            { name: '第 1 级审批', mode: 'any', approvers: [{ kind: 'role', id: 4 }] },
            { name: '第 2 级审批', mode: 'all', approvers: [{ kind: 'user', id: 5 }] },
          ],
        },
      ]),
    );
    expect(await screen.findByText('已保存审批流程「模板应用审批」')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/alarm/base/examine/config');
  });

  it('loads a flow, reorders its steps, and keeps the editor when the save is refused', async () => {
    window.history.pushState({}, '', '/alarm/base/examine/config2/child?id=1');
    let sent: { steps: { name: string }[]; version: number } | undefined;
    server.use(
      http.get('/api/alarm/base/examine/config/1', () => HttpResponse.json(ok(flow))),
      http.put('/api/alarm/base/examine/config/1', async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return HttpResponse.json(refusal('审批流程已被他人修改，请刷新后重试'), { status: 409 });
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<FlowEditorPage />, can('view', 'edit'));
    expect(await screen.findByDisplayValue('报警变更两级审批')).toBeInTheDocument();
    expect(within(step(1)).getByLabelText('第 1 步名称')).toHaveValue('工艺审核');
    expect(screen.getByRole('button', { name: '第 1 步上移' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '第 2 步上移' }));
    expect(within(step(1)).getByLabelText('第 1 步名称')).toHaveValue('安全审核');
    await user.click(screen.getByRole('button', { name: '第 1 步下移' }));
    await user.click(screen.getByRole('button', { name: '第 2 步上移' }));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('保存失败：审批流程已被他人修改，请刷新后重试')).toBeInTheDocument();
    expect(sent?.version).toBe(2);
    expect(sent?.steps.map((s) => s.name)).toEqual(['安全审核', '工艺审核']);
    expect(within(step(1)).getByLabelText('第 1 步名称')).toHaveValue('安全审核');
    expect(window.location.pathname).toBe('/alarm/base/examine/config2/child');
  });

  // Without the right its address asks for, the editor is not drawn at all: tests/web/page-rights.test.tsx.
  it('shows a load failure with retry', async () => {
    window.history.pushState({}, '', '/alarm/base/examine/config2/child?id=9');
    server.use(
      http.get('/api/alarm/base/examine/config/9', () => HttpResponse.json(refusal('审批流程不存在'), { status: 404 })),
    );
    renderWithPermissions(<FlowEditorPage />, can('view', 'edit'));
    expect(await screen.findByText('加载审批流程失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
