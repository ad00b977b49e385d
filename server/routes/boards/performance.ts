/** 报警性能看板 (/alarm/board/performance): ISA-18.2 table per console with its targets, EEMUA level, rate histogram, floods. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { effectiveTargets, judgeKpis, type KpiJudgement, operatingLevel } from '../../../common/kpiTargets';
import { boardEndpoints } from '../../../contract/boards';
import type { BoardQuery } from '../../../contract/kpi';
import { routePermission } from '../../auth/permissions';
import { scopeOf, windowOf } from '../../domain/kpi/window';
import { judgementColumns } from '../../export/judgement';
import { sendXlsx } from '../../export/xlsx';
import { figuresOf } from '../../repositories/boards';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const permission = routePermission('/alarm/board/performance', 'view');

const levelOf = (figures: { avgPer10Min: number; peak10Min: number }) => {
  const { level, label } = operatingLevel(figures.avgPer10Min, figures.peak10Min);
  return { level, label };
};

const performanceRoutes: FastifyPluginAsyncTypebox<{ plantTimeZone: string }> = async (app) => {
  const { kpiSettings, boards } = app.repositories;

  const performance = async (query: BoardQuery) => {
    const window = windowOf(query);
    const scope = scopeOf(query);
    const settings = (await kpiSettings.read()).kpi;
    const [targetSettings, { whole, consoles: perConsole }, histogram] = await Promise.all([
      boards.targets(),
      boards.perConsole(window, scope, settings),
      boards.rateHistogram(window, scope),
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

  app.route({
    ...routeOf(boardEndpoints.performance),
    config: { permission },
    handler: async (request) => ok(await performance(request.query)),
  });

  app.route({
    ...routeOf(boardEndpoints.performanceExport),
    config: { permission },
    handler: async (request, reply) => {
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
  });
};

export default performanceRoutes;
