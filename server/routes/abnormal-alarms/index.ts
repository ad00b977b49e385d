/**
 * 异常报警列表 `/alarm/bases/abnormal`: the abnormal-alarm records of the detection, paged with filters and
 * exported under the route's `view`. Ending one record (处置 or 忽略) is handling in the library's sense and
 * needs the library's `handle`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { abnormalKindLabel } from '../../../common/alarmLibrary';
import { abnormalListEndpoints } from '../../../contract/library';
import { routePermission } from '../../auth/permissions';
import { refused } from '../../errors';
import { sendXlsx } from '../../export/xlsx';
import { currentUser } from '../../plugins/authentication';
import { routeOf } from '../endpoint';
import { ok } from '../reply';
import { requiredText } from '../text';

const PATH = '/alarm/bases/abnormal';
const VIEW = routePermission(PATH, 'view');

const time = (iso: string | null) => (iso ? new Date(iso) : null);

const abnormalAlarmRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { library } = app.repositories;

  app.route({
    ...routeOf(abnormalListEndpoints.list),
    config: { permission: VIEW },
    handler: async (request) => {
      const { current, pageSize, ...filters } = request.query;
      return ok(await library.abnormalPage(filters, { current, pageSize }));
    },
  });

  app.route({
    ...routeOf(abnormalListEndpoints.export),
    config: { permission: VIEW },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileStem: 'abnormal-alarms',
        sheetName: '异常报警列表',
        rows: library.abnormalRows(request.query),
        count: await library.abnormalCount(request.query),
        columns: [
          { header: '位号', value: (row) => row.tag, width: 20 },
          { header: '报警类型', value: (row) => row.condition, width: 10 },
          { header: '描述', value: (row) => row.description, width: 32 },
          { header: '装置', value: (row) => row.unit },
          { header: '操作台', value: (row) => row.console },
          { header: '异常类型', value: (row) => abnormalKindLabel(row.kind), width: 14 },
          { header: '首次发现', value: (row) => time(row.firstSeen), width: 20 },
          { header: '最近发现', value: (row) => time(row.lastSeen), width: 20 },
          { header: '次数', value: (row) => row.count, width: 8 },
          { header: '状态', value: (row) => row.status, width: 8 },
          { header: '处置人', value: (row) => row.handledBy },
          { header: '处置时间', value: (row) => time(row.handledAt), width: 20 },
          { header: '处置说明', value: (row) => row.note, width: 32 },
        ],
      }),
  });

  app.route({
    ...routeOf(abnormalListEndpoints.close),
    config: { permission: routePermission('/alarm/bases/list', 'handle') },
    handler: async (request) => {
      const note = requiredText(request.body.note, request.body.status === '已忽略' ? '忽略原因' : '处置说明');
      const { id } = request.params;
      const closed = await library.closeAbnormal(id, request.body.status, note, currentUser(request).username);
      const record = await library.findAbnormal(id);
      if (!record) throw refused(404, '异常报警记录不存在');
      if (!closed) throw refused(409, `该异常报警已是「${record.status}」状态，不能再次处置`);
      return ok(record);
    },
  });
};

export default abnormalAlarmRoutes;
