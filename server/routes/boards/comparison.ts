/** 对比优化看板 (/alarm/op/optimize): two windows or two scopes, every KPI side by side, per-point before/after. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { effectiveTargets, kpiChange } from '../../../common/kpiTargets';
import { boardEndpoints, type ComparisonQuery } from '../../../contract/boards';
import type { BoardQuery } from '../../../contract/kpi';
import { TARGET_KPIS } from '../../../contract/vocabulary';
import { routePermission } from '../../auth/permissions';
import { scopeOf, windowOf } from '../../domain/kpi/window';
import { sendXlsx } from '../../export/xlsx';
import { figuresOf } from '../../repositories/boards';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const permission = routePermission('/alarm/op/optimize', 'view');
const POINT_ROWS = 100;
const GAINS = 10;

/** Side a (before) and side b (after) as board queries. */
const sides = (query: ComparisonQuery): [BoardQuery, BoardQuery] => [
  { from: query.aFrom, to: query.aTo, console: query.aConsole, unit: query.aUnit, condition: query.condition },
  { from: query.bFrom, to: query.bTo, console: query.bConsole, unit: query.bUnit, condition: query.condition },
];

const comparisonRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { kpi, kpiSettings, boards } = app.repositories;

  const pointDeltas = (before: BoardQuery, after: BoardQuery) =>
    boards.pointDeltas(
      { window: windowOf(before), scope: scopeOf(before) },
      { window: windowOf(after), scope: scopeOf(after) },
    );

  app.route({
    ...routeOf(boardEndpoints.comparison),
    config: { permission },
    handler: async (request) => {
      const [before, after] = sides(request.query);
      const targetSettings = await boards.targets();
      const settings = (await kpiSettings.read()).kpi;
      const [a, b, points] = await Promise.all([
        kpi.summary(windowOf(before), scopeOf(before), settings).then(figuresOf),
        kpi.summary(windowOf(after), scopeOf(after), settings).then(figuresOf),
        pointDeltas(before, after),
      ]);
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
  });

  app.route({
    ...routeOf(boardEndpoints.comparisonExport),
    config: { permission },
    handler: async (request, reply) => {
      const [before, after] = sides(request.query);
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
        rows: await pointDeltas(before, after),
      });
    },
  });
};

export default comparisonRoutes;
