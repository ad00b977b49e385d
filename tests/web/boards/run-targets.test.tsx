/** 系统运行看板 (polling, paused while hidden; stale data warning) and 优化目标设置 (defaults, overrides, validation). */

import { OPEN_ABNORMAL_LIST } from '@common/alarmLibrary';
import { defaultTargetSettings } from '@common/kpiTargets';
import { permissionString } from '@common/routes';
import type { TargetSettings } from '@contract/boards';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import SystemRunBoard, { LIVE_POLLING_MS, POLLING_MS } from '@/pages/Alarm/Op/SystemRun';
import TargetsPage from '@/pages/Alarm/Op/Targets';
import { mockApi, startAppRuntime } from '../helpers';
import { ok, renderBoard, scopes } from './fixtures';

const server = mockApi();
startAppRuntime();

const RUN = '/alarm/op/system/run';
/** The live summary with no sources and an unchanging revision. */
const quiet = http.get(`/api${RUN}/live`, () => HttpResponse.json(ok({ revision: '1', sources: [] })));
const consoleState = (name: string, silent: boolean) => ({
  console: name,
  active: 4,
  unacked: 3,
  shelved: 1,
  suppressed: 0,
  outOfService: 2,
  standing: 1,
  lastEventAt: silent ? '2025-05-01T00:00:00.000Z' : '2025-05-05T08:00:00.000Z',
  silent,
  lastHour: { annunciations: 18, avgPer10Min: 3, target: 1 },
});

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  // Browsers bubble it from the document to the window, where ahooks listens.
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

describe('系统运行看板', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('shows live state per console, warns of silent consoles, and polls only while visible', async () => {
    let calls = 0;
    server.use(
      quiet,
      http.get(`/api${RUN}/scopes`, () => HttpResponse.json(ok(scopes))),
      http.get(`/api${RUN}`, () => {
        calls++;
        return HttpResponse.json(
          ok({
            now: '2025-05-05T08:05:00.000Z',
            silenceMinutes: 60,
            warnFactor: 1.5,
            consoles: [consoleState('常减压操作台', false), consoleState('催化操作台', true)],
            openAbnormal: 9,
          }),
        );
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    renderBoard(<SystemRunBoard />, RUN, [permissionString(RUN, 'view')]);
    expect(await screen.findByText(/数据中断：催化操作台 已超过 60 分钟没有报警事件/)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: '活动报警' })).getByText('8')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: '停用报警' })).getByText('4')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /常减压操作台/ });
    expect(row).toHaveTextContent('3.00（目标 ≤ 1） 超标');
    expect(row).toHaveTextContent('正常');
    expect(screen.getByRole('row', { name: /催化操作台/ })).toHaveTextContent('数据中断');
    expect(within(screen.getByRole('group', { name: '未处置异常报警' })).getByText('9')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看异常报警列表' })).toHaveAttribute('href', OPEN_ABNORMAL_LIST);
    expect(calls).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(POLLING_MS));
    await waitFor(() => expect(calls).toBe(2));

    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(POLLING_MS * 3));
    expect(calls).toBe(2);
    setVisibility('visible');
    await waitFor(() => expect(calls).toBe(3));
  });

  it('says what to do before any console has data, and offers retry when loading fails', async () => {
    server.use(
      quiet,
      http.get(`/api${RUN}/scopes`, () => HttpResponse.json(ok(scopes))),
      http.get(`/api${RUN}`, () =>
        HttpResponse.json(
          ok({ now: '2025-05-05T08:05:00.000Z', silenceMinutes: 60, warnFactor: 1.5, consoles: [], openAbnormal: 0 }),
        ),
      ),
    );
    const { unmount } = renderBoard(<SystemRunBoard />, RUN, [
      permissionString(RUN, 'view'),
      permissionString('/alarm/mock', 'view'),
    ]);
    expect(await screen.findByText('还没有操作台的报警数据')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '导入报警记录' })).toBeInTheDocument();
    unmount();

    server.use(
      http.get(`/api${RUN}`, () =>
        HttpResponse.json({ code: 500, msg: '服务器内部错误，请稍后重试', data: null }, { status: 500 }),
      ),
    );
    renderBoard(<SystemRunBoard />, RUN, [permissionString(RUN, 'view')]);
    expect(await screen.findByText('加载看板数据失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});

describe('系统运行看板, live', { timeout: 30_000 }, () => {
  it('asks again as soon as events arrive, and shows each collection source state', async () => {
    let revision = 1;
    let calls = 0;
    server.use(
      http.get(`/api${RUN}/live`, () =>
        HttpResponse.json(
          ok({
            revision: String(revision),
            sources: [
              {
                id: 1,
                name: '一号投放目录',
                kind: 'folder',
                status: { state: 'connected', lastEventAt: null, eventsToday: 0, lastError: null },
              },
              {
                id: 2,
                name: '二号投放目录',
                kind: 'folder',
                status: { state: 'error', lastEventAt: null, eventsToday: 0, lastError: '文件夹不存在' },
              },
            ],
          }),
        ),
      ),
      http.get(`/api${RUN}/scopes`, () => HttpResponse.json(ok(scopes))),
      http.get(`/api${RUN}`, () => {
        calls++;
        return HttpResponse.json(
          ok({
            now: '2025-05-05T08:05:00.000Z',
            silenceMinutes: 60,
            warnFactor: 1.5,
            consoles: [consoleState('常减压操作台', false)],
            openAbnormal: calls,
          }),
        );
      }),
    );
    renderBoard(<SystemRunBoard />, RUN, [permissionString(RUN, 'view')]);
    const freshness = await screen.findByLabelText('数据采集状态');
    expect(freshness).toHaveTextContent('一号投放目录 已连接');
    expect(freshness).toHaveTextContent('二号投放目录 错误');
    expect(within(screen.getByRole('group', { name: '未处置异常报警' })).getByText('1')).toBeInTheDocument();

    revision = 2;
    await waitFor(() => expect(calls).toBe(2), { timeout: LIVE_POLLING_MS * 3 });
    expect(await within(screen.getByRole('group', { name: '未处置异常报警' })).findByText('2')).toBeInTheDocument();
  });
});

describe('优化目标设置', { timeout: 30_000 }, () => {
  const VIEW = permissionString('/alarm/op/config', 'view');
  const EDIT = permissionString('/alarm/base/config', 'edit');

  function serve(settings: TargetSettings = defaultTargetSettings()) {
    const saved: TargetSettings[] = [];
    server.use(
      http.get('/api/alarm/op/config', () =>
        HttpResponse.json(ok({ settings, defaults: defaultTargetSettings(), options: scopes })),
      ),
      http.put('/api/alarm/op/config', async ({ request }) => {
        const body = (await request.json()) as TargetSettings;
        saved.push(body);
        return HttpResponse.json(ok({ settings: body, defaults: defaultTargetSettings(), options: scopes }));
      }),
    );
    return saved;
  }

  it('shows the plant defaults of docs/domain.md and saves a changed target with the overrides', async () => {
    const saved = serve({ ...defaultTargetSettings(), consoles: { 催化操作台: { peak10Min: 20 } } });
    renderBoard(<TargetsPage />, '/alarm/op/config', [VIEW, EDIT]);
    const average = await screen.findByLabelText('平均报警率（≤）');
    expect(average).toHaveValue('1.00');
    expect(screen.getByLabelText('前十报警占比（≤）')).toHaveValue('5.00');
    expect(screen.getByText('催化操作台')).toBeInTheDocument();
    await userEvent.clear(average);
    await userEvent.type(average, '2');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].plant.avgPer10Min).toBe(2);
    expect(saved[0].consoles).toEqual({ 催化操作台: { peak10Min: 20 } });
    expect(saved[0].units).toEqual({});
  });

  it('refuses an override without a scope', async () => {
    const saved = serve({
      ...defaultTargetSettings(),
      units: { 常减压装置: { avgPer10Min: 2 } },
    });
    renderBoard(<TargetsPage />, '/alarm/op/config', [VIEW, EDIT]);
    await screen.findByLabelText('平均报警率（≤）');
    await userEvent.click(screen.getByRole('button', { name: /添加装置或操作台目标/ }));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请选择装置或操作台')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('is read-only without the KPI settings edit right', async () => {
    serve();
    renderBoard(<TargetsPage />, '/alarm/op/config', [VIEW]);
    expect(await screen.findByText('全厂默认目标')).toBeInTheDocument();
    // Each bounded setting says its default and range under its box.
    expect(screen.getByText(/^默认 [\d.]+，范围 1–10$/)).toBeInTheDocument();
    expect(screen.getByText(/^默认 \d+，范围 1–10080$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /添加装置或操作台目标/ })).not.toBeInTheDocument();
  });

  it('shows an error state with retry', async () => {
    server.use(
      http.get('/api/alarm/op/config', () =>
        HttpResponse.json({ code: 500, msg: '服务器内部错误，请稍后重试', data: null }, { status: 500 }),
      ),
    );
    renderBoard(<TargetsPage />, '/alarm/op/config', [VIEW]);
    expect(await screen.findByText('加载目标失败')).toBeInTheDocument();
  });
});
