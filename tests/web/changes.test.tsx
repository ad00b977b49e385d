/** 变更管理 and 发起变更: list, detail with items and steps, draft actions by permission, the form's checks and saving. */

import { DEFAULT_PRIORITY_MATRIX, type PriorityMatrix } from '@common/priorityMatrix';
import { permissionString } from '@common/routes';
import type { ChangeRequestDetail } from '@contract/moc';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import ChangeCreatePage from '@/pages/Alarm/Op/ChangeCreate';
import ChangeListPage from '@/pages/Alarm/Op/Changes';
import EvaluatePage from '@/pages/Alarm/Op/Evaluate';
import { mockApi, startAppRuntime } from './helpers';
import {
  change,
  changeSummary,
  engineer,
  page,
  point,
  priorityDictionary,
  priorityItem,
  refusal,
} from './moc-fixtures';
import { ok, renderWithPermissions } from './render';

const server = mockApi(...priorityDictionary);
startAppRuntime();

const can = (...actions: ('view' | 'create' | 'edit' | 'delete' | 'takeover')[]) =>
  actions.map((action) => permissionString('/alarm/op/update', action));

const draft: ChangeRequestDetail = {
  ...change,
  id: 13,
  title: '降低死区',
  status: 'draft',
  approval: null,
  approvalDetail: null,
  submittedAt: null,
};

/** Ended: rejected at its first step. */
const ended: ChangeRequestDetail = {
  ...change,
  id: 14,
  title: '已驳回的变更',
  status: 'rejected',
  endedAt: '2026-01-04T01:00:00.000Z',
};

function listOf(rows: ChangeRequestDetail[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/alarm/op/update', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(page(rows.map(changeSummary)));
    }),
  );
  return queries;
}

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;

describe('变更管理 page', { timeout: 30_000 }, () => {
  it('lists requests with status, risk and approval progress, and shows a viewer no actions', async () => {
    listOf([change, draft]);
    renderWithPermissions(<ChangeListPage />, can('view'));
    const row = (await screen.findByText('提高进料流量高报限值')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('审批中');
    expect(row).toHaveTextContent('中风险');
    expect(row).toHaveTextContent('第 2/2 步：安全审核');
    expect(screen.queryByRole('button', { name: '发起变更' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
  });

  it('opens a request with its items, before → after, and each step with who, when and comment', async () => {
    listOf([change]);
    const withPriority = { ...change, itemCount: 2, items: [...change.items, priorityItem] };
    server.use(http.get('/api/alarm/op/update/12', () => HttpResponse.json(ok(withPriority))));
    const user = userEvent.setup();
    renderWithPermissions(<ChangeListPage />, can('view'));
    await user.click(await screen.findByRole('button', { name: '提高进料流量高报限值' }));
    const drawer = await screen.findByRole('dialog', { name: '变更单 #12 提高进料流量高报限值' });
    const items = await within(drawer).findByRole('table', { name: '变更项' });
    expect(within(items).getByRole('row', { name: /FIC-101/ })).toHaveTextContent('80 → 85');
    // Priorities by the names of the editable dictionary.
    expect(within(items).getByRole('row', { name: /TI-205/ })).toHaveTextContent('二级（高） → 一级（紧急）');
    const steps = within(drawer).getByLabelText('审批进度');
    expect(steps).toHaveTextContent('第 1 步 工艺审核');
    expect(steps).toHaveTextContent('李审批 通过');
    expect(steps).toHaveTextContent('“限值合理”');
    expect(steps).toHaveTextContent('全部审批：赵安全');
  });

  it('says which item conflicted when an approved change could not be applied', async () => {
    const conflicted: ChangeRequestDetail = {
      ...change,
      status: 'approved',
      conflicts: [
        { itemId: 1, pointId: 7, tag: 'FIC-101', condition: 'PVHI', message: '报警点已被他人修改（版本 3 → 4）' },
      ],
      items: [{ ...change.items[0], current: 82, currentVersion: 4, stale: true }],
    };
    window.history.pushState({}, '', '/alarm/op/update?open=12');
    listOf([conflicted]);
    server.use(http.get('/api/alarm/op/update/12', () => HttpResponse.json(ok(conflicted))));
    renderWithPermissions(<ChangeListPage />, can('view'));
    const drawer = await screen.findByRole('dialog', { name: /变更单 #12/ });
    expect(await within(drawer).findByText(/变更未实施/)).toBeInTheDocument();
    expect(within(drawer).getByText('FIC-101 / PVHI：报警点已被他人修改（版本 3 → 4）')).toBeInTheDocument();
    expect(within(drawer).getByText('申请后已被修改')).toBeInTheDocument();
    expect(within(drawer).getByText('已通过，未实施（冲突）')).toBeInTheDocument();
    window.history.pushState({}, '', '/');
  });

  it('shows a matrix change as what it changes and the cells before and after, a draft without 编辑', async () => {
    const after = {
      ...DEFAULT_PRIORITY_MATRIX,
      cells: { ...DEFAULT_PRIORITY_MATRIX.cells, major: { ...DEFAULT_PRIORITY_MATRIX.cells.major, '5to15': 'high' } },
    } satisfies PriorityMatrix;
    const matrixDraft: ChangeRequestDetail = {
      ...draft,
      id: 15,
      title: '修改优先级矩阵',
      businessType: 'priorityMatrix',
      itemCount: 1,
      items: [],
      matrix: { before: DEFAULT_PRIORITY_MATRIX, after },
    };
    listOf([matrixDraft]);
    server.use(http.get('/api/alarm/op/update/15', () => HttpResponse.json(ok(matrixDraft))));
    const user = userEvent.setup();
    renderWithPermissions(<ChangeListPage />, can('view', 'create', 'edit', 'delete'), engineer.username);
    const row = await rowOf('修改优先级矩阵');
    expect(row).toHaveTextContent('优先级矩阵变更');
    expect(within(row).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '提交' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '修改优先级矩阵' }));
    const drawer = await screen.findByRole('dialog', { name: '变更单 #15 修改优先级矩阵' });
    const lines = await within(drawer).findByRole('list', { name: '矩阵修改内容' });
    await waitFor(() => expect(lines).toHaveTextContent('严重 × 5–15 分钟：三级（中） → 二级（高）'));
    const before = within(drawer).getByRole('table', { name: '修改前的优先级矩阵' });
    const afterTable = within(drawer).getByRole('table', { name: '修改后的优先级矩阵' });
    expect(within(before).getByRole('row', { name: /^严重/ })).toHaveTextContent(
      '严重二级（高）三级（中）四级（低）不设报警',
    );
    expect(within(afterTable).getByRole('row', { name: /^严重/ })).toHaveTextContent(
      '严重二级（高）二级（高）四级（低）不设报警',
    );
  });

  it('offers edit, submit and delete of a draft to its initiator only', async () => {
    listOf([change, draft]);
    const { unmount } = renderWithPermissions(<ChangeListPage />, can('view', 'create', 'edit', 'delete'), 'engineer2');
    const othersDraft = (await screen.findByText('降低死区')).closest('tr') as HTMLElement;
    expect(within(othersDraft).getByText(draft.initiator.name)).toBeInTheDocument();
    for (const name of ['编辑', '提交', '删除']) {
      expect(within(othersDraft).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    unmount();
  });

  it('offers create, and edit, submit and delete on drafts only, to their holders', async () => {
    listOf([change, draft]);
    let submitted = false;
    server.use(
      http.post('/api/alarm/op/update/13/submit', () => {
        submitted = true;
        return HttpResponse.json(ok({ ...draft, status: 'pending' }));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<ChangeListPage />, can('view', 'create', 'edit', 'delete'), draft.initiator.username);
    const draftRow = (await screen.findByText('降低死区')).closest('tr') as HTMLElement;
    const pendingRow = screen.getByText('提高进料流量高报限值').closest('tr') as HTMLElement;
    expect(within(pendingRow).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(within(draftRow).getByRole('button', { name: '删除' })).toBeInTheDocument();

    await user.click(within(draftRow).getByRole('button', { name: '提交' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(submitted).toBe(true));
    expect(await screen.findByText('已提交变更单 #13')).toBeInTheDocument();

    await user.click(within(draftRow).getByRole('button', { name: '编辑' }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/alarm/op3/update?id=13');
    await user.click(screen.getByRole('button', { name: '发起变更' }));
    expect(window.location.pathname).toBe('/alarm/op3/update');
  });

  it('archives an ended request instead of deleting it, saying what happens', async () => {
    const queries = listOf([change, draft, ended]);
    let archived = false;
    server.use(
      http.post('/api/alarm/op/update/14/archive', () => {
        archived = true;
        return HttpResponse.json(ok({ id: 14 }));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<ChangeListPage />, can('view', 'create', 'edit', 'delete'), draft.initiator.username);
    const endedRow = await rowOf('已驳回的变更');
    expect(within(endedRow).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(within(await rowOf('提高进料流量高报限值')).queryByRole('button', { name: '归档' })).not.toBeInTheDocument();
    await user.click(within(endedRow).getByRole('button', { name: '归档' }));
    expect(
      await screen.findByText('归档变更单「已驳回的变更」？归档后将从默认列表隐藏，历史记录保留。'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(archived).toBe(true));
    expect(await screen.findByText('已归档变更单 #14')).toBeInTheDocument();
    expect(queries.at(-1)?.get('archive')).toBeNull();
  });

  it('lists archived requests under 已归档, marked and without the archive action', async () => {
    listOf([change, ended]);
    const user = userEvent.setup();
    renderWithPermissions(<ChangeListPage />, can('view', 'delete'), draft.initiator.username);
    await rowOf('已驳回的变更');
    const archivedQueries = listOf([{ ...ended, archivedAt: '2026-01-05T01:00:00.000Z' }]);
    await user.click(within(screen.getByRole('radiogroup', { name: '归档筛选' })).getByText('已归档'));
    await waitFor(() => expect(archivedQueries.at(-1)?.get('archive')).toBe('archived'));
    await waitFor(async () => expect(await rowOf('已驳回的变更')).toHaveTextContent('已归档'));
    const archivedRow = await rowOf('已驳回的变更');
    expect(within(archivedRow).queryByRole('button', { name: '归档' })).not.toBeInTheDocument();
  });

  it('offers 接管 of someone else’s draft to a holder of the takeover action, naming the owner', async () => {
    listOf([change, draft]);
    let takenOver = false;
    server.use(
      http.post('/api/alarm/op/update/13/takeover', () => {
        takenOver = true;
        return HttpResponse.json(ok(draft));
      }),
    );
    const user = userEvent.setup();
    const { unmount } = renderWithPermissions(<ChangeListPage />, can('view', 'edit', 'delete'), 'engineer2');
    expect(within(await rowOf('降低死区')).queryByRole('button', { name: '接管' })).not.toBeInTheDocument();
    unmount();

    renderWithPermissions(<ChangeListPage />, can('view', 'edit', 'delete', 'takeover'), 'admin');
    const othersDraft = await rowOf('降低死区');
    expect(within(othersDraft).getByText(draft.initiator.name)).toBeInTheDocument();
    expect(within(othersDraft).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(within(await rowOf('提高进料流量高报限值')).queryByRole('button', { name: '接管' })).not.toBeInTheDocument();
    await user.click(within(othersDraft).getByRole('button', { name: '接管' }));
    expect(
      await screen.findByText(
        `接管 ${draft.initiator.name} 的草稿「降低死区」？接管后由你修改、提交或删除，历史记录中记为「转交」。`,
      ),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(takenOver).toBe(true));
    expect(await screen.findByText('已接管草稿 #13')).toBeInTheDocument();
  });

  it('shows the empty state and the server’s message on failure', async () => {
    const queries = listOf([]);
    const { unmount } = renderWithPermissions(<ChangeListPage />, can('view'));
    await waitFor(() => expect(queries).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument(),
    );
    unmount();
    server.use(http.get('/api/alarm/op/update', () => HttpResponse.json(refusal('数据库暂时不可用'), { status: 500 })));
    renderWithPermissions(<ChangeListPage />, can('view'));
    expect(await screen.findByText('数据库暂时不可用')).toBeInTheDocument();
  });
});

describe('发起变更 form', { timeout: 60_000 }, () => {
  beforeEach(() => window.history.pushState({}, '', '/alarm/op3/update'));

  function pointsFound() {
    const tags: string[] = [];
    server.use(
      http.get('/api/alarm/op/update/points', ({ request }) => {
        tags.push(new URL(request.url).searchParams.get('tag') ?? '');
        return HttpResponse.json(page([point]));
      }),
    );
    return tags;
  }

  async function addPoint(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByRole('combobox', { name: '搜索报警点' }), 'FIC');
    await user.click(await screen.findByText('FIC-101 / PVHI（进料流量高）'));
  }

  it('checks in Chinese, searches points once typing pauses, and submits the target beside the current value', async () => {
    const tags = pointsFound();
    let sent: unknown;
    server.use(
      http.post('/api/alarm/op/update', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(ok(change));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<ChangeCreatePage />, can('view', 'create'));
    await user.click(screen.getByRole('button', { name: '提交审批' }));
    expect(await screen.findByText('请输入变更标题')).toBeInTheDocument();
    expect(screen.getByText('请填写变更原因')).toBeInTheDocument();

    await user.type(screen.getByLabelText('变更标题'), '提高进料流量高报限值');
    await user.type(screen.getByLabelText('变更原因'), '工艺负荷提高');
    await user.click(screen.getByRole('button', { name: '提交审批' }));
    expect(await screen.findByText('变更申请至少需要一个变更项')).toBeInTheDocument();

    await addPoint(user);
    expect(tags).toEqual(['FIC']);
    const items = screen.getByRole('table', { name: '变更项' });
    const row = within(items).getByRole('row', { name: /FIC-101/ });
    expect(row).toHaveTextContent('80');
    const target = within(row).getByRole('spinbutton', { name: '第 1 项目标值' });
    expect(target).toHaveValue('80');
    // A row starts at the current value: unchanged, it is marked before anything is sent.
    await user.click(screen.getByRole('button', { name: '提交审批' }));
    expect(
      await screen.findByText(/第 1 项：报警点 FIC-101 \/ PVHI 的「报警限值」已是该值，没有变化/),
    ).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.clear(target);
    await user.type(target, '85');
    await user.click(screen.getByRole('button', { name: '提交审批' }));
    await waitFor(() =>
      expect(sent).toEqual({
        title: '提高进料流量高报限值',
        reason: '工艺负荷提高',
        riskLevel: 'low',
        businessType: 'alarmChange',
        templateId: null,
        equipmentId: null,
        items: [{ pointId: 7, field: 'limitValue', after: 85 }],
        submit: true,
      }),
    );
    expect(await screen.findByText('变更单 #12 已提交审批')).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/alarm/op/update?open=12');
  });

  it('names priorities as the dictionary does, in the current value and the choices', async () => {
    pointsFound();
    const user = userEvent.setup();
    renderWithPermissions(<ChangeCreatePage />, can('view', 'create'));
    await addPoint(user);
    const row = within(screen.getByRole('table', { name: '变更项' })).getByRole('row', { name: /FIC-101/ });
    await user.click(within(row).getByRole('combobox', { name: '第 1 项修改项' }));
    await user.click(await screen.findByTitle('优先级'));
    // The current value and the target (it starts as the current one) by name.
    expect(within(row).getAllByText('二级（高）')).toHaveLength(2);
    await user.click(within(row).getByRole('combobox', { name: '第 1 项目标值' }));
    const offered = async (name: string) =>
      (await screen.findAllByTitle(name)).some((element) => element.classList.contains('ant-select-item-option'));
    for (const name of ['一级（紧急）', '二级（高）', '三级（中）', '四级（低）'])
      expect(await offered(name)).toBe(true);
  });

  it('keeps everything typed when the save is refused, and shows why', async () => {
    pointsFound();
    server.use(
      http.post('/api/alarm/op/update', () =>
        HttpResponse.json(refusal('「报警变更」没有启用的审批流程，无法提交'), { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderWithPermissions(<ChangeCreatePage />, can('view', 'create'));
    await user.type(screen.getByLabelText('变更标题'), '改死区');
    await user.type(screen.getByLabelText('变更原因'), '颤振');
    await addPoint(user);
    const target = screen.getByRole('spinbutton', { name: '第 1 项目标值' });
    await user.clear(target);
    await user.type(target, '90');
    await user.click(screen.getByRole('button', { name: '提交审批' }));
    expect(await screen.findByText('保存失败：「报警变更」没有启用的审批流程，无法提交')).toBeInTheDocument();
    expect(screen.getByLabelText('变更标题')).toHaveValue('改死区');
    expect(screen.getByRole('table', { name: '变更项' })).toHaveTextContent('FIC-101 / PVHI');
    expect(window.location.pathname).toBe('/alarm/op3/update');
  });

  it('reopens a draft, saves it in place and refuses a request that is no draft', async () => {
    window.history.pushState({}, '', '/alarm/op3/update?id=13');
    let sent: unknown;
    server.use(
      http.get('/api/alarm/op/update/13', () => HttpResponse.json(ok(draft))),
      http.put('/api/alarm/op/update/13', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(ok(draft));
      }),
    );
    const user = userEvent.setup();
    const { unmount } = renderWithPermissions(<ChangeCreatePage />, can('view', 'edit'));
    expect(await screen.findByDisplayValue('降低死区')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: '第 1 项目标值' })).toHaveValue('85');
    await user.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('已保存草稿 #13')).toBeInTheDocument();
    expect(sent).toMatchObject({
      title: '降低死区',
      submit: false,
      items: [{ pointId: 7, field: 'limitValue', after: 85 }],
    });
    unmount();

    window.history.pushState({}, '', '/alarm/op3/update?id=12');
    server.use(http.get('/api/alarm/op/update/12', () => HttpResponse.json(ok(change))));
    renderWithPermissions(<ChangeCreatePage />, can('view', 'edit'));
    expect(await screen.findByText('只有草稿可以修改')).toBeInTheDocument();
  });
});

describe('模板评估 → 变更', { timeout: 30_000 }, () => {
  it('drafts a change from the deviations, for holders of 变更管理 create only', async () => {
    server.use(
      http.get('/api/alarm/op/evaluate/options', () =>
        HttpResponse.json(
          ok({
            templates: [{ id: 1, name: '离心泵模板', equipmentType: '离心泵' }],
            units: [],
            conditions: [],
            priorities: [],
          }),
        ),
      ),
      http.get('/api/alarm/op/evaluate', () =>
        HttpResponse.json(
          ok({
            template: { id: 1, name: '离心泵模板', equipmentType: '离心泵', itemCount: 1 },
            equipment: [],
            units: [],
          }),
        ),
      ),
    );
    let sent: unknown;
    server.use(
      http.post('/api/alarm/op/update/from-template', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(ok({ change: draft, skipped: { missing: 1, extra: 0, noRange: 0 } }));
      }),
    );
    const viewer = [permissionString('/alarm/op/evaluate', 'view')];
    const { unmount } = renderWithPermissions(<EvaluatePage />, viewer);
    expect(await screen.findByText('没有设备类型为「离心泵」的设备')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '根据偏差发起变更' })).not.toBeInTheDocument();
    unmount();

    const user = userEvent.setup();
    renderWithPermissions(<EvaluatePage />, [...viewer, ...can('create')]);
    await user.click(await screen.findByRole('button', { name: '根据偏差发起变更' }));
    await waitFor(() => expect(sent).toEqual({ templateId: 1 }));
    expect(await screen.findByText(/已生成变更草稿 #13，另有 1 项偏差/)).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/alarm/op3/update?id=13');
  });
});
