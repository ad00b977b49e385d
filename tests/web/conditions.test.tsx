/** 多工况管理 and 新建工况: conditions per unit, switching and its history, the proposal form, and the library drawer's 工况设置. */

import { permissionString } from '@common/routes';
import type { PointDetail as AlarmPointDetail } from '@contract/library';
import type {
  ConditionDetail,
  ConditionSummary,
  ConditionSwitch,
  ConditionUnit,
  PointEffectiveSettings,
} from '@contract/moc';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import PointDrawer from '@/pages/Alarm/Library/List/components/PointDrawer';
import ConditionCreatePage from '@/pages/Alarm/Op/ConditionCreate';
import ConditionsPage from '@/pages/Alarm/Op/Conditions';
import { mockApi, startAppRuntime } from './helpers';
import { change, page, point, pointSettings, priorityDictionary, priorityNames, refusal } from './moc-fixtures';
import { ok, renderWithPermissions } from './render';

const server = mockApi(...priorityDictionary);
startAppRuntime();

const can = (...actions: ('view' | 'create' | 'edit' | 'delete')[]) =>
  actions.map((action) => permissionString('/alarm/op/working', action));

const units: ConditionUnit[] = [
  {
    unitId: 1,
    unit: '常减压',
    conditionCount: 2,
    activeConditionId: 1,
    activeCondition: '正常运行',
    switchedAt: '2026-01-02T00:00:00.000Z',
    switchedBy: '王工',
  },
  {
    unitId: 2,
    unit: '催化裂化',
    conditionCount: 0,
    activeConditionId: null,
    activeCondition: null,
    switchedAt: null,
    switchedBy: null,
  },
];

const condition = (id: number, name: string, active: boolean): ConditionSummary => ({
  id,
  unitId: 1,
  unit: '常减压',
  name,
  description: `${name}时的报警设置`,
  version: 1,
  overrideCount: 2,
  active,
  openChangeRequestId: null,
  createdBy: 'engineer',
  updatedBy: 'engineer',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const switches: ConditionSwitch[] = [
  {
    id: 1,
    unitId: 1,
    unit: '常减压',
    conditionId: 1,
    condition: '正常运行',
    previousCondition: '开车',
    switchedAt: '2026-01-02T00:00:00.000Z',
    switchedBy: 'engineer',
    switchedByName: '王工',
    note: '开车完成',
  },
];

function plant() {
  const conditionUnits: string[] = [];
  server.use(
    http.get('/api/alarm/op/working/units', () => HttpResponse.json(ok(units))),
    http.get('/api/alarm/op/working', ({ request }) => {
      const unitId = new URL(request.url).searchParams.get('unitId') ?? '';
      conditionUnits.push(unitId);
      return HttpResponse.json(
        page(unitId === '1' ? [condition(1, '正常运行', true), condition(2, '停车', false)] : []),
      );
    }),
    http.get('/api/alarm/op/working/switches', ({ request }) =>
      HttpResponse.json(page(new URL(request.url).searchParams.get('unitId') === '1' ? switches : [])),
    ),
  );
  return conditionUnits;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('多工况管理 page', { timeout: 30_000 }, () => {
  it('shows a unit’s conditions with the active one, its switch history, and no actions to a viewer', async () => {
    plant();
    renderWithPermissions(<ConditionsPage />, can('view'));
    const active = await rowOf('正常运行时的报警设置');
    expect(active).toHaveTextContent('当前工况');
    const history = await screen.findByRole('table', { name: '切换记录' });
    expect(await within(history).findByText('开车完成')).toBeInTheDocument();
    expect(within(history).getByRole('row', { name: /开车完成/ })).toHaveTextContent('王工');
    expect(screen.queryByRole('button', { name: '新建工况' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '切换到此工况' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
  });

  it('switches to another condition with a note and reloads, and opens the form to create or edit', async () => {
    plant();
    let sent: unknown;
    server.use(
      http.post('/api/alarm/op/working/switch', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(ok({ ...switches[0], id: 2, condition: '停车' }));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<ConditionsPage />, can('view', 'create', 'edit', 'delete'));
    const stop = await rowOf('停车时的报警设置');
    expect(within(await rowOf('正常运行时的报警设置')).queryByRole('button', { name: '切换到此工况' })).toBeNull();
    await user.click(within(stop).getByRole('button', { name: '切换到此工况' }));
    const modal = await screen.findByRole('dialog', { name: '将常减压切换到「停车」' });
    await user.type(within(modal).getByLabelText('说明'), '计划停车');
    await user.click(within(modal).getByRole('button', { name: /切\s*换/ }));
    await waitFor(() => expect(sent).toEqual({ unitId: 1, conditionId: 2, note: '计划停车' }));
    expect(await screen.findByText('常减压已切换到「停车」')).toBeInTheDocument();

    await user.click(within(stop).getByRole('button', { name: '编辑' }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/alarm/op2/working/create?id=2');
    await user.click(screen.getByRole('button', { name: '新建工况' }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/alarm/op2/working/create?unitId=1');
  });

  it('asks again for another unit and says when it has no condition', async () => {
    const asked = plant();
    const user = userEvent.setup();
    renderWithPermissions(<ConditionsPage />, can('view'));
    await rowOf('正常运行时的报警设置');
    await user.click(screen.getByRole('combobox', { name: '装置' }));
    await user.click(await screen.findByTitle('催化裂化（未设工况）'));
    expect(await screen.findByText('该装置还没有工况')).toBeInTheDocument();
    expect(await screen.findByText('还没有切换记录')).toBeInTheDocument();
    expect(asked).toEqual(['1', '2']);
  });

  it('shows a failure with retry, and the empty plant', async () => {
    server.use(
      http.get('/api/alarm/op/working/units', () => HttpResponse.json(refusal('数据库暂时不可用'), { status: 500 })),
    );
    const { unmount } = renderWithPermissions(<ConditionsPage />, can('view'));
    expect(await screen.findByText('加载装置失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
    unmount();
    server.use(http.get('/api/alarm/op/working/units', () => HttpResponse.json(ok([]))));
    renderWithPermissions(<ConditionsPage />, can('view'));
    expect(await screen.findByText(/还没有装置/)).toBeInTheDocument();
  });
});

describe('新建工况 form', { timeout: 60_000 }, () => {
  beforeEach(() => {
    server.use(
      http.get('/api/alarm/op/working/units', () => HttpResponse.json(ok(units))),
      http.get('/api/alarm/op/working/points', () => HttpResponse.json(page([point]))),
    );
  });

  it('checks in Chinese, adds a point’s overrides and submits the proposal, linking to the request', async () => {
    window.history.pushState({}, '', '/alarm/op2/working/create?unitId=1');
    let sent: unknown;
    server.use(
      http.post('/api/alarm/op/working', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(ok({ ...change, id: 14, businessType: 'operatingCondition' }));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<ConditionCreatePage />, can('view', 'create'));
    await user.click(await screen.findByRole('button', { name: '提交审批' }));
    expect(await screen.findByText('请输入工况名称')).toBeInTheDocument();
    expect(screen.getByText('请填写变更原因')).toBeInTheDocument();

    await user.type(screen.getByLabelText('工况名称'), '低负荷');
    await user.type(screen.getByLabelText('变更原因'), '冬季低负荷运行');
    await user.type(screen.getByRole('combobox', { name: '搜索报警点' }), 'FIC');
    await user.click(await screen.findByText('FIC-101 / PVHI（进料流量高）'));
    const row = within(screen.getByRole('table', { name: '工况设置' })).getByRole('row', { name: /FIC-101/ });
    await user.click(screen.getByRole('button', { name: '提交审批' }));
    expect(await screen.findByText('第 1 行：至少设置一项（启用、限值、优先级、死区或延时）')).toBeInTheDocument();

    const limit = within(row).getByRole('spinbutton', { name: 'FIC-101 / PVHI 报警限值' });
    expect(limit).toHaveAttribute('placeholder', '基准 80');
    expect(within(row).getByText('基准 二级（高）')).toBeInTheDocument();
    await user.type(limit, '60');
    await user.click(screen.getByRole('button', { name: '提交审批' }));
    await waitFor(() =>
      expect(sent).toEqual({
        reason: '冬季低负荷运行',
        riskLevel: 'low',
        unitId: 1,
        name: '低负荷',
        description: '',
        overrides: [
          {
            pointId: 7,
            enabled: null,
            limitValue: 60,
            priority: null,
            deadband: null,
            onDelaySeconds: null,
            offDelaySeconds: null,
          },
        ],
        submit: true,
      }),
    );
    expect(await screen.findByText('工况变更已提交审批（变更单 #14）')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '查看变更单 #14' }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/alarm/op/update?open=14');
  });

  it('saves a draft, then saves it again as that change request, never as a second proposal', async () => {
    window.history.pushState({}, '', '/alarm/op2/working/create?unitId=1');
    const calls: string[] = [];
    let again: unknown;
    const draft = { ...change, id: 15, status: 'draft' as const, businessType: 'operatingCondition' as const };
    server.use(
      http.post('/api/alarm/op/working', () => {
        calls.push('POST /api/alarm/op/working');
        return HttpResponse.json(ok(draft));
      }),
      http.put('/api/alarm/op/update/:id', async ({ request, params }) => {
        calls.push(`PUT /api/alarm/op/update/${params.id}`);
        again = await request.json();
        return HttpResponse.json(ok(draft));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<ConditionCreatePage />, [
      ...can('view', 'create'),
      permissionString('/alarm/op/update', 'edit'),
    ]);
    await user.type(await screen.findByLabelText('工况名称'), '低负荷');
    await user.type(screen.getByLabelText('变更原因'), '冬季低负荷运行');
    await user.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('已保存为草稿（变更单 #15）')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '继续编辑' }));
    await user.type(screen.getByLabelText('工况说明'), '负荷低于六成');
    await user.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('已保存为草稿（变更单 #15）')).toBeInTheDocument();
    expect(calls).toEqual(['POST /api/alarm/op/working', 'PUT /api/alarm/op/update/15']);
    expect(again).toMatchObject({
      businessType: 'operatingCondition',
      condition: { unitId: 1, conditionId: null, name: '低负荷', description: '负荷低于六成' },
      submit: false,
    });
  });

  it('offers no second save of the draft to a user who may not edit change requests', async () => {
    window.history.pushState({}, '', '/alarm/op2/working/create?unitId=1');
    const draft = { ...change, id: 16, status: 'draft' as const, businessType: 'operatingCondition' as const };
    server.use(http.post('/api/alarm/op/working', () => HttpResponse.json(ok(draft))));
    const user = userEvent.setup();
    renderWithPermissions(<ConditionCreatePage />, can('view', 'create'));
    await user.type(await screen.findByLabelText('工况名称'), '低负荷');
    await user.type(screen.getByLabelText('变更原因'), '冬季低负荷运行');
    await user.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('已保存为草稿（变更单 #16）')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '查看变更单 #16' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '继续编辑' })).not.toBeInTheDocument();
  });

  it('edits a condition: loads its overrides and keeps them when the server refuses', async () => {
    window.history.pushState({}, '', '/alarm/op2/working/create?id=2');
    const detail: ConditionDetail = {
      ...condition(2, '停车', false),
      overrides: [
        {
          pointId: 7,
          tag: 'FIC-101',
          condition: 'PVHI',
          description: '进料流量高',
          base: pointSettings,
          enabled: false,
          limitValue: null,
          priority: null,
          deadband: null,
          onDelaySeconds: null,
          offDelaySeconds: null,
        },
      ],
    };
    server.use(
      http.get('/api/alarm/op/working/2', () => HttpResponse.json(ok(detail))),
      http.put('/api/alarm/op/working/2', () =>
        HttpResponse.json(refusal('工况「停车」已有进行中的变更单 #9'), { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderWithPermissions(<ConditionCreatePage />, can('view', 'edit'));
    expect(await screen.findByDisplayValue('停车')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '工况设置' });
    expect(within(table).getByRole('row', { name: /FIC-101/ })).toHaveTextContent('抑制');
    await user.type(screen.getByLabelText('变更原因'), '停车时屏蔽进料报警');
    await user.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('保存失败：工况「停车」已有进行中的变更单 #9')).toBeInTheDocument();
    expect(screen.getByLabelText('变更原因')).toHaveValue('停车时屏蔽进料报警');
    expect(within(table).getByRole('row', { name: /FIC-101/ })).toBeInTheDocument();
  });
});

describe('报警点详情 工况设置', { timeout: 30_000 }, () => {
  it('shows the point’s setting under each condition of its unit, overrides marked', async () => {
    const detail: AlarmPointDetail = {
      point: {
        ...pointSettings,
        id: point.id,
        tag: point.tag,
        condition: point.condition,
        description: point.description,
        unitId: point.unitId,
        unit: point.unit,
        equipmentId: 5,
        equipment: point.equipment,
        consoleId: 1,
        console: '一号台',
        systemType: 'DCS',
        engineeringUnit: point.engineeringUnit,
        rangeLow: 0,
        rangeHigh: 100,
        alarmClass: '',
        cause: '',
        consequence: '',
        operatorResponse: '',
        maxResponseMinutes: null,
        rationalizationStatus: '已确认',
        confirmedBy: 'engineer',
        confirmedAt: '2026-01-01T00:00:00.000Z',
        version: point.version,
        createdBy: 'seed',
        updatedBy: 'engineer',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
      state: {
        letter: 'A',
        active: false,
        acked: true,
        shelved: false,
        suppressed: false,
        outOfService: false,
        lastEventAt: null,
      },
      events: [],
      abnormal: [],
      changes: [],
    };
    const effective: PointEffectiveSettings = {
      pointId: 7,
      base: pointSettings,
      conditions: [
        {
          conditionId: 2,
          name: '停车',
          active: true,
          override: {
            pointId: 7,
            enabled: false,
            limitValue: null,
            priority: null,
            deadband: null,
            onDelaySeconds: null,
            offDelaySeconds: null,
          },
          effective: { ...pointSettings, enabled: false },
        },
      ],
    };
    server.use(
      http.get('/api/alarm/bases/list/7', () => HttpResponse.json(ok(detail))),
      http.get('/api/alarm/bases/list/7/effective', () => HttpResponse.json(ok(effective))),
    );
    const user = userEvent.setup();
    const options = {
      units: [],
      consoles: [],
      equipment: [],
      conditions: [],
      systemTypes: [],
      priorities: priorityNames,
    };
    renderWithPermissions(<PointDrawer pointId={7} options={options} onClose={() => {}} />, [
      permissionString('/alarm/bases/list', 'view'),
    ]);
    await user.click(await screen.findByRole('tab', { name: '工况设置' }));
    const table = await screen.findByRole('table', { name: '各工况下的设置' });
    expect(within(table).getByRole('row', { name: /基准设置/ })).toHaveTextContent('启用');
    // The library's own dictionary names the priority.
    expect(within(table).getByRole('row', { name: /基准设置/ })).toHaveTextContent('二级（高）');
    const stop = within(table).getByRole('row', { name: /停车/ });
    expect(stop).toHaveTextContent('当前工况');
    expect(within(stop).getByText('停用')).toHaveClass('ant-tag');
  });
});
