/** 报警性能看板, 设备报警看板, 系统改进看板, 对比优化看板: data, status colours, empty and error states, URL state. */

import { DEFAULT_KPI_TARGETS } from '@common/kpiTargets';
import { permissionString } from '@common/routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { HttpResponse, http } from 'msw';
import EquipmentBoard from '@/pages/Alarm/Board/Equipment';
import PerformanceBoard from '@/pages/Alarm/Board/Performance';
import ComparisonBoard from '@/pages/Alarm/Op/Comparison';
import ImprovementBoard from '@/pages/Alarm/Op/SystemImprove';
import { mockApi, startAppRuntime } from '../helpers';
import { address, figures, judged, ok, renderBoard, scopes } from './fixtures';

const server = mockApi();
startAppRuntime();

const view = (path: string) => permissionString(path, 'view');
const serverError = () =>
  HttpResponse.json({ code: 500, msg: '服务器内部错误，请稍后重试', data: null }, { status: 500 });

function scopesOf(path: string) {
  return http.get(`/api${path}/scopes`, () => HttpResponse.json(ok(scopes)));
}

describe('报警性能看板', { timeout: 30_000 }, () => {
  const path = '/alarm/board/performance';
  const performance = (annunciations = 360) => ({
    consoles: [
      {
        console: '常减压操作台',
        figures: figures({ annunciations, avgPer10Min: 6, peak10Min: 12 }),
        targets: DEFAULT_KPI_TARGETS,
        level: { level: 'reactive', label: '被动响应' },
      },
      {
        console: '催化操作台',
        figures: figures({
          annunciations: 0,
          avgPer10Min: 0.5,
          peak10Min: 5,
          pctPeriodsOver: 0,
          pctTimeInFlood: 0,
          top10Share: 4,
          fleetingCount: 0,
          staleCount: 0,
        }),
        targets: DEFAULT_KPI_TARGETS,
        level: { level: 'predictive', label: '可预测' },
      },
    ],
    scope: {
      figures: figures({ annunciations }),
      targets: DEFAULT_KPI_TARGETS,
      level: { level: 'stable', label: '稳定' },
    },
    warnFactor: 1.5,
    histogram: [
      { min: 0, max: 0, periods: 3 },
      { min: 1, max: 2, periods: 10 },
      { min: 101, max: null, periods: 0 },
    ],
    floods: [{ start: '2025-05-01T02:10:00.000Z', end: '2025-05-01T02:30:00.000Z', count: 19, peak: 12 }],
  });

  it('shows the ISA-18.2 table with targets and pass/fail, and the EEMUA chart with its regions', async () => {
    server.use(
      scopesOf(path),
      http.get(`/api${path}`, () => HttpResponse.json(ok(performance()))),
    );
    renderBoard(<PerformanceBoard />, path, [view(path)]);
    const table = await screen.findByRole('table', { name: 'ISA-18.2 指标' });
    const first = within(table).getByRole('row', { name: /常减压操作台/ });
    expect(first).toHaveTextContent('6.00（目标 ≤ 1）');
    expect(first).toHaveTextContent('被动响应');
    // The status colour is the tag's own (inline) colour.
    expect(within(first).getAllByText('超标')[0].style.backgroundColor).toBe('rgb(255, 77, 79)');
    expect(within(table).getByRole('row', { name: /催化操作台/ })).toHaveTextContent('8/8');
    const chart = screen.getByRole('img', { name: 'EEMUA 191 运行等级' });
    await waitFor(() => expect(chart.querySelector('svg')).not.toBeNull());
    for (const region of ['过载', '被动响应', '稳定', '稳健', '可预测']) expect(chart.textContent).toContain(region);
    expect(chart.textContent).toContain('常减压操作台');
    await waitFor(() => expect(screen.getByRole('img', { name: '10 分钟报警率分布' }).textContent).toContain('>100'));
  });

  it('offers the import when the range is empty, and retry on error', async () => {
    server.use(
      scopesOf(path),
      http.get(`/api${path}`, () => HttpResponse.json(ok(performance(0)))),
    );
    const { unmount } = renderBoard(<PerformanceBoard />, path, [view(path), view('/alarm/mock')]);
    expect(await screen.findByRole('link', { name: '导入报警记录' })).toBeInTheDocument();
    unmount();
    server.use(http.get(`/api${path}`, serverError));
    renderBoard(<PerformanceBoard />, path, [view(path)]);
    expect(await screen.findByText('加载看板数据失败')).toBeInTheDocument();
  });

  it("says a failed load in the words of the error catalogue, never the request library's", async () => {
    server.use(
      scopesOf(path),
      http.get(`/api${path}`, () => HttpResponse.error()),
    );
    renderBoard(<PerformanceBoard />, path, [view(path)]);
    expect(await screen.findByText('加载看板数据失败')).toBeInTheDocument();
    expect(screen.getByText('None response! Please retry.', { selector: '.ant-result-subtitle' })).toBeInTheDocument();
    expect(screen.queryByText('Network Error')).not.toBeInTheDocument();
  });
});

describe('设备报警看板', { timeout: 30_000 }, () => {
  const path = '/alarm/board/eq';
  it('ranks equipment, draws the heatmap and drills down to points and events', async () => {
    server.use(
      scopesOf(path),
      http.get(`/api${path}`, () =>
        HttpResponse.json(
          ok({
            equipment: [
              {
                id: 7,
                name: 'K-201',
                unit: '催化裂化装置',
                equipmentType: '压缩机',
                annunciations: 30,
                byCondition: { PVHI: 20, PVHH: 10 },
              },
            ],
            heatmap: {
              equipmentIds: [7],
              days: ['2025-04-30T16:00:00.000Z', '2025-05-01T16:00:00.000Z'],
              cells: [[12, 18]],
            },
          }),
        ),
      ),
      http.get(`/api${path}/points`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('equipmentId')).toBe('7');
        return HttpResponse.json(
          ok({
            points: [
              { tag: 'FCC-TI200', condition: 'PVHI', description: 'K-201 温度高', priority: 'low', annunciations: 20 },
            ],
            events: [
              { time: '2025-05-01T03:00:00.000Z', tag: 'FCC-TI200', condition: 'PVHI', event: 'ALM', priority: 'low' },
            ],
          }),
        );
      }),
    );
    renderBoard(<EquipmentBoard />, path, [view(path)]);
    const heatmap = await screen.findByRole('img', { name: '设备报警热力图' });
    await waitFor(() => expect(heatmap.textContent).toContain('18'));
    expect(screen.getByRole('img', { name: '设备报警排名' }).textContent).toContain('K-201');
    await userEvent.click(screen.getByRole('button', { name: '报警点与事件' }));
    expect(await screen.findByRole('cell', { name: 'K-201 温度高' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '最近事件' })).toHaveTextContent('ALM');
  });
});

describe('系统改进看板', { timeout: 30_000 }, () => {
  const path = '/alarm/op/system/improve';
  it('shows the periods against targets, abnormal found vs handled, and keeps the period in the address', async () => {
    const periods: string[] = [];
    server.use(
      scopesOf(path),
      http.get(`/api${path}`, ({ request }) => {
        periods.push(new URL(request.url).searchParams.get('period') ?? '');
        return HttpResponse.json(
          ok({
            periods: [
              {
                start: '2025-04-27T16:00:00.000Z',
                end: '2025-05-04T16:00:00.000Z',
                figures: figures({ avgPer10Min: 3 }),
                found: 5,
                handled: 1,
                outsideMoc: 2,
              },
              {
                start: '2025-05-04T16:00:00.000Z',
                end: '2025-05-11T16:00:00.000Z',
                figures: figures({ avgPer10Min: 0.8 }),
                found: 2,
                handled: 4,
                outsideMoc: 0,
              },
            ],
            appliedChanges: [
              { changeRequestId: 12, title: '调整 FIC-101 高报限值', appliedAt: '2025-05-06T02:00:00.000Z' },
            ],
            coverage: [
              { unit: '常减压装置', confirmed: [10, 30], total: [100, 120] },
              { unit: null, confirmed: [0, 1], total: [2, 2] },
            ],
            prioritySplit: { urgent: 2, high: 8, medium: 20, low: 70 },
            priorities: [
              { code: 'urgent', name: '紧急', color: '#a8071a', targetShare: 1 },
              { code: 'high', name: '高', color: '#ff4d4f', targetShare: 5 },
              { code: 'medium', name: '中', color: '#faad14', targetShare: 15 },
              { code: 'low', name: '低', color: '#1677ff', targetShare: 80 },
            ],
            ...judged,
          }),
        );
      }),
    );
    renderBoard(<ImprovementBoard />, path, [view(path)]);
    const table = await screen.findByRole('table', { name: '各期指标' });
    const second = dayjs('2025-05-04T16:00:00.000Z').format('YYYY-MM-DD');
    expect(within(table).getByRole('row', { name: new RegExp(second) })).toHaveTextContent('0.80 达标');
    // Each period's applied changes, readable where the chart had no room for a name.
    expect(within(table).getByRole('row', { name: new RegExp(second) })).toHaveTextContent(
      '变更 #12 调整 FIC-101 高报限值',
    );
    const trend = screen.getByRole('img', { name: '改进趋势' });
    await waitFor(() => expect(trend.textContent).toContain('变更 #12 调整 FIC-101 高报限值'));
    expect(screen.getByRole('img', { name: '异常报警发现与处置' }).textContent).toContain('处置');
    // Rationalization coverage per unit at the end of the range, and its trend.
    const coverage = screen.getByRole('table', { name: '各装置合理化覆盖率' });
    expect(within(coverage).getByRole('row', { name: /常减压装置/ })).toHaveTextContent('常减压装置3012025.0%');
    expect(within(coverage).getByRole('row', { name: /未指定装置/ })).toHaveTextContent('未指定装置1250.0%');
    await waitFor(() => expect(screen.getByRole('img', { name: '合理化覆盖率' }).textContent).toContain('常减压装置'));
    // The window's priority split beside the target shares.
    const split = screen.getByRole('img', { name: '优先级分布' });
    await waitFor(() => expect(split.textContent).toContain('70.0%'));
    expect(split.textContent).toContain('80.0%');
    expect(periods).toEqual(['week']);
    await userEvent.click(screen.getByText('按月'));
    await waitFor(() => expect(address()).toContain('period=month'));
    await waitFor(() => expect(periods).toContain('month'));
  });
});

describe('对比优化看板', { timeout: 30_000 }, () => {
  const path = '/alarm/op/optimize';
  it('puts every KPI side by side with its direction, and the biggest gains and regressions', async () => {
    const queries: URLSearchParams[] = [];
    const delta = (tag: string, before: number, after: number) => ({
      tag,
      condition: 'PVHI',
      description: '',
      before,
      after,
      delta: after - before,
    });
    server.use(
      scopesOf(path),
      http.get(`/api${path}`, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(
          ok({
            a: { figures: figures({ annunciations: 400 }), targets: DEFAULT_KPI_TARGETS },
            b: { figures: figures({ annunciations: 250 }), targets: DEFAULT_KPI_TARGETS },
            warnFactor: 1.5,
            kpis: [
              { kpi: 'annunciations', before: 400, after: 250, delta: -150, direction: 'better' },
              { kpi: 'peak10Min', before: 12, after: 15, delta: 3, direction: 'worse' },
            ],
            points: [delta('A1', 90, 10), delta('A2', 5, 30)],
            gains: [delta('A1', 90, 10)],
            regressions: [delta('A2', 5, 30)],
          }),
        );
      }),
    );
    renderBoard(<ComparisonBoard />, `${path}?aConsole=${encodeURIComponent('催化操作台')}`, [view(path)]);
    const table = await screen.findByRole('table', { name: '指标对比' });
    const total = within(table).getByRole('row', { name: /报警总数/ });
    expect(total).toHaveTextContent('400250-150改善');
    expect(within(total).getByText('改善')).toHaveClass('ant-tag-success');
    expect(within(within(table).getByRole('row', { name: /峰值报警率/ })).getByText('变差')).toHaveClass(
      'ant-tag-error',
    );
    const chart = screen.getByRole('img', { name: '报警点变化' });
    await waitFor(() => expect(chart.textContent).toContain('-80'));
    expect(chart.textContent).toContain('25');
    expect(queries[0].get('aConsole')).toBe('催化操作台');
    expect(queries[0].get('bConsole')).toBeNull();
  });
});

describe.each([
  { name: '设备报警看板', path: '/alarm/board/eq', Board: EquipmentBoard },
  { name: '系统改进看板', path: '/alarm/op/system/improve', Board: ImprovementBoard },
  { name: '对比优化看板', path: '/alarm/op/optimize', Board: ComparisonBoard },
])('$name when its data cannot be loaded', { timeout: 30_000 }, ({ path, Board }) => {
  it('says so and loads again on 重试', async () => {
    let calls = 0;
    server.use(
      scopesOf(path),
      http.get(`/api${path}`, () => {
        calls += 1;
        return serverError();
      }),
    );
    renderBoard(<Board />, path, [view(path)]);
    expect(await screen.findByText('加载看板数据失败')).toBeInTheDocument();
    const before = calls;
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(calls).toBeGreaterThan(before));
  });
});
