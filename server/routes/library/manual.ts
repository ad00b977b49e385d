/**
 * 报警响应手册 of 报警列表: the workbook of a console's or a unit's manual, and the entries of its printable page.
 * Reading the manual is reading the library: both need the list's view right, as its export does.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { POINT_FIELD_LABELS as LABELS } from '../../../common/alarmLibrary';
import { type ManualEntry, manualEndpoints } from '../../../contract/manual';
import { routePermission } from '../../auth/permissions';
import { sendXlsx, type XlsxColumn } from '../../export/xlsx';
import { manualScope, printableManual } from '../../use-cases/library/manual';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const permission = routePermission('/alarm/bases/list', 'view');

/** The workbook's columns, in the order an operator reads an alarm's block. */
const COLUMNS: XlsxColumn<ManualEntry>[] = [
  { header: LABELS.unit, value: (entry) => entry.unit },
  { header: LABELS.equipment, value: (entry) => entry.equipment },
  { header: LABELS.tag, value: (entry) => entry.tag, width: 20 },
  { header: LABELS.condition, value: (entry) => `${entry.condition} ${entry.conditionName}`, width: 14 },
  { header: LABELS.description, value: (entry) => entry.description, width: 32 },
  { header: LABELS.limitValue, value: (entry) => entry.limitValue, width: 10 },
  { header: LABELS.engineeringUnit, value: (entry) => entry.engineeringUnit, width: 10 },
  { header: LABELS.priority, value: (entry) => entry.priorityName, width: 8 },
  { header: LABELS.cause, value: (entry) => entry.cause, width: 32 },
  { header: LABELS.consequence, value: (entry) => entry.consequence, width: 32 },
  { header: LABELS.operatorResponse, value: (entry) => entry.operatorResponse, width: 40 },
  { header: LABELS.maxResponseMinutes, value: (entry) => entry.maxResponseMinutes, width: 18 },
  { header: LABELS.console, value: (entry) => entry.console },
];

const manualRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { manual } = app.repositories;

  app.route({
    ...routeOf(manualEndpoints.export),
    config: { permission },
    handler: async (request, reply) => {
      const scope = await manualScope(request.query, app.repositories);
      return sendXlsx(reply, {
        fileStem: 'alarm-response-manual',
        sheetName: '报警响应手册',
        columns: COLUMNS,
        rows: manual.entries(scope),
        count: await manual.count(scope),
      });
    },
  });

  app.route({
    ...routeOf(manualEndpoints.entries),
    config: { permission },
    handler: async (request) => {
      const scope = await manualScope(request.query, app.repositories);
      return ok(await printableManual(scope, app.repositories, new Date()));
    },
  });
};

export default manualRoutes;
