/** 报警总览 (/alarm/board/over): the engine's summary with the scope's targets and open abnormal alarms. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { effectiveTargets, judgeKpis } from '../../../common/kpiTargets';
import { boardEndpoints } from '../../../contract/boards';
import type { BoardQuery } from '../../../contract/kpi';
import { routePermission } from '../../auth/permissions';
import { scopeOf, windowOf } from '../../domain/kpi/window';
import { judgementColumns } from '../../export/judgement';
import { sendWorkbook } from '../../export/xlsx';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const permission = routePermission('/alarm/board/over', 'view');

const overRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { kpi, kpiSettings, boards, dictionaries } = app.repositories;

  const overview = async (query: BoardQuery) => {
    const settings = (await kpiSettings.read()).kpi;
    const scope = scopeOf(query);
    const [targetSettings, summary, priorities, openAbnormal, priorityMismatches] = await Promise.all([
      boards.targets(),
      kpi.summary(windowOf(query), scope, settings),
      dictionaries.priorities.looks(),
      boards.openAbnormal(scope),
      boards.priorityMismatches(scope),
    ]);
    return {
      summary,
      overloadThreshold: settings.overloadThreshold,
      priorities,
      targets: effectiveTargets(targetSettings, query),
      warnFactor: targetSettings.warnFactor,
      openAbnormal,
      priorityMismatches,
    };
  };

  app.route({
    ...routeOf(boardEndpoints.over),
    config: { permission },
    handler: async (request) => ok(await overview(request.query)),
  });

  app.route({
    ...routeOf(boardEndpoints.overExport),
    config: { permission },
    handler: async (request, reply) => {
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
  });
};

export default overRoutes;
