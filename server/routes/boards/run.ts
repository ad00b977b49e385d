/** 系统运行看板 (/alarm/op/system/run): live state per console, last hour against the target, data freshness. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { effectiveTargets } from '../../../common/kpiTargets';
import { boardEndpoints, type ConsoleRun, type RunQuery } from '../../../contract/boards';
import { routePermission } from '../../auth/permissions';
import { type CellValue, sendXlsx, type XlsxColumn } from '../../export/xlsx';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const permission = routePermission('/alarm/op/system/run', 'view');
const HOUR_MS = 3_600_000;

const runRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { kpi, kpiSettings, boards } = app.repositories;

  const systemRun = async (query: RunQuery) => {
    const now = Date.now();
    const settings = (await kpiSettings.read()).kpi;
    const targetSettings = await boards.targets();
    const lastHour = { from: now - HOUR_MS, to: now };
    const [states, openAbnormal] = await Promise.all([
      boards.liveState(now, settings.staleHours, query),
      boards.openAbnormal(query),
    ]);
    // Every console's last hour side by side rather than one summary after another.
    const summaries = await Promise.all(
      states.map((state) => kpi.summary(lastHour, { console: state.console, unit: query.unit }, settings)),
    );
    const consoles: ConsoleRun[] = states.map((state, index) => {
      const lastEvent = state.lastEventAt === null ? null : Date.parse(state.lastEventAt);
      return {
        ...state,
        silent: lastEvent === null || now - lastEvent > targetSettings.silenceMinutes * 60_000,
        lastHour: {
          annunciations: summaries[index].annunciations,
          avgPer10Min: summaries[index].avgPer10Min,
          target: effectiveTargets(targetSettings, { unit: query.unit, console: state.console }).avgPer10Min,
        },
      };
    });
    return {
      now: new Date(now).toISOString(),
      silenceMinutes: targetSettings.silenceMinutes,
      warnFactor: targetSettings.warnFactor,
      consoles,
      openAbnormal,
    };
  };

  app.route({
    ...routeOf(boardEndpoints.run),
    config: { permission },
    handler: async (request) => ok(await systemRun(request.query)),
  });

  app.route({
    ...routeOf(boardEndpoints.runExport),
    config: { permission },
    handler: async (request, reply) => {
      const { consoles } = await systemRun(request.query);
      const count = (header: string, value: (row: ConsoleRun) => CellValue): XlsxColumn<ConsoleRun> => ({
        header,
        value,
        width: 10,
      });
      return sendXlsx<ConsoleRun>(reply, {
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
  });
};

export default runRoutes;
