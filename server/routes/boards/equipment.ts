/** 设备报警看板 (/alarm/board/eq): load per equipment (by condition), equipment × day heatmap, drill-down. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { boardEndpoints } from '../../../contract/boards';
import { routePermission } from '../../auth/permissions';
import { scopeOf, windowOf } from '../../domain/kpi/window';
import { sendXlsx } from '../../export/xlsx';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const permission = routePermission('/alarm/board/eq', 'view');

const equipmentRoutes: FastifyPluginAsyncTypebox<{ plantTimeZone: string }> = async (app, { plantTimeZone }) => {
  const { boards } = app.repositories;

  app.route({
    ...routeOf(boardEndpoints.equipment),
    config: { permission },
    handler: async (request) => {
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
  });

  app.route({
    ...routeOf(boardEndpoints.equipmentExport),
    config: { permission },
    handler: async (request, reply) => {
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
  });

  app.route({
    ...routeOf(boardEndpoints.equipmentDetail),
    config: { permission },
    handler: async (request) => ok(await boards.equipmentDetail(request.query.equipmentId, windowOf(request.query))),
  });
};

export default equipmentRoutes;
