/**
 * Board endpoints (screens.md, 报警看板 and 优化管理's boards): each under its route's path and view
 * permission, with the toolbar's scope options at `<path>/scopes` and its table at `<path>/export`. Every
 * figure comes from the KPI engine through the KPI repository; targets and their judgement from
 * common/kpiTargets.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  effectiveTargets,
  judgeKpis,
  KPI_DEFINITIONS,
  KPI_STATUS_LABELS,
  type KpiJudgement,
  kpiChange,
  operatingLevel,
  TARGET_KPIS,
} from '../../../common/kpiTargets';
import { envelope, Id } from '../../../contract/http';
import { routePermission } from '../../auth/permissions';
import { periodWindows } from '../../domain/boards/periods';
import { type CellValue, sendWorkbook, sendXlsx, type XlsxColumn } from '../../export/xlsx';
import { createAbnormalRepository } from '../../repositories/abnormal';
import { createBoardsRepository, figuresOf } from '../../repositories/boards';
import { createKpiRepository, type KpiScope } from '../../repositories/kpi';
import { Summary, WindowQuery, windowOf } from '../kpi';
import { ok } from '../reply';
import { Figures, Judgement, ScopeOptions } from './schemas';

const scopeOf = (query: { console?: string; unit?: string; condition?: string }): KpiScope => ({
  console: query.console,
  unit: query.unit,
  condition: query.condition,
});

const Level = Type.Object({ level: Type.String(), label: Type.String() });

const levelOf = (figures: { avgPer10Min: number; peak10Min: number }) => {
  const { level, label } = operatingLevel(figures.avgPer10Min, figures.peak10Min);
  return { level, label };
};

/** Columns of a KPI judgement sheet (指标, 数值, 单位, 目标, 状态), optionally after leading columns. */
function judgementColumns<T extends { judgement: KpiJudgement }>(lead: XlsxColumn<T>[] = []): XlsxColumn<T>[] {
  return [
    ...lead,
    { header: '指标', value: (row) => KPI_DEFINITIONS[row.judgement.kpi].label, width: 20 },
    { header: '数值', value: (row) => row.judgement.value },
    { header: '单位', value: (row) => KPI_DEFINITIONS[row.judgement.kpi].unit, width: 12 },
    { header: '目标（≤）', value: (row) => row.judgement.target },
    { header: '状态', value: (row) => KPI_STATUS_LABELS[row.judgement.status], width: 10 },
  ];
}

const boardRoutes: FastifyPluginAsyncTypebox<{ plantTimeZone: string }> = async (app, { plantTimeZone }) => {
  const kpi = createKpiRepository(app.database.db);
  const abnormal = createAbnormalRepository(app.database.db);
  const boards = createBoardsRepository(app.database.db);

  const summaryOf = async (query: { from: string; to: string; console?: string; unit?: string; condition?: string }) =>
    kpi.summary(windowOf(query), scopeOf(query), (await abnormal.settings()).kpi);

  for (const path of [
    '/alarm/board/over',
    '/alarm/board/performance',
    '/alarm/board/eq',
    '/alarm/op/system/run',
    '/alarm/op/system/improve',
    '/alarm/op/optimize',
  ]) {
    app.get(
      `${path}/scopes`,
      {
        config: { permission: routePermission(path, 'view') },
        schema: { response: { 200: envelope(ScopeOptions) } },
      },
      async () => ok(await boards.scopeOptions()),
    );
  }

  // 报警总览: the engine's summary with the scope's targets and open abnormal alarms.
  const Over = Type.Object({
    summary: Summary,
    ...Judgement,
    openAbnormal: Type.Integer(),
    /** The 10-per-10-minute line of the trend. */
    overloadThreshold: Type.Integer(),
    priorities: Type.Array(
      Type.Object({ code: Type.String(), name: Type.String(), color: Type.String(), targetShare: Type.Number() }),
    ),
  });
  const overview = async (query: { from: string; to: string; console?: string; unit?: string; condition?: string }) => {
    const targetSettings = await boards.targets();
    const settings = (await abnormal.settings()).kpi;
    return {
      summary: await kpi.summary(windowOf(query), scopeOf(query), settings),
      overloadThreshold: settings.overloadThreshold,
      priorities: (await app.repositories.dictionaries.priorities.list()).map(({ code, name, color, targetShare }) => ({
        code,
        name,
        color,
        targetShare,
      })),
      targets: effectiveTargets(targetSettings, query),
      warnFactor: targetSettings.warnFactor,
      openAbnormal: await boards.openAbnormal(scopeOf(query)),
    };
  };
  app.get(
    '/alarm/board/over',
    {
      config: { permission: routePermission('/alarm/board/over', 'view') },
      schema: { querystring: Type.Object(WindowQuery), response: { 200: envelope(Over) } },
    },
    async (request) => ok(await overview(request.query)),
  );
  app.get(
    '/alarm/board/over/export',
    {
      config: { permission: routePermission('/alarm/board/over', 'view') },
      schema: { querystring: Type.Object(WindowQuery) },
    },
    async (request, reply) => {
      const { summary, targets, warnFactor } = await overview(request.query);
      const window = windowOf(request.query);
      const scope = scopeOf(request.query);
      const units = await kpi.ranking(window, scope, 'unit');
      const consoles = await kpi.ranking(window, scope, 'console');
      type Ranked = (typeof units)[number];
      const ranking = (sheetName: string, header: string, rows: Ranked[]) => ({
        sheetName,
        columns: [
          { header, value: (row: Ranked) => row.name, width: 24 },
          { header: '报警数', value: (row: Ranked) => row.annunciations },
        ],
        rows,
      });
      // The board's cards, then its tables: top 10, both rankings, every flood of the range newest first.
      return sendWorkbook(reply, {
        fileStem: 'alarm-overview',
        sheets: [
          {
            sheetName: '报警总览',
            columns: judgementColumns(),
            rows: judgeKpis(summary, targets, warnFactor).map((judgement) => ({ judgement })),
          },
          {
            sheetName: '前十报警',
            columns: [
              { header: '位号', value: (row) => row.tag, width: 24 },
              { header: '报警类型', value: (row) => row.condition, width: 10 },
              { header: '报警数', value: (row) => row.count },
              { header: '占比（%）', value: (row) => row.share },
            ],
            rows: summary.top10,
          },
          ranking('装置排名', '装置', units),
          ranking('操作台排名', '操作台', consoles),
          {
            sheetName: '报警泛滥',
            columns: [
              { header: '开始', value: (row) => new Date(row.start), width: 20 },
              { header: '结束', value: (row) => new Date(row.end), width: 20 },
              { header: '报警数', value: (row) => row.count },
              { header: '峰值（次/10分钟）', value: (row) => row.peak, width: 18 },
            ],
            rows: [...summary.floods].reverse(),
          },
        ],
      });
    },
  );

  // 报警性能看板: ISA-18.2 table per console with its targets, EEMUA level, rate histogram, floods.
  const ConsoleRow = Type.Object({
    console: Type.String(),
    figures: Figures,
    targets: Judgement.targets,
    level: Level,
  });
  const Performance = Type.Object({
    consoles: Type.Array(ConsoleRow),
    scope: Type.Object({ figures: Figures, targets: Judgement.targets, level: Level }),
    warnFactor: Type.Number(),
    histogram: Type.Array(
      Type.Object({ min: Type.Integer(), max: Type.Union([Type.Integer(), Type.Null()]), periods: Type.Integer() }),
    ),
    floods: Summary.properties.floods,
  });
  const performance = async (query: {
    from: string;
    to: string;
    console?: string;
    unit?: string;
    condition?: string;
  }) => {
    const window = windowOf(query);
    const scope = scopeOf(query);
    const settings = (await abnormal.settings()).kpi;
    const [targetSettings, whole, perConsole, histogram] = await Promise.all([
      boards.targets(),
      kpi.summary(window, scope, settings),
      boards.perConsole(window, scope, settings),
      boards.rateHistogram(window, scope, plantTimeZone),
    ]);
    const consoles = perConsole.map(({ console, summary }) => ({
      console,
      figures: figuresOf(summary),
      targets: effectiveTargets(targetSettings, { unit: query.unit, console }),
      level: levelOf(summary),
    }));
    return {
      consoles,
      scope: { figures: figuresOf(whole), targets: effectiveTargets(targetSettings, query), level: levelOf(whole) },
      warnFactor: targetSettings.warnFactor,
      histogram,
      floods: whole.floods,
    };
  };
  app.get(
    '/alarm/board/performance',
    {
      config: { permission: routePermission('/alarm/board/performance', 'view') },
      schema: { querystring: Type.Object(WindowQuery), response: { 200: envelope(Performance) } },
    },
    async (request) => ok(await performance(request.query)),
  );
  app.get(
    '/alarm/board/performance/export',
    {
      config: { permission: routePermission('/alarm/board/performance', 'view') },
      schema: { querystring: Type.Object(WindowQuery) },
    },
    async (request, reply) => {
      const data = await performance(request.query);
      type Row = { console: string; level: string; judgement: KpiJudgement };
      const rows: Row[] = data.consoles.flatMap((row) =>
        judgeKpis(row.figures, row.targets, data.warnFactor).map((judgement) => ({
          console: row.console,
          level: row.level.label,
          judgement,
        })),
      );
      return sendXlsx<Row>(reply, {
        fileStem: 'alarm-performance',
        sheetName: '报警性能',
        columns: judgementColumns<Row>([
          { header: '操作台', value: (row) => row.console, width: 18 },
          { header: 'EEMUA 运行等级', value: (row) => row.level, width: 16 },
        ]),
        rows,
      });
    },
  );

  // 设备报警看板: load per equipment (by condition), equipment × day heatmap, drill-down.
  const EquipmentRow = Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    unit: Type.String(),
    equipmentType: Type.String(),
    annunciations: Type.Integer(),
    byCondition: Type.Record(Type.String(), Type.Integer()),
  });
  const Equipment = Type.Object({
    equipment: Type.Array(EquipmentRow),
    heatmap: Type.Object({
      equipmentIds: Type.Array(Type.Integer()),
      days: Type.Array(Type.String()),
      cells: Type.Array(Type.Array(Type.Integer())),
    }),
  });
  app.get(
    '/alarm/board/eq',
    {
      config: { permission: routePermission('/alarm/board/eq', 'view') },
      schema: { querystring: Type.Object(WindowQuery), response: { 200: envelope(Equipment) } },
    },
    async (request) => {
      const window = windowOf(request.query);
      const scope = scopeOf(request.query);
      const equipment = await boards.equipmentLoad(window, scope);
      const heatmap = await boards.equipmentDays(
        window,
        scope,
        equipment.map((row) => row.id),
        plantTimeZone,
      );
      return ok({
        equipment,
        heatmap: { equipmentIds: equipment.slice(0, heatmap.cells.length).map((row) => row.id), ...heatmap },
      });
    },
  );
  app.get(
    '/alarm/board/eq/export',
    {
      config: { permission: routePermission('/alarm/board/eq', 'view') },
      schema: { querystring: Type.Object(WindowQuery) },
    },
    async (request, reply) => {
      const equipment = await boards.equipmentLoad(windowOf(request.query), scopeOf(request.query));
      type Row = (typeof equipment)[number];
      const conditions = [...new Set(equipment.flatMap((row) => Object.keys(row.byCondition)))].sort();
      return sendXlsx<Row>(reply, {
        fileStem: 'equipment-alarms',
        sheetName: '设备报警',
        columns: [
          { header: '设备', value: (row) => row.name },
          { header: '装置', value: (row) => row.unit },
          { header: '设备类型', value: (row) => row.equipmentType },
          { header: '报警数', value: (row) => row.annunciations },
          ...conditions.map((condition) => ({
            header: condition,
            value: (row: Row) => row.byCondition[condition] ?? 0,
          })),
        ],
        rows: equipment,
      });
    },
  );
  app.get(
    '/alarm/board/eq/points',
    {
      config: { permission: routePermission('/alarm/board/eq', 'view') },
      schema: {
        querystring: Type.Object({
          from: WindowQuery.from,
          to: WindowQuery.to,
          equipmentId: Id,
        }),
        response: {
          200: envelope(
            Type.Object({
              points: Type.Array(
                Type.Object({
                  tag: Type.String(),
                  condition: Type.String(),
                  description: Type.String(),
                  priority: Type.String(),
                  annunciations: Type.Integer(),
                }),
              ),
              events: Type.Array(
                Type.Object({
                  time: Type.String(),
                  tag: Type.String(),
                  condition: Type.String(),
                  event: Type.String(),
                  priority: Type.String(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => ok(await boards.equipmentDetail(request.query.equipmentId, windowOf(request.query))),
  );

  // 系统运行看板: live state per console, last hour against the target, data freshness.
  const RunQuery = Type.Object({ console: WindowQuery.console, unit: WindowQuery.unit });
  const RunConsole = Type.Object({
    console: Type.String(),
    active: Type.Integer(),
    unacked: Type.Integer(),
    shelved: Type.Integer(),
    suppressed: Type.Integer(),
    outOfService: Type.Integer(),
    standing: Type.Integer(),
    lastEventAt: Type.Union([Type.String(), Type.Null()]),
    silent: Type.Boolean(),
    lastHour: Type.Object({ annunciations: Type.Integer(), avgPer10Min: Type.Number(), target: Type.Number() }),
  });
  const Run = Type.Object({
    now: Type.String(),
    silenceMinutes: Type.Integer(),
    warnFactor: Type.Number(),
    consoles: Type.Array(RunConsole),
    openAbnormal: Type.Integer(),
  });
  const systemRun = async (query: { console?: string; unit?: string }) => {
    const now = Date.now();
    const settings = (await abnormal.settings()).kpi;
    const targetSettings = await boards.targets();
    const lastHour = { from: now - 3_600_000, to: now };
    const consoles = [];
    for (const state of await boards.liveState(now, settings.staleHours, query)) {
      const summary = await kpi.summary(lastHour, { console: state.console, unit: query.unit }, settings);
      const lastEvent = state.lastEventAt === null ? null : Date.parse(state.lastEventAt);
      consoles.push({
        ...state,
        silent: lastEvent === null || now - lastEvent > targetSettings.silenceMinutes * 60_000,
        lastHour: {
          annunciations: summary.annunciations,
          avgPer10Min: summary.avgPer10Min,
          target: effectiveTargets(targetSettings, { unit: query.unit, console: state.console }).avgPer10Min,
        },
      });
    }
    return {
      now: new Date(now).toISOString(),
      silenceMinutes: targetSettings.silenceMinutes,
      warnFactor: targetSettings.warnFactor,
      consoles,
      openAbnormal: await boards.openAbnormal(query),
    };
  };
  app.get(
    '/alarm/op/system/run',
    {
      config: { permission: routePermission('/alarm/op/system/run', 'view') },
      schema: { querystring: RunQuery, response: { 200: envelope(Run) } },
    },
    async (request) => ok(await systemRun(request.query)),
  );
  app.get(
    '/alarm/op/system/run/export',
    { config: { permission: routePermission('/alarm/op/system/run', 'view') }, schema: { querystring: RunQuery } },
    async (request, reply) => {
      const { consoles } = await systemRun(request.query);
      type Row = (typeof consoles)[number];
      const count = (header: string, value: (row: Row) => CellValue): XlsxColumn<Row> => ({ header, value, width: 10 });
      return sendXlsx<Row>(reply, {
        fileStem: 'system-run',
        sheetName: '系统运行',
        columns: [
          { header: '操作台', value: (row) => row.console, width: 18 },
          count('活动', (row) => row.active),
          count('未确认', (row) => row.unacked),
          count('搁置', (row) => row.shelved),
          count('抑制', (row) => row.suppressed),
          count('停用', (row) => row.outOfService),
          count('长时', (row) => row.standing),
          { header: '近1小时报警数', value: (row) => row.lastHour.annunciations },
          { header: '近1小时平均（次/10分钟）', value: (row) => row.lastHour.avgPer10Min, width: 22 },
          { header: '目标（≤）', value: (row) => row.lastHour.target },
          { header: '最后事件时间', value: (row) => (row.lastEventAt ? new Date(row.lastEventAt) : null), width: 22 },
          { header: '数据状态', value: (row) => (row.silent ? '数据中断' : '正常') },
        ],
        rows: consoles,
      });
    },
  );

  // 系统改进看板: KPI per week or month, abnormal alarms found vs handled, changes outside MOC, applied changes.
  const ImproveQuery = Type.Object({
    ...WindowQuery,
    period: Type.Union([Type.Literal('week'), Type.Literal('month')], { default: 'week' }),
  });
  const Improve = Type.Object({
    periods: Type.Array(
      Type.Object({
        start: Type.String(),
        end: Type.String(),
        figures: Figures,
        found: Type.Integer(),
        handled: Type.Integer(),
        outsideMoc: Type.Integer(),
      }),
    ),
    appliedChanges: Type.Array(
      Type.Object({ changeRequestId: Type.Integer(), title: Type.String(), appliedAt: Type.String() }),
    ),
    ...Judgement,
  });
  const improvement = async (query: {
    from: string;
    to: string;
    console?: string;
    unit?: string;
    condition?: string;
    period: 'week' | 'month';
  }) => {
    const window = windowOf(query);
    const scope = scopeOf(query);
    const settings = (await abnormal.settings()).kpi;
    const targetSettings = await boards.targets();
    const windows = periodWindows(window, query.period, plantTimeZone);
    const counts = await boards.periodCounts(windows, scope);
    const periods = [];
    for (const [index, period] of windows.entries()) {
      periods.push({
        start: new Date(period.from).toISOString(),
        end: new Date(period.to).toISOString(),
        figures: figuresOf(await kpi.summary(period, scope, settings)),
        ...counts[index],
      });
    }
    return {
      periods,
      appliedChanges: await boards.appliedChanges(window),
      targets: effectiveTargets(targetSettings, query),
      warnFactor: targetSettings.warnFactor,
    };
  };
  app.get(
    '/alarm/op/system/improve',
    {
      config: { permission: routePermission('/alarm/op/system/improve', 'view') },
      schema: { querystring: ImproveQuery, response: { 200: envelope(Improve) } },
    },
    async (request) => ok(await improvement(request.query)),
  );
  app.get(
    '/alarm/op/system/improve/export',
    {
      config: { permission: routePermission('/alarm/op/system/improve', 'view') },
      schema: { querystring: ImproveQuery },
    },
    async (request, reply) => {
      const { periods } = await improvement(request.query);
      type Row = (typeof periods)[number];
      return sendXlsx<Row>(reply, {
        fileStem: 'system-improvement',
        sheetName: '系统改进',
        columns: [
          { header: '开始', value: (row) => new Date(row.start), width: 20 },
          { header: '结束', value: (row) => new Date(row.end), width: 20 },
          { header: '报警数', value: (row) => row.figures.annunciations },
          ...TARGET_KPIS.map((kpi) => ({
            header: `${KPI_DEFINITIONS[kpi].label}（${KPI_DEFINITIONS[kpi].unit}）`,
            value: (row: Row) => row.figures[kpi],
            width: 20,
          })),
          { header: '发现异常报警', value: (row) => row.found },
          { header: '处置异常报警', value: (row) => row.handled },
          { header: 'MOC 外变更', value: (row) => row.outsideMoc },
        ],
        rows: periods,
      });
    },
  );

  // 对比优化看板: two windows or two scopes, every KPI side by side, per-point before/after.
  const side = (prefix: 'a' | 'b') => ({
    [`${prefix}From`]: WindowQuery.from,
    [`${prefix}To`]: WindowQuery.to,
    [`${prefix}Console`]: WindowQuery.console,
    [`${prefix}Unit`]: WindowQuery.unit,
  });
  const CompareQuery = Type.Object({ ...side('a'), ...side('b'), condition: WindowQuery.condition });
  type CompareQueryValue = {
    aFrom: string;
    aTo: string;
    aConsole?: string;
    aUnit?: string;
    bFrom: string;
    bTo: string;
    bConsole?: string;
    bUnit?: string;
    condition?: string;
  };
  const sides = (query: CompareQueryValue) =>
    [
      { from: query.aFrom, to: query.aTo, console: query.aConsole, unit: query.aUnit, condition: query.condition },
      { from: query.bFrom, to: query.bTo, console: query.bConsole, unit: query.bUnit, condition: query.condition },
    ] as const;
  const PointDelta = Type.Object({
    tag: Type.String(),
    condition: Type.String(),
    description: Type.String(),
    before: Type.Integer(),
    after: Type.Integer(),
    delta: Type.Integer(),
  });
  const Compare = Type.Object({
    a: Type.Object({ figures: Figures, targets: Judgement.targets }),
    b: Type.Object({ figures: Figures, targets: Judgement.targets }),
    warnFactor: Type.Number(),
    kpis: Type.Array(
      Type.Object({
        kpi: Type.String(),
        before: Type.Number(),
        after: Type.Number(),
        delta: Type.Number(),
        direction: Type.String(),
      }),
    ),
    points: Type.Array(PointDelta),
    gains: Type.Array(PointDelta),
    regressions: Type.Array(PointDelta),
  });
  const POINT_ROWS = 100;
  const GAINS = 10;
  app.get(
    '/alarm/op/optimize',
    {
      config: { permission: routePermission('/alarm/op/optimize', 'view') },
      schema: { querystring: CompareQuery, response: { 200: envelope(Compare) } },
    },
    async (request) => {
      const [before, after] = sides(request.query as CompareQueryValue);
      const targetSettings = await boards.targets();
      const a = figuresOf(await summaryOf(before));
      const b = figuresOf(await summaryOf(after));
      const points = await boards.pointDeltas(
        { window: windowOf(before), scope: scopeOf(before) },
        { window: windowOf(after), scope: scopeOf(after) },
      );
      return ok({
        a: { figures: a, targets: effectiveTargets(targetSettings, before) },
        b: { figures: b, targets: effectiveTargets(targetSettings, after) },
        warnFactor: targetSettings.warnFactor,
        kpis: (['annunciations', ...TARGET_KPIS] as const).map((key) => ({
          kpi: key,
          before: a[key],
          after: b[key],
          ...kpiChange(a[key], b[key]),
        })),
        points: points.slice(0, POINT_ROWS),
        // Sorting is stable: ties keep the points' tag order.
        gains: points
          .filter((row) => row.delta < 0)
          .sort((x, y) => x.delta - y.delta)
          .slice(0, GAINS),
        regressions: points
          .filter((row) => row.delta > 0)
          .sort((x, y) => y.delta - x.delta)
          .slice(0, GAINS),
      });
    },
  );
  app.get(
    '/alarm/op/optimize/export',
    { config: { permission: routePermission('/alarm/op/optimize', 'view') }, schema: { querystring: CompareQuery } },
    async (request, reply) => {
      const [before, after] = sides(request.query as CompareQueryValue);
      const points = await boards.pointDeltas(
        { window: windowOf(before), scope: scopeOf(before) },
        { window: windowOf(after), scope: scopeOf(after) },
      );
      return sendXlsx(reply, {
        fileStem: 'optimisation-comparison',
        sheetName: '对比优化',
        columns: [
          { header: '位号', value: (row) => row.tag },
          { header: '报警类型', value: (row) => row.condition, width: 10 },
          { header: '描述', value: (row) => row.description, width: 24 },
          { header: '对比前', value: (row) => row.before },
          { header: '对比后', value: (row) => row.after },
          { header: '变化', value: (row) => row.delta },
        ],
        rows: points,
      });
    },
  );
};

export default boardRoutes;
