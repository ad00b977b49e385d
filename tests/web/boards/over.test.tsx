/** 报警总览: cards with targets and status colours, charts, empty and error states, URL state. */

import { permissionString } from '@common/routes';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { HttpResponse, http } from 'msw';
import OverviewBoard from '@/pages/Alarm/Board/Over';
import { preloadFirstView } from '@/services/boards';
import { preloadFirstViewData } from '@/services/firstView';
import { setToken, storePermissions, storePlantTimeZone } from '@/utils/session';
import { mockApi, objectUrls, startAppRuntime } from '../helpers';
import { address, judged, ok, renderBoard, scopes, summary } from './fixtures';

const server = mockApi();
const pictures = objectUrls();
// Tests that hold the clock on one minute give it back even when they fail (SWR's cache is emptied after
// every test by tests/setup-dom.ts).
afterEach(() => {
  vi.useRealTimers();
});
startAppRuntime();

const view = permissionString('/alarm/board/over', 'view');
const mock = permissionString('/alarm/mock', 'view');
const priorities = [
  { code: 'urgent', name: '紧急', color: '#a8071a', targetShare: 1 },
  { code: 'high', name: '高', color: '#ff4d4f', targetShare: 5 },
  { code: 'medium', name: '中', color: '#faad14', targetShare: 15 },
  { code: 'low', name: '低', color: '#1677ff', targetShare: 80 },
];

const series = [3, 12, 7].map((n, k) => ({
  start: new Date(Date.UTC(2025, 4, 1, 0, k * 10)).toISOString(),
  end: new Date(Date.UTC(2025, 4, 1, 0, k * 10 + 10)).toISOString(),
  annunciations: n,
  urgent: 0,
  high: 0,
  medium: 0,
  low: n,
}));
const ranking = [{ id: 1, name: '常减压装置', annunciations: 360 }];
const TREND_PICTURE = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="320"><text>12</text></svg>';

/** The overview's answer around a summary. */
const overview = (data = summary()) =>
  ok({ summary: data, ...judged, openAbnormal: 7, overloadThreshold: 10, priorities, priorityMismatches: 3 });

function serve(data = summary()) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/alarm/board/over/scopes', () => HttpResponse.json(ok(scopes))),
    http.get('/api/alarm/board/over', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(overview(data));
    }),
    http.get('/api/kpi/series', () => HttpResponse.json(ok(series))),
    http.get('/api/kpi/series/picture', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return new HttpResponse(TREND_PICTURE, { headers: { 'content-type': 'image/svg+xml' } });
    }),
    http.get('/api/kpi/ranking', () => HttpResponse.json(ok(ranking))),
  );
  return queries;
}

const serverError = () =>
  HttpResponse.json({ code: 500, msg: '服务器内部错误，请稍后重试', data: null }, { status: 500 });
const exportButton = () => screen.getByRole('button', { name: /导\s*出/ });

describe('报警总览', { timeout: 30_000 }, () => {
  it('shows every KPI card with its target, coloured by status, and draws the charts', async () => {
    serve();
    renderBoard(<OverviewBoard />, '/alarm/board/over', [view]);
    const average = await screen.findByRole('group', { name: '平均报警率' });
    expect(average).toHaveTextContent('2.50次/10分钟');
    expect(within(average).getByText('目标 ≤ 1 次/10分钟')).toBeInTheDocument();
    expect(within(average).getByText('超标').style.backgroundColor).toBe('rgb(255, 77, 79)');
    const peak = screen.getByRole('group', { name: '峰值报警率' });
    expect(within(peak).getByText('预警').style.backgroundColor).toBe('rgb(250, 173, 20)');
    expect(within(screen.getByRole('group', { name: '过载时段占比' })).getByText('达标')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: '未处置异常报警' })).getByText('7')).toBeInTheDocument();
    // The tables below the fold load their code on arrival.
    const top10 = await screen.findByRole('table', { name: '前十报警' });
    expect(within(top10).getByRole('cell', { name: 'CDU-TI100' })).toBeInTheDocument();
    // First the server's picture of the trend; the live chart once the pointer reaches it.
    const trend = await screen.findByRole('img', { name: '报警趋势' });
    await waitFor(() => expect(trend.querySelector('img')).not.toBeNull());
    const picture = pictures.get(trend.querySelector('img')?.getAttribute('src') ?? '');
    expect(picture?.type).toBe('image/svg+xml');
    expect(await picture?.text()).toBe(TREND_PICTURE);
    expect(trend.querySelector('svg')).toBeNull();
    await userEvent.hover(trend);
    await waitFor(() => expect(trend.querySelector('svg')).not.toBeNull());
    await waitFor(() => expect(trend.querySelector('img')).toBeNull());
    // The picture's address is given back once the live chart replaces it.
    expect(pictures.size).toBe(0);
    // Numbers on the bars and the overload line, readable without hovering.
    await waitFor(() => expect(trend.textContent).toContain('过载线 10'));
    expect(trend.textContent).toContain('12');
    const ranking = await screen.findByRole('img', { name: '报警排名' });
    await waitFor(() => expect(ranking.textContent).toContain('常减压装置'));
  });

  it("links the priority card to the library's points whose priority differs from the matrix, for its viewers", async () => {
    serve();
    const library = permissionString('/alarm/bases/list', 'view');
    const { unmount } = renderBoard(<OverviewBoard />, '/alarm/board/over', [view, library]);
    const link = await screen.findByRole('link', { name: '优先级与矩阵建议不一致：3 个' });
    expect(link).toHaveAttribute('href', '/alarm/bases/list?priorityMismatch=1');
    unmount();
    renderBoard(<OverviewBoard />, '/alarm/board/over', [view]);
    await screen.findByRole('group', { name: '平均报警率' });
    expect(screen.queryByRole('link', { name: /优先级与矩阵建议不一致/ })).toBeNull();
  });

  it('keeps the range, scope and condition in the address and queries with them', async () => {
    const queries = serve();
    renderBoard(<OverviewBoard />, '/alarm/board/over?range=7d&unit=%E5%B8%B8%E5%87%8F%E5%8E%8B%E8%A3%85%E7%BD%AE', [
      view,
    ]);
    await screen.findByRole('group', { name: '平均报警率' });
    const first = queries[queries.length - 1];
    expect(first.get('unit')).toBe('常减压装置');
    expect(Date.parse(first.get('to') ?? '') - Date.parse(first.get('from') ?? '')).toBe(7 * 86_400_000);

    await userEvent.click(screen.getByText('近30天'));
    await waitFor(() => expect(address()).toContain('range=30d'));
    expect(address()).toContain('unit=');
    await waitFor(() => {
      const last = queries[queries.length - 1];
      expect(Date.parse(last.get('to') ?? '') - Date.parse(last.get('from') ?? '')).toBe(30 * 86_400_000);
    });

    // The custom range picker is fetched when 自定义 is chosen; it starts with the last day.
    await userEvent.click(screen.getByText('自定义'));
    expect((await screen.findAllByLabelText('自定义时间范围'))[0]).toBeInTheDocument();
    await waitFor(() => expect(address()).toContain('range=custom'));
    await waitFor(() => {
      const last = queries[queries.length - 1];
      expect(Date.parse(last.get('to') ?? '') - Date.parse(last.get('from') ?? '')).toBe(86_400_000);
    });
  });

  it("shows a shared custom range on the plant's clock, whatever the browser's zone", async () => {
    storePlantTimeZone('Asia/Shanghai');
    serve(summary());
    renderBoard(
      <OverviewBoard />,
      '/alarm/board/over?range=custom&from=2026-03-01T16:00:00.000Z&to=2026-03-02T04:30:00.000Z',
      [view],
    );
    expect(await screen.findByDisplayValue('2026-03-02 00:00')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2026-03-02 12:30')).toBeInTheDocument();
  });

  it('says what to do when the range holds no alarm, with the way to import for users who may', async () => {
    serve(summary({ annunciations: 0, top10: [], floods: [], avgPer10Min: 0, peak10Min: 0 }));
    renderBoard(<OverviewBoard />, '/alarm/board/over', [view, mock]);
    expect(await screen.findByText('所选时间范围和范围内没有报警记录')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '导入报警记录' })).toHaveAttribute('href', '/alarm/mock');
  });

  it('without the 模拟 permission the empty state gives no import link', async () => {
    serve(summary({ annunciations: 0, top10: [], floods: [] }));
    renderBoard(<OverviewBoard />, '/alarm/board/over', [view]);
    expect(await screen.findByText('请换一个时间范围，或请管理员导入报警记录')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '导入报警记录' })).not.toBeInTheDocument();
  });

  it('a failed trend or ranking shows its own error with retry while the rest of the board shows', async () => {
    serve();
    let seriesFails = true;
    server.use(
      http.get('/api/kpi/series', () => (seriesFails ? serverError() : HttpResponse.json(ok(series)))),
      http.get('/api/kpi/ranking', serverError),
    );
    renderBoard(<OverviewBoard />, '/alarm/board/over', [view]);
    const trendPanel = await screen.findByText('报警趋势加载失败');
    expect(await screen.findByText('报警排名加载失败')).toBeInTheDocument();
    // The cards, the priority chart and the tables are there all the same.
    expect(screen.getByRole('group', { name: '平均报警率' })).toHaveTextContent('2.50次/10分钟');
    expect(await screen.findByRole('img', { name: '优先级分布' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: '前十报警' })).toBeInTheDocument();
    expect(screen.queryByText('加载看板数据失败')).not.toBeInTheDocument();

    seriesFails = false;
    const trendCard = trendPanel.closest('.ant-pro-card') as HTMLElement;
    await userEvent.click(within(trendCard).getByRole('button', { name: /重\s*试/ }));
    const trend = await screen.findByRole('img', { name: '报警趋势' });
    await waitFor(() => expect(trend.querySelector('img')).not.toBeNull());
    expect(screen.queryByText('报警趋势加载失败')).not.toBeInTheDocument();
    expect(screen.getByText('报警排名加载失败')).toBeInTheDocument();
  });

  it('exports the board and its tables with the board’s query, for users holding its view permission', async () => {
    const exported: URLSearchParams[] = [];
    serve();
    server.use(
      http.get('/api/alarm/board/over/export', ({ request }) => {
        exported.push(new URL(request.url).searchParams);
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]));
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:overview');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderBoard(
      <OverviewBoard />,
      '/alarm/board/over?range=7d&console=%E5%B8%B8%E5%87%8F%E5%8E%8B%E6%93%8D%E4%BD%9C%E5%8F%B0',
      [view],
    );
    await screen.findByRole('group', { name: '平均报警率' });
    await userEvent.click(exportButton());
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(exported).toHaveLength(1);
    expect(exported[0].get('console')).toBe('常减压操作台');
    expect(Date.parse(exported[0].get('to') ?? '') - Date.parse(exported[0].get('from') ?? '')).toBe(7 * 86_400_000);
    click.mockRestore();
  });

  it('stands its frame before the data: the trend card shows the picture while the KPIs are on their way', async () => {
    serve();
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/alarm/board/over', async () => {
        await held;
        return HttpResponse.json(overview());
      }),
    );
    renderBoard(<OverviewBoard />, '/alarm/board/over', [view]);
    const trend = await screen.findByRole('img', { name: '报警趋势' });
    await waitFor(() => expect(trend.querySelector('img')).not.toBeNull());
    expect(screen.queryByRole('group', { name: '平均报警率' })).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('group', { name: '平均报警率' })).toHaveTextContent('2.50次/10分钟');
  });

  it('takes the GETs preloaded at start-up instead of asking again, the trend picture too at its last size', async () => {
    serve();
    const asked: string[] = [];
    const count = ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', count);
    setToken('t');
    // The picture was last drawn 800 × 320 (jsdom's chart width) in a window as wide as this one.
    localStorage.setItem(
      'overviewTrendPictureSize',
      JSON.stringify({ windowWidth: window.innerWidth, width: 800, height: 320 }),
    );
    // One minute throughout: the board's window (and so its GETs) stays the one preloaded.
    vi.useFakeTimers({ now: new Date('2026-11-25T08:00:10Z'), toFake: ['Date'] });
    // Every answer has arrived before the page renders.
    await preloadFirstView(new URLSearchParams('range=7d'));
    expect(asked).toHaveLength(4);

    renderBoard(<OverviewBoard />, '/alarm/board/over?range=7d', [view]);
    // The answers already here are drawn as soon as React has taken them, without a request of the page's.
    await act(() => Promise.resolve());
    expect(screen.getByRole('group', { name: '平均报警率' })).toHaveTextContent('2.50次/10分钟');
    const trend = screen.getByRole('img', { name: '报警趋势' });
    expect(trend.querySelector('img')).not.toBeNull();
    expect(await screen.findByRole('img', { name: '报警排名' })).toBeInTheDocument();
    server.events.removeListener('request:start', count);
    // Only the toolbar's scopes were asked for by the page itself.
    expect(asked.sort()).toEqual([
      '/api/alarm/board/over',
      '/api/alarm/board/over/scopes',
      '/api/kpi/ranking',
      '/api/kpi/series',
      '/api/kpi/series/picture',
    ]);
  });

  it('the start page, which redirects to the board, preloads the board’s GETs for its default range', async () => {
    const queries = serve();
    setToken('t');
    storePermissions([view]);
    vi.useFakeTimers({ now: new Date('2026-11-25T08:00:10Z'), toFake: ['Date'] });
    preloadFirstViewData({ pathname: '/', search: '?range=7d' });
    await waitFor(() => expect(queries).toHaveLength(1));
    expect(Date.parse(queries[0].get('to') ?? '') - Date.parse(queries[0].get('from') ?? '')).toBe(86_400_000);
    // The board the start page leads to takes that answer: the summary is not asked for again.
    renderBoard(<OverviewBoard />, '/alarm/board/over', [view]);
    expect(await screen.findByRole('group', { name: '平均报警率' })).toHaveTextContent('2.50次/10分钟');
    expect(queries.filter((query) => !query.has('width'))).toHaveLength(1);
  });

  it('nothing is preloaded without a token, for a user who may not open the page, nor for a page without a first view', async () => {
    const queries = serve();
    preloadFirstViewData({ pathname: '/alarm/board/over', search: '' });
    setToken('t');
    // It would be refused (403) before the guard sends the user to /403.
    storePermissions([mock]);
    preloadFirstViewData({ pathname: '/', search: '' });
    storePermissions([view]);
    preloadFirstViewData({ pathname: '/alarm/board/performance', search: '' });
    // The board's own request is then the first to reach the server.
    renderBoard(<OverviewBoard />, '/alarm/board/over', [view]);
    expect(await screen.findByRole('group', { name: '平均报警率' })).toBeInTheDocument();
    expect(queries.filter((query) => !query.has('width'))).toHaveLength(1);
  });

  it('a preloaded GET that failed is asked again by the page, whose error the user sees', async () => {
    serve();
    let summaries = 0;
    server.use(
      http.get('/api/alarm/board/over', () => {
        summaries += 1;
        return serverError();
      }),
    );
    setToken('t');
    const toast = vi.spyOn(message, 'error');
    vi.useFakeTimers({ now: new Date('2026-11-25T08:00:10Z'), toFake: ['Date'] });
    await preloadFirstView(new URLSearchParams());
    expect(summaries).toBe(1);
    // Quiet at start-up: the request client's own message comes with the page's request.
    expect(toast).not.toHaveBeenCalled();
    renderBoard(<OverviewBoard />, '/alarm/board/over', [view]);
    expect(await screen.findByText('加载看板数据失败')).toBeInTheDocument();
    expect(summaries).toBe(2);
    expect(toast).toHaveBeenCalledWith('服务器内部错误，请稍后重试');
    toast.mockRestore();
  });

  it('a preloaded GET that fails while the page waits for it is asked again at once', async () => {
    serve();
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    let summaries = 0;
    server.use(
      http.get('/api/alarm/board/over', async () => {
        summaries += 1;
        if (summaries === 1) {
          await held;
          return serverError();
        }
        return HttpResponse.json(overview());
      }),
    );
    setToken('t');
    vi.useFakeTimers({ now: new Date('2026-11-25T08:00:10Z'), toFake: ['Date'] });
    const preloaded = preloadFirstView(new URLSearchParams());
    renderBoard(<OverviewBoard />, '/alarm/board/over', [view]);
    await waitFor(() => expect(summaries).toBe(1));
    answer();
    await preloaded;
    // The page's own request answers: no error state in between.
    expect(await screen.findByRole('group', { name: '平均报警率' })).toHaveTextContent('2.50次/10分钟');
    expect(summaries).toBe(2);
    expect(screen.queryByText('加载看板数据失败')).not.toBeInTheDocument();
  });

  it('重试 and a new range ask the server again', async () => {
    serve();
    const queries: URLSearchParams[] = [];
    let fails = true;
    server.use(
      http.get('/api/alarm/board/over', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return fails ? serverError() : HttpResponse.json(overview());
      }),
    );
    vi.useFakeTimers({ now: new Date('2026-11-25T08:00:10Z'), toFake: ['Date'] });
    renderBoard(<OverviewBoard />, '/alarm/board/over', [view]);
    expect(await screen.findByText('加载看板数据失败')).toBeInTheDocument();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('group', { name: '平均报警率' })).toBeInTheDocument();
    expect(queries).toHaveLength(2);
    await userEvent.click(screen.getByText('近7天'));
    await waitFor(() => expect(queries).toHaveLength(3));
    expect(Date.parse(queries[2].get('to') ?? '') - Date.parse(queries[2].get('from') ?? '')).toBe(7 * 86_400_000);
  });

  it('offers no export without the board’s permission', async () => {
    serve();
    renderBoard(<OverviewBoard />, '/alarm/board/over', [mock]);
    await screen.findByRole('group', { name: '平均报警率' });
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
  });

  it('shows an error state with retry', async () => {
    serve();
    server.use(http.get('/api/alarm/board/over', serverError));
    renderBoard(<OverviewBoard />, '/alarm/board/over', [view]);
    expect(await screen.findByText('加载看板数据失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
