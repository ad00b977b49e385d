/** 报警列表 and 异常报警列表 pages: data, filters, sorting, drawer, edit form, actions by permission, import. */

import { OPEN_ABNORMAL_LIST, STALE_POINT_MESSAGE } from '@common/alarmLibrary';
import { permissionString } from '@common/routes';
import type { AbnormalRecord, LibraryOptions, ListedPoint, PointDetail } from '@contract/library';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import AbnormalListPage from '@/pages/Alarm/Library/Abnormal';
import AlarmLibraryPage from '@/pages/Alarm/Library/List';
import { preloadFirstViewData } from '@/services/firstView';
import { setToken, storePermissions } from '@/utils/session';
import { mockApi, startAppRuntime } from './helpers';
import { change } from './moc-fixtures';
import { ok, renderWithPermissions } from './render';

const server = mockApi();
startAppRuntime();
// A ProTable of twelve columns takes more than the default second to render on a busy machine.

const can = (...actions: ('view' | 'edit' | 'remove' | 'handle' | 'confirm')[]) =>
  actions.map((action) => permissionString('/alarm/bases/list', action));

const options: LibraryOptions = {
  units: [{ id: 1, name: '常减压' }],
  consoles: [{ id: 1, name: '一号台' }],
  equipment: [{ id: 5, name: 'P-101', unitId: 1 }],
  conditions: [{ code: 'PVHI', name: '高报', color: '#fa8c16' }],
  systemTypes: [{ code: 'DCS', name: '集散控制系统' }],
  priorities: [
    { code: 'urgent', name: '紧急', color: '#cf1322' },
    { code: 'high', name: '高', color: '#fa541c' },
    { code: 'medium', name: '中', color: '#faad14' },
    { code: 'low', name: '低', color: '#1677ff' },
  ],
};

const point: ListedPoint = {
  id: 7,
  tag: 'FIC-101',
  condition: 'PVHI',
  description: '进料流量高',
  unitId: 1,
  unit: '常减压',
  equipmentId: 5,
  equipment: 'P-101',
  consoleId: 1,
  console: '一号台',
  systemType: 'DCS',
  limitValue: 80,
  engineeringUnit: 't/h',
  rangeLow: 0,
  rangeHigh: 100,
  deadband: 1,
  onDelaySeconds: 3,
  offDelaySeconds: 3,
  priority: 'high',
  alarmClass: '一般',
  cause: '进料阀故障',
  consequence: '塔压升高',
  operatorResponse: '关小进料阀',
  maxResponseMinutes: 5,
  enabled: true,
  rationalizationStatus: '待确认',
  confirmedBy: null,
  confirmedAt: null,
  version: 3,
  createdBy: 'seed',
  updatedBy: 'engineer',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  state: 'B',
  suggestedPriority: 'medium',
  openAbnormal: ['chattering'],
};

// The point as the detail answers it: the library row without the list's state and open kinds.
const { state: _state, openAbnormal: _openAbnormal, suggestedPriority: _suggested, ...pointRow } = point;

const detail: PointDetail = {
  point: pointRow,
  state: {
    letter: 'B',
    active: true,
    acked: false,
    shelved: false,
    suppressed: false,
    outOfService: false,
    lastEventAt: '2026-01-05T08:00:00.000Z',
  },
  events: [
    {
      time: '2026-01-05T08:00:00.000Z',
      event: 'ALM',
      priority: 'high',
      console: '一号台',
      value: '81.5',
      description: null,
    },
  ],
  abnormal: [],
  changes: [
    {
      id: 1,
      changedAt: '2026-01-02T00:00:00.000Z',
      changedBy: 'engineer',
      field: 'limitValue',
      before: '75',
      after: '80',
      source: 'library',
      changeRequestId: null,
    },
    {
      id: 2,
      changedAt: '2026-01-01T00:00:00.000Z',
      changedBy: 'zhang',
      field: 'enabled',
      before: 'false',
      after: 'true',
      source: 'moc',
      changeRequestId: 12,
    },
  ],
};

/** Answers the library's calls with `rows` (of `total` points in all) and records the list's queries. */
function libraryApi(rows: ListedPoint[] = [point], total = rows.length) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/alarm/bases/list/options', () => HttpResponse.json(ok(options))),
    http.get('/api/alarm/bases/list/:id', () => HttpResponse.json(ok(detail))),
    http.get('/api/alarm/bases/list', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(ok({ list: rows, total, current: 1, pageSize: 20 }));
    }),
  );
  return queries;
}

const submit = /确\s*定/;

/**
 * ProTable's empty placeholder. It is drawn while loading too and drawn anew once the answer arrives, so it
 * is looked up and checked in one go (an element found earlier may already be detached).
 */
const emptyState = () => screen.getByText('暂无数据', { selector: '.ant-empty-description' });

describe('报警列表 page', { timeout: 30_000 }, () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('lists points with their state, priority and open abnormal kinds', async () => {
    const queries = libraryApi();
    renderWithPermissions(<AlarmLibraryPage />, can('view'));
    expect(await screen.findByText('进料流量高')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /FIC-101/ });
    expect(within(row).getByText('B 未确认报警')).toBeInTheDocument();
    expect(within(row).getByText('高')).toBeInTheDocument();
    expect(within(row).getByText('颤振报警')).toBeInTheDocument();
    // Its priority (高) differs from the priority matrix's suggestion (中): the priority cell says so.
    expect(within(row).getByRole('img', { name: '矩阵建议：中' })).toBeInTheDocument();
    expect(queries[0]?.get('pageSize')).toBe('20');
  });

  it('shows only viewing and export to a viewer', async () => {
    libraryApi();
    renderWithPermissions(<AlarmLibraryPage />, can('view'));
    const row = await screen.findByRole('row', { name: /FIC-101/ });
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
    expect(within(row).getByText('详情')).toBeInTheDocument();
    for (const action of ['编辑', '确认', '处置', '删除']) {
      expect(within(row).queryByText(action)).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /导\s*入/ })).not.toBeInTheDocument();
  });

  it('shows each action to its holder', async () => {
    libraryApi();
    renderWithPermissions(<AlarmLibraryPage />, can('view', 'edit', 'remove', 'handle', 'confirm'));
    const row = await screen.findByRole('row', { name: /FIC-101/ });
    for (const action of ['编辑', '确认', '处置', '删除']) expect(within(row).getByText(action)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导\s*入/ })).toBeInTheDocument();
  });

  it('sends the search form and a column sort to the server', async () => {
    const queries = libraryApi();
    const user = userEvent.setup();
    renderWithPermissions(<AlarmLibraryPage />, can('view'));
    await screen.findByText('进料流量高');
    await user.type(screen.getByLabelText('位号'), 'FIC');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(queries.at(-1)?.get('tag')).toBe('FIC'));
    await user.click(screen.getByRole('columnheader', { name: /^优先级/ }));
    await waitFor(() => expect(queries.at(-1)?.get('sortField')).toBe('priority'));
    expect(queries.at(-1)?.get('sortOrder')).toBe('ascend');
    expect(queries.at(-1)?.get('tag')).toBe('FIC');
  });

  it('sends the rationalization filters of the search form', async () => {
    const queries = libraryApi();
    const user = userEvent.setup();
    renderWithPermissions(<AlarmLibraryPage />, can('view'));
    await screen.findByText('进料流量高');
    await user.click(screen.getByLabelText('优先级不一致'));
    await user.click(await screen.findByTitle('是'));
    // Each newly opened list of options is the last one in the document.
    await user.click(screen.getByLabelText('未合理化'));
    await user.click((await screen.findAllByTitle('是')).at(-1) as HTMLElement);
    await user.click(screen.getByLabelText('缺少处置措施'));
    await user.click((await screen.findAllByTitle('是')).at(-1) as HTMLElement);
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(queries.at(-1)?.get('priorityMismatch')).toBe('1'));
    expect(queries.at(-1)?.get('rationalized')).toBe('0');
    expect(queries.at(-1)?.get('missingResponse')).toBe('1');
  });

  it('filters on the mismatching points 报警总览 links to', async () => {
    window.history.replaceState(null, '', '/alarm/bases/list?priorityMismatch=1');
    const queries = libraryApi();
    renderWithPermissions(<AlarmLibraryPage />, can('view'));
    await screen.findByText('进料流量高');
    expect(queries[0]?.get('priorityMismatch')).toBe('1');
    expect(screen.getByTitle('是')).toBeInTheDocument();
  });

  it('opens 报警响应手册 of the console the list is filtered on', async () => {
    const queries = libraryApi();
    const user = userEvent.setup();
    renderWithPermissions(<AlarmLibraryPage />, can('view'));
    await screen.findByText('进料流量高');
    await user.click(screen.getByLabelText('操作台'));
    await user.click(await screen.findByTitle('一号台'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(queries.at(-1)?.get('consoleId')).toBe('1'));
    await user.click(screen.getByRole('button', { name: /报警响应手册/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/alarm/bases/list/manual'));
    expect(new URLSearchParams(window.location.search).get('console')).toBe('一号台');
  });

  it('drafts one change request from the chosen mismatching rows and opens it in 发起变更', async () => {
    libraryApi();
    const drafts: unknown[] = [];
    server.use(
      http.post('/api/alarm/op/update/from-suggestions', async ({ request }) => {
        drafts.push(await request.json());
        return HttpResponse.json(
          ok({ change: { ...change, status: 'draft' }, skipped: { noSuggestion: 0, noAlarm: 1, matching: 0 } }),
        );
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<AlarmLibraryPage />, [...can('view'), permissionString('/alarm/op/update', 'create')]);
    await screen.findByText('进料流量高');
    // Rows are chosen in the mismatch view only.
    expect(screen.queryByRole('checkbox', { name: /FIC-101|选择/ })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('优先级不一致'));
    await user.click(await screen.findByTitle('是'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    const row = await screen.findByRole('row', { name: /FIC-101/ });
    await user.click(await within(row).findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '按建议优先级起草变更' }));
    expect(await screen.findByText('为所选 1 个报警点起草一个变更申请，把优先级改为矩阵建议？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: submit }));
    await waitFor(() => expect(drafts).toEqual([{ pointIds: [point.id] }]));
    expect(await screen.findByText('已起草变更单 #12（1 项），跳过 1 个无需调整或无建议的报警点')).toBeInTheDocument();
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/alarm/op3/update?id=12'));
  });

  it('drafts from the current filter when no row is chosen, and offers it only to holders of 变更管理 create', async () => {
    libraryApi();
    const drafts: unknown[] = [];
    server.use(
      http.post('/api/alarm/op/update/from-suggestions', async ({ request }) => {
        drafts.push(await request.json());
        return HttpResponse.json(ok({ change, skipped: { noSuggestion: 0, noAlarm: 0, matching: 0 } }));
      }),
    );
    const user = userEvent.setup();
    const { unmount } = renderWithPermissions(<AlarmLibraryPage />, can('view', 'edit'));
    await screen.findByText('进料流量高');
    expect(screen.queryByRole('button', { name: '按建议优先级起草变更' })).not.toBeInTheDocument();
    unmount();
    renderWithPermissions(<AlarmLibraryPage />, [...can('view'), permissionString('/alarm/op/update', 'create')]);
    await screen.findByText('进料流量高');
    await user.type(screen.getByLabelText('位号'), 'FIC');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await user.click(screen.getByRole('button', { name: '按建议优先级起草变更' }));
    await user.click(await screen.findByRole('button', { name: submit }));
    await waitFor(() => expect(drafts).toEqual([{ filters: { tag: 'FIC', priorityMismatch: 1 } }]));
  });

  it('asks for the page chosen, and 重置 goes back to the address’s filters on the first page', async () => {
    window.history.replaceState(null, '', '/alarm/bases/list?tag=FIC');
    const queries = libraryApi([point], 45);
    // Tags starting TI match no point of the fixture.
    server.use(
      http.get('/api/alarm/bases/list', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const rows = query.get('tag') === 'TI' ? [] : [point];
        return HttpResponse.json(ok({ list: rows, total: rows.length ? 45 : 0, current: 1, pageSize: 20 }));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<AlarmLibraryPage />, can('view'));
    await screen.findByText('进料流量高');
    expect(queries.at(-1)?.get('tag')).toBe('FIC');
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(queries.at(-1)?.get('current')).toBe('2'));
    expect(queries.at(-1)?.get('tag')).toBe('FIC');
    await user.clear(screen.getByLabelText('位号'));
    await user.type(screen.getByLabelText('位号'), 'TI');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(queries.at(-1)?.get('tag')).toBe('TI'));
    expect(queries.at(-1)?.get('current')).toBe('1');
    // The points of TI (the page shown before reset holds them).
    await waitFor(() => expect(screen.queryByText('进料流量高')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    // Back to the address's first page: its rows again, from SWR's cache or asked anew.
    expect(await screen.findByText('进料流量高')).toBeInTheDocument();
    expect(screen.getByLabelText('位号')).toHaveValue('FIC');
    expect(screen.getByRole('listitem', { name: '1' })).toHaveClass('ant-pagination-item-active');
  });

  it('takes its options and first page sent at start-up instead of asking again', async () => {
    window.history.replaceState(null, '', '/alarm/bases/list?tag=FIC-101');
    const queries = libraryApi();
    const asked: string[] = [];
    const count = ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', count);
    setToken('t');
    storePermissions(can('view'));
    preloadFirstViewData(window.location);
    await waitFor(() => expect(asked).toHaveLength(2));
    renderWithPermissions(<AlarmLibraryPage />, can('view'));
    expect(await screen.findByText('进料流量高')).toBeInTheDocument();
    server.events.removeListener('request:start', count);
    expect(asked.sort()).toEqual(['/api/alarm/bases/list', '/api/alarm/bases/list/options']);
    expect(queries).toHaveLength(1);
    expect(queries[0]?.get('tag')).toBe('FIC-101');
    expect(queries[0]?.get('pageSize')).toBe('20');
  });

  it('sends nothing at start-up for a user without the library’s view right', async () => {
    const queries = libraryApi();
    setToken('t');
    storePermissions([permissionString('/alarm/board/over', 'view')]);
    preloadFirstViewData({ pathname: '/alarm/bases/list', search: '' });
    // The page's own request is then the first to reach the server.
    renderWithPermissions(<AlarmLibraryPage />, can('view'));
    expect(await screen.findByText('进料流量高')).toBeInTheDocument();
    expect(queries).toHaveLength(1);
  });

  it('shows the empty state when the library holds no point', async () => {
    libraryApi([]);
    renderWithPermissions(<AlarmLibraryPage />, can('view'));
    await waitFor(() => expect(emptyState()).toBeInTheDocument());
  });

  it('shows the server’s message and an empty table when the list fails', async () => {
    libraryApi();
    server.use(
      http.get('/api/alarm/bases/list', () =>
        HttpResponse.json({ code: 500, msg: '服务器内部错误，请稍后重试', data: null }, { status: 500 }),
      ),
    );
    renderWithPermissions(<AlarmLibraryPage />, can('view'));
    expect(await screen.findByText('服务器内部错误，请稍后重试')).toBeInTheDocument();
    await waitFor(() => expect(emptyState()).toBeInTheDocument());
  });

  it('opens the point named in the address, with its state, events and audit trail', async () => {
    window.history.replaceState(null, '', '/alarm/bases/list?tag=FIC-101&open=7');
    const queries = libraryApi();
    const user = userEvent.setup();
    renderWithPermissions(<AlarmLibraryPage />, can('view'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('报警点 FIC-101 / PVHI')).toBeInTheDocument();
    await waitFor(() => expect(queries[0]?.get('tag')).toBe('FIC-101'));
    expect(within(drawer).getByText('80 t/h')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('tab', { name: '状态与事件' }));
    expect(await within(drawer).findByText('81.5')).toBeInTheDocument();
    expect(within(drawer).getAllByText('B 未确认报警').length).toBeGreaterThan(0);

    await user.click(within(drawer).getByRole('tab', { name: '变更记录' }));
    const trail = await within(drawer).findByRole('table', { name: '变更记录' });
    expect(within(trail).getByText('报警限值')).toBeInTheDocument();
    expect(within(trail).getByText('75 → 80')).toBeInTheDocument();
    expect(within(trail).getByText('报警库直接修改（未走变更）')).toBeInTheDocument();
    expect(within(trail).getByText('否 → 是')).toBeInTheDocument();
    expect(within(trail).getByText('变更单 #12')).toBeInTheDocument();
  });

  it('validates the edit form in Chinese and sends the loaded version', async () => {
    libraryApi();
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.put('/api/alarm/bases/list/7', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(ok({ ...pointRow, ...sent, version: 4 }));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<AlarmLibraryPage />, can('view', 'edit'));
    const row = await screen.findByRole('row', { name: /FIC-101/ });
    await user.click(within(row).getByText('编辑'));
    const form = await screen.findByRole('dialog');
    const deadband = within(form).getByLabelText('死区');
    await user.clear(deadband);
    await user.type(deadband, '-1');
    const rangeHigh = within(form).getByLabelText('量程上限');
    await user.clear(rangeHigh);
    await user.type(rangeHigh, '-5');
    await user.click(within(form).getByRole('button', { name: submit }));
    expect(await within(form).findByText('死区必须 ≥ 0')).toBeInTheDocument();
    expect(within(form).getAllByText('量程下限必须小于量程上限').length).toBeGreaterThan(0);
    expect(sent).toBeUndefined();

    await user.clear(deadband);
    await user.type(deadband, '0.5');
    await user.clear(rangeHigh);
    await user.type(rangeHigh, '120');
    await user.clear(within(form).getByLabelText('报警限值'));
    await user.click(within(form).getByRole('button', { name: submit }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ version: 3, deadband: 0.5, rangeHigh: 120, limitValue: null, priority: 'high' });
    expect(await screen.findByText('已保存报警点 FIC-101 / PVHI')).toBeInTheDocument();
  });

  it('keeps the form and its input when the version is stale', async () => {
    libraryApi();
    server.use(
      http.put('/api/alarm/bases/list/7', () =>
        HttpResponse.json({ code: 1, msg: STALE_POINT_MESSAGE, data: null }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderWithPermissions(<AlarmLibraryPage />, can('view', 'edit'));
    await user.click(within(await screen.findByRole('row', { name: /FIC-101/ })).getByText('编辑'));
    const form = await screen.findByRole('dialog');
    const limit = within(form).getByLabelText('报警限值');
    await user.clear(limit);
    await user.type(limit, '90');
    await user.click(within(form).getByRole('button', { name: submit }));
    expect(await screen.findByText(STALE_POINT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(form).getByLabelText('报警限值')).toHaveValue('90');
  });

  it('asks for a note before handling, then closes the point’s abnormal records', async () => {
    libraryApi();
    let note: unknown;
    server.use(
      http.post('/api/alarm/bases/list/7/handle', async ({ request }) => {
        note = ((await request.json()) as { note: string }).note;
        return HttpResponse.json(ok({ closed: 1 }));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<AlarmLibraryPage />, can('view', 'handle'));
    await user.click(within(await screen.findByRole('row', { name: /FIC-101/ })).getByText('处置'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: submit }));
    expect(await within(dialog).findByText('请填写处置说明')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('处置说明'), '已调整延时');
    await user.click(within(dialog).getByRole('button', { name: submit }));
    expect(await screen.findByText('已处置 1 条异常报警')).toBeInTheDocument();
    expect(note).toBe('已调整延时');
  });

  it('shows the import’s error report row by row', async () => {
    libraryApi();
    server.use(
      http.post('/api/alarm/bases/list/import', () =>
        HttpResponse.json(
          {
            code: 1,
            msg: '文件中有 1 处错误，未导入任何数据：请按错误报告修改后重新导入',
            data: {
              created: 0,
              updated: 0,
              unchanged: 0,
              errors: [{ row: 3, column: '报警类型', message: '报警类型「XXXX」不存在' }],
            },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithPermissions(<AlarmLibraryPage />, can('view', 'edit'));
    await user.click(await screen.findByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['位号,报警类型\nA,XXXX'], 'library.csv', { type: 'text/csv' }));
    const report = await within(dialog).findByRole('table', { name: '错误报告' });
    expect(within(report).getByText('报警类型「XXXX」不存在')).toBeInTheDocument();
    expect(within(report).getByText('3')).toBeInTheDocument();
  });
});

const record: AbnormalRecord = {
  id: 3,
  pointId: 7,
  tag: 'FIC-101',
  condition: 'PVHI',
  description: '进料流量高',
  unit: '常减压',
  console: '一号台',
  pointDeleted: false,
  kind: 'chattering',
  firstSeen: '2026-01-05T08:00:00.000Z',
  lastSeen: '2026-01-05T09:00:00.000Z',
  count: 12,
  status: '未处置',
  handledBy: null,
  handledAt: null,
  note: '',
};

/** The abnormal list links into the library: it renders inside a router. */
const abnormalPage = (
  <MemoryRouter initialEntries={['/alarm/bases/abnormal']}>
    <AbnormalListPage />
  </MemoryRouter>
);

describe('异常报警列表 page', { timeout: 30_000 }, () => {
  function abnormalApi(rows: AbnormalRecord[] = [record]) {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/alarm/bases/abnormal', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(ok({ list: rows, total: rows.length, current: 1, pageSize: 20 }));
      }),
    );
    return queries;
  }

  it('lists records linked to their point, filters by kind and hides handling without the permission', async () => {
    const queries = abnormalApi();
    const user = userEvent.setup();
    renderWithPermissions(abnormalPage, [permissionString('/alarm/bases/abnormal', 'view')]);
    const link = await screen.findByRole('link', { name: 'FIC-101' });
    expect(link).toHaveAttribute('href', '/alarm/bases/list?tag=FIC-101&open=7');
    const row = screen.getByRole('row', { name: /FIC-101/ });
    expect(within(row).getByText('颤振报警')).toBeInTheDocument();
    expect(within(row).getByText('未处置')).toBeInTheDocument();
    expect(within(row).queryByText('忽略')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();

    await user.click(screen.getByLabelText('异常类型'));
    await user.click(await screen.findByTitle('长时报警'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(queries.at(-1)?.get('kind')).toBe('standing'));
  });

  it('opens filtered by the status its address names, as the boards link to the open records', async () => {
    const queries = abnormalApi();
    renderWithPermissions(
      <MemoryRouter initialEntries={[OPEN_ABNORMAL_LIST]}>
        <AbnormalListPage />
      </MemoryRouter>,
      [permissionString('/alarm/bases/abnormal', 'view')],
    );
    await screen.findByRole('link', { name: 'FIC-101' });
    expect(queries.map((query) => query.get('status'))).toEqual(['未处置']);
  });

  it('ignores a record with a reason for holders of the library’s handle', async () => {
    abnormalApi();
    let sent: unknown;
    server.use(
      http.put('/api/alarm/bases/abnormal/3', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(ok({ ...record, status: '已忽略' }));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(abnormalPage, [permissionString('/alarm/bases/abnormal', 'view'), ...can('view', 'handle')]);
    await user.click(within(await screen.findByRole('row', { name: /FIC-101/ })).getByText('忽略'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('忽略原因'), '仪表检修期间');
    await user.click(within(dialog).getByRole('button', { name: submit }));
    expect(await screen.findByText('异常报警已标记为「已忽略」')).toBeInTheDocument();
    expect(sent).toEqual({ status: '已忽略', note: '仪表检修期间' });
  });

  it('shows the empty state', async () => {
    abnormalApi([]);
    renderWithPermissions(abnormalPage, [permissionString('/alarm/bases/abnormal', 'view')]);
    await waitFor(() => expect(emptyState()).toBeInTheDocument());
  });
});
