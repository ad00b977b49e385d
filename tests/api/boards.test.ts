/** Board endpoints over a hand-made journal: every figure equals the engine's, targets saved and validated, exports. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_KPI_TARGETS } from '../../common/kpiTargets';
import { defaultMigrationsFolder } from '../../server/db';
import { computeKpiSummary } from '../../server/domain/kpi/summary';
import type { JournalEvent } from '../../server/domain/kpi/types';
import { queryRows } from '../../server/repositories/raw-sql';
import { build, readWorkbook, SLOW, sheetRows, type TestApp, type TestUser } from './helpers';

const MIN = 60_000;
const T0 = Date.UTC(2025, 4, 5, 0, 0); // Monday 08:00 in the plant (Asia/Shanghai)
const iso = (ms: number) => new Date(ms).toISOString();

type Row = JournalEvent & { console: string; unit: string };

/** Console 一号: buckets 3, 12, 7, 4, 10, 0 (docs/domain.md's worked example); console 二号: 2 per bucket. */
function journal(): Row[] {
  const events: Row[] = [];
  [3, 12, 7, 4, 10, 0].forEach((n, k) => {
    for (let i = 0; i < n; i++) {
      events.push({
        time: T0 + k * 10 * MIN + (i + 1) * 1000,
        tag: `A${i}`,
        condition: 'PVHI',
        event: 'ALM',
        priority: 'low',
        console: '一号操作台',
        unit: '一号装置',
      });
    }
    for (let i = 0; i < 2; i++) {
      events.push({
        time: T0 + k * 10 * MIN + (i + 1) * 2000,
        tag: `B${i}`,
        condition: 'PVLO',
        event: 'ALM',
        priority: 'medium',
        console: '二号操作台',
        unit: '二号装置',
      });
    }
  });
  return events.sort((a, b) => a.time - b.time);
}

describe('board endpoints', { timeout: SLOW }, () => {
  let t: TestApp;
  let admin: TestUser;
  const events = journal();
  const window = `from=${iso(T0)}&to=${iso(T0 + 60 * MIN)}`;
  const get = (url: string, user = admin) => t.app.inject({ url: `/api${url}`, headers: user.authorization });

  beforeAll(async () => {
    t = await build();
    admin = await t.createUser({ roles: ['管理员'] });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/events',
      payload: events.map((event) => ({ ...event, time: iso(event.time) })),
      headers: admin.authorization,
    });
    expect(response.json().data.imported).toBe(events.length);
  }, SLOW);
  afterAll(() => t?.close());

  it('报警总览 answers the engine summary with the default targets', async () => {
    const response = await get(`/alarm/board/over?${window}&console=${encodeURIComponent('一号操作台')}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    const own = events.filter((event) => event.console === '一号操作台');
    expect(data.summary).toEqual(computeKpiSummary(own, { from: T0, to: T0 + 60 * MIN }));
    expect(data).toMatchObject({ targets: DEFAULT_KPI_TARGETS, warnFactor: 1.5, overloadThreshold: 10 });
    // Detection ran after the ingest: the open records of this console's points.
    const [open] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from abnormal_alarms a join alarm_points p on p.id = a.point_id
          join consoles c on c.id = p.console_id where c.name = '一号操作台' and a.status = '未处置'`,
    );
    expect(open.n).toBeGreaterThan(0);
    expect(data.openAbnormal).toBe(open.n);
    expect(data.priorities.map((priority: { code: string }) => priority.code)).toEqual([
      'urgent',
      'high',
      'medium',
      'low',
    ]);
  });

  it('gives the toolbar its scopes under each board permission', async () => {
    const viewer = await t.createUser({ permissions: ['alarm-board-eq-view'] });
    const response = await get('/alarm/board/eq/scopes', viewer);
    expect(response.json().data).toEqual({
      units: ['一号装置', '二号装置'],
      consoles: ['一号操作台', '二号操作台'],
      conditions: [],
    });
    expect((await get('/alarm/board/over/scopes', viewer)).statusCode).toBe(403);
  });

  it('报警性能看板: one engine summary per console, its EEMUA level, rate histogram', async () => {
    const data = (await get(`/alarm/board/performance?${window}`)).json().data;
    expect(data.consoles.map((row: { console: string }) => row.console)).toEqual(['一号操作台', '二号操作台']);
    const [first, second] = data.consoles;
    expect(first.figures).toMatchObject({ annunciations: 36, avgPer10Min: 6, peak10Min: 12, floods: 1 });
    // Average 6 per 10 min is over-demanding (≥ 5): reactive.
    expect(first.level).toEqual({ level: 'reactive', label: '被动响应' });
    expect(second.figures).toMatchObject({ annunciations: 12, avgPer10Min: 2, peak10Min: 2 });
    // Average 2 is not below the robust bound of 2.
    expect(second.level.level).toBe('stable');
    expect(data.scope.figures.annunciations).toBe(48);
    // Plant buckets 5, 14, 9, 6, 12, 2 in the bins 0, 1–2, 3–5, 6–10, 11–20, 21–50, 51–100, >100.
    expect(data.histogram.map((bin: { periods: number }) => bin.periods)).toEqual([0, 1, 1, 2, 2, 0, 0, 0]);
    expect(data.floods).toHaveLength(1);
  });

  it('validates the window with a message naming the field', async () => {
    const response = await get(`/alarm/board/performance?from=${iso(T0 + MIN)}&to=${iso(T0)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 1, msg: expect.stringContaining('to') });
    const missing = await get('/alarm/op/optimize?aFrom=x');
    expect(missing.statusCode).toBe(400);
  });

  it('设备报警看板 counts per equipment only for points with equipment', async () => {
    const data = (await get(`/alarm/board/eq?${window}`)).json().data;
    expect(data).toEqual({ equipment: [], heatmap: { equipmentIds: [], days: [iso(T0)], cells: [] } });
  });

  it('系统运行看板: live state and freshness per console', async () => {
    const data = (await get('/alarm/op/system/run')).json().data;
    expect(data.silenceMinutes).toBe(60);
    const first = data.consoles.find((row: { console: string }) => row.console === '一号操作台');
    // Every point is still active (no RTN), none acknowledged; the journal is old, so the console is silent.
    expect(first).toMatchObject({ active: 12, unacked: 12, shelved: 0, standing: 12, silent: true });
    expect(first.lastEventAt).toBe(iso(T0 + 40 * MIN + 10_000));
    expect(first.lastHour).toEqual({ annunciations: 0, avgPer10Min: 0, target: 1 });
  });

  it('系统改进看板: engine summary per plant week', async () => {
    const from = T0 - 3 * 86_400_000;
    const data = (await get(`/alarm/op/system/improve?from=${iso(from)}&to=${iso(T0 + 86_400_000)}&period=week`)).json()
      .data;
    expect(data.periods.map((row: { start: string }) => row.start)).toEqual([iso(from), iso(T0 - 8 * 3_600_000)]);
    expect(data.periods.map((row: { figures: { annunciations: number } }) => row.figures.annunciations)).toEqual([
      0, 48,
    ]);
    expect(data.appliedChanges).toEqual([]);
  });

  it('对比优化看板: two scopes side by side with direction and per-point changes', async () => {
    const a = `aFrom=${iso(T0)}&aTo=${iso(T0 + 60 * MIN)}&aConsole=${encodeURIComponent('一号操作台')}`;
    const b = `bFrom=${iso(T0)}&bTo=${iso(T0 + 60 * MIN)}&bConsole=${encodeURIComponent('二号操作台')}`;
    const data = (await get(`/alarm/op/optimize?${a}&${b}`)).json().data;
    const byKpi = Object.fromEntries(data.kpis.map((row: { kpi: string }) => [row.kpi, row]));
    expect(byKpi.annunciations).toEqual({
      kpi: 'annunciations',
      before: 36,
      after: 12,
      delta: -24,
      direction: 'better',
    });
    expect(byKpi.peak10Min.direction).toBe('better');
    expect(data.gains[0]).toMatchObject({ tag: 'A0', before: 5, after: 0, delta: -5 });
    expect(data.regressions[0]).toMatchObject({ tag: 'B0', before: 0, after: 6, delta: 6 });
  });

  it('exports the overview with its tables: KPIs, top 10, unit and console rankings, floods', async () => {
    const response = await get(`/alarm/board/over/export?${window}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/alarm-overview-\d{14}\.xlsx/);
    const workbook = await readWorkbook(response.rawPayload);
    const rows = (name: string) => sheetRows(response.rawPayload, name);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      '报警总览',
      '前十报警',
      '装置排名',
      '操作台排名',
      '报警泛滥',
    ]);
    // Whole plant: buckets 5, 14, 9, 6, 12, 2; B0 and B1 six times each, A0–A2 five times, A3 four.
    const top10 = await rows('前十报警');
    expect(top10[0]).toEqual(['位号', '报警类型', '报警数', '占比（%）']);
    expect(top10.slice(1, 4)).toEqual([
      ['B0', 'PVLO', 6, 12.5],
      ['B1', 'PVLO', 6, 12.5],
      ['A0', 'PVHI', 5, (5 / 48) * 100],
    ]);
    expect(top10).toHaveLength(11);
    expect(await rows('装置排名')).toEqual([
      ['装置', '报警数'],
      ['一号装置', 36],
      ['二号装置', 12],
    ]);
    expect(await rows('操作台排名')).toEqual([
      ['操作台', '报警数'],
      ['一号操作台', 36],
      ['二号操作台', 12],
    ]);
    // One flood from 08:10 to 08:50 plant time (14 > 10 starts it, 2 < 5 ends it).
    expect(await rows('报警泛滥')).toEqual([
      ['开始', '结束', '报警数', '峰值（次/10分钟）'],
      ['2025-05-05 08:10:00', '2025-05-05 08:50:00', 41, 14],
    ]);
  });

  it('exports the performance table as a readable workbook', async () => {
    const response = await get(`/alarm/board/performance/export?${window}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/alarm-performance-\d{14}\.xlsx/);
    const workbook = await readWorkbook(response.rawPayload);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '操作台',
      'EEMUA 运行等级',
      '指标',
      '数值',
      '单位',
      '目标（≤）',
      '状态',
    ]);
    expect(sheet.rowCount).toBe(1 + 2 * 8);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      '一号操作台',
      '被动响应',
      '平均报警率',
      6,
      '次/10分钟',
      1,
      '超标',
    ]);
  });

  it('every board exports its table', async () => {
    const compare = `aFrom=${iso(T0)}&aTo=${iso(T0 + 30 * MIN)}&bFrom=${iso(T0 + 30 * MIN)}&bTo=${iso(T0 + 60 * MIN)}`;
    // Rows below the header: 8 KPIs, no equipment in this journal, 2 consoles, 1 week, 14 points.
    for (const [url, rows] of [
      [`/alarm/board/over/export?${window}`, 8],
      [`/alarm/board/eq/export?${window}`, 0],
      ['/alarm/op/system/run/export', 2],
      [`/alarm/op/system/improve/export?${window}`, 1],
      [`/alarm/op/optimize/export?${compare}`, 14],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      const workbook = await readWorkbook(response.rawPayload);
      expect(workbook.worksheets[0].rowCount, url).toBe(1 + rows);
    }
  });
  it('优化目标设置: defaults, save with overrides, boards judge by the effective targets', async () => {
    const initial = (await get('/alarm/op/config')).json().data;
    expect(initial.settings).toEqual(initial.defaults);
    expect(initial.options.consoles).toEqual(['一号操作台', '二号操作台']);
    const settings = {
      ...initial.defaults,
      units: { 一号装置: { avgPer10Min: 5 } },
      consoles: { 一号操作台: { avgPer10Min: 8, peak10Min: 20 } },
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/alarm/op/config',
      payload: settings,
      headers: admin.authorization,
    });
    expect(saved.statusCode).toBe(200);
    const over = (await get(`/alarm/board/over?${window}&unit=${encodeURIComponent('一号装置')}`)).json().data;
    expect(over.targets).toMatchObject({ avgPer10Min: 5, peak10Min: 10 });
    const console = (
      await get(
        `/alarm/board/over?${window}&unit=${encodeURIComponent('一号装置')}&console=${encodeURIComponent('一号操作台')}`,
      )
    ).json().data;
    expect(console.targets).toMatchObject({ avgPer10Min: 8, peak10Min: 20 });
  });

  it('优化目标设置 refuses bad targets and unknown scopes, in Chinese', async () => {
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/alarm/op/config', payload, headers: admin.authorization });
    const base = (await get('/alarm/op/config')).json().data.defaults;
    const negative = await put({ ...base, plant: { ...base.plant, peak10Min: -1 } });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().msg).toContain('plant.peak10Min');
    const unknown = await put({ ...base, consoles: { 无此操作台: { peak10Min: 3 } } });
    expect(unknown.json()).toMatchObject({ code: 1, msg: 'consoles 不合法：操作台「无此操作台」不存在' });
    const factor = await put({ ...base, warnFactor: 0.5 });
    expect(factor.json().msg).toContain('warnFactor');
  });

  it('saving targets needs the KPI settings edit right, reading the page view', async () => {
    const viewer = await t.createUser({ permissions: ['alarm-op-config-view'] });
    expect((await get('/alarm/op/config', viewer)).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/alarm/op/config',
      payload: {},
      headers: viewer.authorization,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toContain('alarm-base-config-edit');
  });
  it('系统运行看板 counts a point unacknowledged when no ACK came at or after its latest ALM', async () => {
    const at = T0 + 2 * 60 * MIN;
    const point = (tag: string, steps: [number, 'ALM' | 'ACK' | 'RTN'][]) =>
      steps.map(([seconds, event]) => ({
        time: iso(at + seconds * 1000),
        tag,
        condition: 'PVHI',
        event,
        priority: 'low',
        console: '三号操作台',
        unit: '三号装置',
      }));
    const payload = [
      ...point('ACKED', [
        [0, 'ALM'],
        [5, 'ACK'],
      ]),
      ...point('SAME-INSTANT', [
        [0, 'ALM'],
        [0, 'ACK'],
      ]),
      ...point('REALARMED', [
        [0, 'ALM'],
        [5, 'ACK'],
        [9, 'ALM'],
      ]),
      ...point('NEVER-ACKED', [
        [0, 'ALM'],
        [7, 'RTN'],
      ]),
      ...point('ACK-ONLY', [[3, 'ACK']]),
    ];
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/events',
      payload,
      headers: admin.authorization,
    });
    expect(posted.json().data.imported).toBe(payload.length);
    const data = (await get('/alarm/op/system/run')).json().data;
    const third = data.consoles.find((row: { console: string }) => row.console === '三号操作台');
    expect(third).toMatchObject({ active: 3, unacked: 2 });
  });
  it('migration 0017 gives states stored before it their latest ALM and ACK, as the replay keeps them', async () => {
    const { db } = t.database;
    const latest = () =>
      queryRows<{ alarm: number | null; ack: number | null }>(
        db,
        sql`select (state->>'lastAlarm')::float8 as alarm, (state->>'lastAck')::float8 as ack
            from alarm_point_states order by point_id`,
      );
    const kept = await latest();
    expect(kept.filter((row) => row.ack !== null).length).toBeGreaterThan(0);
    await db.execute(sql`update alarm_point_states set state = state - 'lastAlarm' - 'lastAck'`);
    const migration = readFileSync(path.join(defaultMigrationsFolder(), '0017_point_state_acks.sql'), 'utf8');
    await db.execute(sql.raw(migration));
    expect(await latest()).toEqual(kept);
  });
});
