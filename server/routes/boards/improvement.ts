/**
 * 系统改进看板 (/alarm/op/system/improve): KPI per week or month, abnormal alarms found vs handled, changes
 * outside MOC, applied changes, rationalization coverage per unit and the priority split against its targets.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { effectiveTargets, KPI_DEFINITIONS } from '../../../common/kpiTargets';
import { boardEndpoints, type ImprovementQuery, type PeriodRow } from '../../../contract/boards';
import { TARGET_KPIS } from '../../../contract/vocabulary';
import { routePermission } from '../../auth/permissions';
import { coverageSeries, windowPrioritySplit } from '../../domain/boards/coverage';
import { periodWindows } from '../../domain/boards/periods';
import { scopeOf, windowOf } from '../../domain/kpi/window';
import { sendXlsx } from '../../export/xlsx';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const permission = routePermission('/alarm/op/system/improve', 'view');

const improvementRoutes: FastifyPluginAsyncTypebox<{ plantTimeZone: string }> = async (app, { plantTimeZone }) => {
  const { kpiSettings, boards, periodFigures, dictionaries } = app.repositories;

  const improvement = async (query: ImprovementQuery) => {
    const window = windowOf(query);
    const scope = scopeOf(query);
    const settings = (await kpiSettings.read()).kpi;
    const targetSettings = await boards.targets();
    const windows = periodWindows(window, query.period, plantTimeZone);
    const ends = windows.map((period) => period.to);
    const [counts, figures, appliedChanges, coverageSteps, priorities] = await Promise.all([
      boards.periodCounts(windows, scope),
      periodFigures.figures(windows, scope, settings),
      boards.appliedChanges(window),
      boards.coverageSteps(ends, scope),
      dictionaries.priorities.looks(),
    ]);
    const periods: PeriodRow[] = windows.map((period, index) => ({
      start: new Date(period.from).toISOString(),
      end: new Date(period.to).toISOString(),
      figures: figures[index],
      ...counts[index],
    }));
    return {
      periods,
      appliedChanges,
      coverage: coverageSeries(coverageSteps, windows.length),
      prioritySplit: windowPrioritySplit(periods.map((row) => row.figures)),
      priorities,
      targets: effectiveTargets(targetSettings, query),
      warnFactor: targetSettings.warnFactor,
    };
  };

  app.route({
    ...routeOf(boardEndpoints.improvement),
    config: { permission },
    handler: async (request) => ok(await improvement(request.query)),
  });

  app.route({
    ...routeOf(boardEndpoints.improvementExport),
    config: { permission },
    handler: async (request, reply) => {
      const { periods } = await improvement(request.query);
      return sendXlsx<PeriodRow>(reply, {
        fileStem: 'system-improvement',
        sheetName: '系统改进',
        columns: [
          { header: '开始', value: (row) => new Date(row.start), width: 20 },
          { header: '结束', value: (row) => new Date(row.end), width: 20 },
          { header: '报警数', value: (row) => row.figures.annunciations },
          ...TARGET_KPIS.map((kpi) => ({
            header: `${KPI_DEFINITIONS[kpi].label}（${KPI_DEFINITIONS[kpi].unit}）`,
            value: (row: PeriodRow) => row.figures[kpi],
            width: 20,
          })),
          { header: '发现异常报警', value: (row) => row.found },
          { header: '处置异常报警', value: (row) => row.handled },
          { header: 'MOC 外变更', value: (row) => row.outsideMoc },
        ],
        rows: periods,
      });
    },
  });
};

export default improvementRoutes;
