/**
 * Rationalization in the SPA: the drawer's 合理化 tab (the record, the suggestion beside the configured
 * priority, changing live with severities and time, saved with the loaded version) and the 优先级矩阵 tab of
 * 报警类型 (read, and changed through a change request by holders of its edit right).
 */
import { DEFAULT_PRIORITY_MATRIX } from '@common/priorityMatrix';
import { permissionString } from '@common/routes';
import type { LibraryOptions } from '@contract/library';
import type { MatrixChangeBody, Rationalization, StoredMatrix } from '@contract/rationalization';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import RationalizationTab from '@/pages/Alarm/Library/List/components/RationalizationTab';
import AlarmTypePage from '@/pages/Alarm/Settings/AlarmTypes';
import { mockApi, startAppRuntime } from './helpers';
import { change } from './moc-fixtures';
import { ok, renderWithPermissions } from './render';

const server = mockApi();
startAppRuntime();

const options: LibraryOptions = {
  units: [],
  consoles: [],
  equipment: [],
  conditions: [],
  systemTypes: [],
  priorities: [
    { code: 'urgent', name: '紧急', color: '#cf1322' },
    { code: 'high', name: '高', color: '#fa541c' },
    { code: 'medium', name: '中', color: '#faad14' },
    { code: 'low', name: '低', color: '#1677ff' },
  ],
};

const record: Rationalization = {
  pointId: 7,
  version: 3,
  cause: '进料阀故障',
  consequence: '塔压升高',
  severities: { people: 'none', environment: 'minor', asset: 'major' },
  maxResponseMinutes: 10,
  operatorResponse: '关小进料阀',
  verification: '',
  alarmClass: '工艺',
  notes: '',
  justification: '',
  priority: 'medium',
  suggestedPriority: 'medium',
  mismatch: false,
  missing: [],
  rationalizationStatus: '已确认',
  confirmedBy: 'engineer',
  confirmedAt: '2026-01-02T00:00:00.000Z',
  matrix: DEFAULT_PRIORITY_MATRIX,
};

const suggested = () => screen.getByTestId('suggested-priority');

describe('合理化 tab of the point drawer', { timeout: 30_000 }, () => {
  it('shows the record and the suggestion, recomputed as severity and time change, and saves it', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get('/api/alarm/bases/list/7/rationalization', () => HttpResponse.json(ok(record))),
      http.put('/api/alarm/bases/list/7/rationalization', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          ok({
            ...record,
            ...(sent as object),
            version: 4,
            suggestedPriority: 'high',
            mismatch: true,
            rationalizationStatus: '待确认',
            confirmedBy: null,
            confirmedAt: null,
          }),
        );
      }),
    );
    let saved = 0;
    const user = userEvent.setup();
    renderWithPermissions(<RationalizationTab pointId={7} options={options} canEdit onSaved={() => saved++} />, []);
    expect(await screen.findByLabelText('原因')).toHaveValue('进料阀故障');
    expect(screen.getByText('已确认')).toBeInTheDocument();
    expect(within(suggested()).getByText('中')).toBeInTheDocument();
    expect(screen.queryByText(/与矩阵建议不一致/)).not.toBeInTheDocument();

    // 10 minutes → 3 minutes: the worst severity (严重) in the band < 5 min suggests 高.
    const minutes = screen.getByLabelText('响应时间（分钟）');
    await user.clear(minutes);
    await user.type(minutes, '3');
    await waitFor(() => expect(within(suggested()).getByText('高')).toBeInTheDocument());
    expect(screen.getByText(/与矩阵建议不一致/)).toBeInTheDocument();

    // 人员安全 重大 makes the worst severity 重大: 紧急.
    await user.click(screen.getByLabelText('人员安全严重度'));
    await user.click(await screen.findByText('重大（重伤、致残或死亡）'));
    await waitFor(() => expect(within(suggested()).getByText('紧急')).toBeInTheDocument());

    // Beyond 30 minutes, no alarm whatever the severity.
    await user.clear(minutes);
    await user.type(minutes, '45');
    await waitFor(() => expect(within(suggested()).getByText('不设报警')).toBeInTheDocument());

    await user.clear(minutes);
    await user.type(minutes, '3');
    await user.type(screen.getByLabelText('差异说明'), '历史事故');
    await user.click(screen.getByRole('button', { name: '保存合理化记录' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({
      version: 3,
      cause: '进料阀故障',
      consequence: '塔压升高',
      severities: { people: 'severe', environment: 'minor', asset: 'major' },
      maxResponseMinutes: 3,
      operatorResponse: '关小进料阀',
      verification: '',
      alarmClass: '工艺',
      notes: '',
      justification: '历史事故',
    });
    expect(await screen.findByText('合理化记录已保存，报警点回到待确认')).toBeInTheDocument();
    expect(screen.getByText('待确认')).toBeInTheDocument();
    expect(saved).toBe(1);
  });

  it('shows the record read-only without the edit right, with what is missing', async () => {
    server.use(
      http.get('/api/alarm/bases/list/7/rationalization', () =>
        HttpResponse.json(
          ok({
            ...record,
            cause: '',
            maxResponseMinutes: null,
            suggestedPriority: null,
            missing: ['原因', '响应时间'],
            rationalizationStatus: '待确认',
            confirmedBy: null,
            confirmedAt: null,
          }),
        ),
      ),
    );
    renderWithPermissions(<RationalizationTab pointId={7} options={options} canEdit={false} />, []);
    expect(await screen.findByText('记录尚不完整，缺少：原因、响应时间')).toBeInTheDocument();
    expect(screen.getByLabelText('不处理的后果')).toBeDisabled();
    expect(screen.queryByRole('button', { name: '保存合理化记录' })).not.toBeInTheDocument();
    expect(within(suggested()).getByText('暂无（需填写严重度和响应时间）')).toBeInTheDocument();
  });
});

const defaultMatrix: StoredMatrix = {
  matrix: DEFAULT_PRIORITY_MATRIX,
  updatedBy: null,
  updatedAt: null,
  changeRequestId: null,
  openChanges: [],
};

const dictionaryPriorities = () =>
  HttpResponse.json(
    ok(
      options.priorities.map((priority, index) => ({
        id: index + 1,
        ...priority,
        targetShare: [1, 5, 15, 79][index],
        sortOrder: index,
      })),
    ),
  );

describe('优先级矩阵 tab of 报警类型', { timeout: 30_000 }, () => {
  it('shows the cells of the matrix and what each severity means', async () => {
    server.use(
      http.get('/api/alarm/base/type', () => HttpResponse.json(ok({ list: [], total: 0, current: 1, pageSize: 20 }))),
      http.get('/api/alarm/base/type/matrix', () => HttpResponse.json(ok(defaultMatrix))),
      http.get('/api/alarm/base/priorities', dictionaryPriorities),
    );
    const user = userEvent.setup();
    renderWithPermissions(<AlarmTypePage />, [permissionString('/alarm/base/type', 'view')]);
    await user.click(await screen.findByRole('tab', { name: '优先级矩阵' }));
    const matrix = await screen.findByRole('table', { name: '优先级矩阵' });
    const severe = await within(matrix).findByRole('row', { name: /^重大/ });
    await waitFor(() => expect(within(severe).getByText('紧急')).toBeInTheDocument());
    expect(
      within(severe)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['重大', '紧急', '高', '中', '不设报警']);
    const minor = within(matrix).getByRole('row', { name: /^轻微/ });
    expect(
      within(minor)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['轻微', '中', '低', '低', '不设报警']);
    const levels = screen.getByRole('table', { name: '后果严重度' });
    expect(within(levels).getByText('重伤、致残或死亡')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '修改矩阵' })).not.toBeInTheDocument();
  });

  it('proposes a changed matrix as a change request, refusing an incomplete one before sending', async () => {
    const proposed: MatrixChangeBody[] = [];
    server.use(
      http.get('/api/alarm/base/type', () => HttpResponse.json(ok({ list: [], total: 0, current: 1, pageSize: 20 }))),
      http.get('/api/alarm/base/type/matrix', () =>
        HttpResponse.json(
          ok({
            ...defaultMatrix,
            updatedBy: 'approver',
            updatedAt: '2026-11-20T02:00:00.000Z',
            changeRequestId: 40,
            openChanges: proposed.length ? [{ id: 41, title: '修改优先级矩阵', status: 'pending' }] : [],
          }),
        ),
      ),
      http.get('/api/alarm/base/priorities', dictionaryPriorities),
      http.post('/api/alarm/base/type/matrix', async ({ request }) => {
        const body = (await request.json()) as MatrixChangeBody;
        proposed.push(body);
        return HttpResponse.json(
          ok({
            ...change,
            id: 41,
            title: '修改优先级矩阵',
            businessType: 'priorityMatrix',
            itemCount: 1,
            items: [],
            matrix: { before: DEFAULT_PRIORITY_MATRIX, after: body.matrix },
          }),
        );
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<AlarmTypePage />, [
      permissionString('/alarm/base/type', 'view'),
      permissionString('/alarm/base/type', 'edit'),
    ]);
    await user.click(await screen.findByRole('tab', { name: '优先级矩阵' }));
    expect(await screen.findByText(/最近修改：approver · .*（变更单 #40）/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '修改矩阵' }));

    // 严重 × 5–15 分钟: 中 → 高.
    await user.click(screen.getByRole('combobox', { name: '严重 × 5–15 分钟' }));
    const choices = (await screen.findAllByTitle('高')).filter((node) => node.matches('.ant-select-item-option'));
    await user.click(choices[choices.length - 1]);
    // A band name left blank is refused before anything is sent.
    const bandName = screen.getByRole('textbox', { name: '第 2 个区间名称' });
    await user.clear(bandName);
    expect(await screen.findByText('第 2 个响应时间区间缺少名称')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: '变更原因' }), '按新的风险评估调整');
    await user.click(screen.getByRole('button', { name: '提交审批' }));
    expect(proposed).toEqual([]);
    await user.type(bandName, '5–15 分钟');
    await waitFor(() => expect(screen.queryByText('矩阵不完整')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '提交审批' }));
    await waitFor(() => expect(proposed).toHaveLength(1));
    expect(proposed[0]).toMatchObject({ reason: '按新的风险评估调整', riskLevel: 'high', submit: true });
    expect(proposed[0].matrix.cells.major['5to15']).toBe('high');
    expect(proposed[0].matrix.cells.minor).toEqual(DEFAULT_PRIORITY_MATRIX.cells.minor);
    expect(await screen.findByText('已提交审批：变更单 #41，审批通过后生效')).toBeInTheDocument();
    expect(await screen.findByText('变更单 #41 修改优先级矩阵（审批中）')).toBeInTheDocument();
  });
});
