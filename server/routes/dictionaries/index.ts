/**
 * 基础配置 dictionaries: 报警类型 `/alarm/base/type` (with the priorities' names and colours, which
 * live on the same page) and 系统类型 `/alarm/base/system`. Each coded dictionary gets the same five
 * endpoints — paged list, create, update, delete, streamed export — under its route's own permissions;
 * the priorities list, edit and export under those of 报警类型, and their names under each page that shows
 * change settings.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static, TObject } from 'typebox';
import {
  type AlarmType,
  type AlarmTypeBody,
  alarmTypeEndpoints,
  type CodedDictionaryEndpoints,
  priorityEndpoints,
  type SystemType,
  type SystemTypeBody,
  systemTypeEndpoints,
} from '../../../contract/dictionaries';
import { rationalizationEndpoints } from '../../../contract/rationalization';
import { type Permission, routePermission } from '../../auth/permissions';
import { refused } from '../../errors';
import { sendXlsx, type XlsxColumn } from '../../export/xlsx';
import type { AlarmTypeTable, CodedDictionary, CodedTable, SystemTypeTable } from '../../repositories/dictionaries';
import { routeOf } from '../endpoint';
import { ok } from '../reply';
import { requiredText } from '../text';

const enabledLabel = (enabled: boolean) => (enabled ? '启用' : '停用');

/** A body as a route handler reads it (Fastify's own wrapping of the schema's type). */
type RequestBody<Body extends TObject> = FastifyRequest<{ Body: Static<Body> }>['body'];

interface CodedDictionaryRoutes<TTable extends CodedTable, Item extends TObject, Body extends TObject> {
  /** The route-table path of the page; the endpoints live under `/api` + this path. */
  path: string;
  endpoints: CodedDictionaryEndpoints<string, Item, Body>;
  /** What one entry is called in messages, e.g. 报警类型. */
  noun: string;
  repository: CodedDictionary<TTable>;
  /** Defaults for optional fields, trimmed text and anything else the table needs. */
  toRow: (body: RequestBody<Body>) => Omit<TTable['$inferInsert'], 'id' | 'createdAt' | 'updatedAt'>;
  exportStem: string;
  columns: XlsxColumn<TTable['$inferSelect']>[];
}

function registerCodedDictionary<TTable extends CodedTable, Item extends TObject, Body extends TObject>(
  app: FastifyInstance,
  spec: CodedDictionaryRoutes<TTable, Item, Body>,
): void {
  const permission = (action: 'view' | 'create' | 'edit' | 'delete'): Permission => routePermission(spec.path, action);
  const { repository, noun, endpoints } = spec;
  const duplicate = (code: string) => refused(409, `${noun}编码「${code}」已存在，请换一个`);
  const missing = () => refused(404, `${noun}不存在或已被删除`);

  // Generic schemas leave the type provider nothing to infer: the request types are named from them instead.
  type Query = Static<(typeof endpoints)['list']['query']>;
  type Filters = Static<(typeof endpoints)['export']['query']>;
  type Params = Static<(typeof endpoints)['update']['params']>;

  app.route<{ Querystring: Query }>({
    ...routeOf(endpoints.list),
    config: { permission: permission('view') },
    handler: async (request) => {
      const { current, pageSize, ...filters } = request.query;
      return ok(await repository.page(filters, { current, pageSize }));
    },
  });

  app.route<{ Querystring: Filters }>({
    ...routeOf(endpoints.export),
    config: { permission: permission('view') },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileStem: spec.exportStem,
        sheetName: noun,
        columns: spec.columns,
        rows: repository.rows(request.query),
        count: await repository.count(request.query),
      }),
  });

  app.route<{ Body: Static<Body> }>({
    ...routeOf(endpoints.create),
    config: { permission: permission('create') },
    handler: async (request) => {
      const row = spec.toRow(request.body);
      const result = await repository.create(row);
      if (!result.ok) throw duplicate(row.code);
      return ok(result.row);
    },
  });

  app.route<{ Params: Params; Body: Static<Body> }>({
    ...routeOf(endpoints.update),
    config: { permission: permission('edit') },
    handler: async (request) => {
      const { id } = request.params;
      const row = spec.toRow(request.body);
      return app.transaction(async (tx) => {
        const existing = await repository.findById(id, tx);
        if (!existing) throw missing();
        // Alarm points refer to the code: it may change only while nothing uses it.
        if (existing.code !== row.code && (await repository.inUse(existing.code, tx))) {
          throw refused(409, `${noun}「${existing.code}」已被报警点使用，不能修改编码`);
        }
        const result = await repository.update(id, row, tx);
        if (!result.ok) throw result.reason === 'duplicate' ? duplicate(row.code) : missing();
        return ok(result.row);
      });
    },
  });

  app.route<{ Params: Params }>({
    ...routeOf(endpoints.remove),
    config: { permission: permission('delete') },
    handler: async (request) => {
      const { id } = request.params;
      return app.transaction(async (tx) => {
        const existing = await repository.findById(id, tx);
        if (!existing) throw missing();
        if (await repository.inUse(existing.code, tx)) {
          throw refused(409, `${noun}「${existing.code}」已被报警点使用，不能删除；可将其停用`);
        }
        await repository.remove(id, tx);
        return ok({ id });
      });
    },
  });
}

const dictionaryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { alarmTypes, systemTypes, priorities } = app.repositories.dictionaries;

  registerCodedDictionary<AlarmTypeTable, typeof AlarmType, typeof AlarmTypeBody>(app, {
    path: '/alarm/base/type',
    endpoints: alarmTypeEndpoints,
    noun: '报警类型',
    repository: alarmTypes,
    toRow: (body) => ({
      code: body.code.trim(),
      name: requiredText(body.name, '名称'),
      description: body.description?.trim() ?? '',
      color: body.color ?? '#1677ff',
      sortOrder: body.sortOrder ?? 0,
      enabled: body.enabled ?? true,
    }),
    exportStem: 'alarm-types',
    columns: [
      { header: '编码', value: (row) => row.code },
      { header: '名称', value: (row) => row.name },
      { header: '描述', value: (row) => row.description, width: 40 },
      { header: '显示颜色', value: (row) => row.color },
      { header: '排序', value: (row) => row.sortOrder, width: 8 },
      { header: '状态', value: (row) => enabledLabel(row.enabled), width: 8 },
    ],
  });

  registerCodedDictionary<SystemTypeTable, typeof SystemType, typeof SystemTypeBody>(app, {
    path: '/alarm/base/system',
    endpoints: systemTypeEndpoints,
    noun: '系统类型',
    repository: systemTypes,
    toRow: (body) => ({
      code: body.code.trim(),
      name: requiredText(body.name, '名称'),
      description: body.description?.trim() ?? '',
      enabled: body.enabled ?? true,
    }),
    exportStem: 'system-types',
    columns: [
      { header: '编码', value: (row) => row.code },
      { header: '名称', value: (row) => row.name },
      { header: '描述', value: (row) => row.description, width: 40 },
      { header: '状态', value: (row) => enabledLabel(row.enabled), width: 8 },
    ],
  });

  // The priority matrix of rationalization (docs/domain.md); it changes through a change request (contract/changes.ts).
  app.route({
    ...routeOf(rationalizationEndpoints.matrix),
    config: { permission: routePermission('/alarm/base/type', 'view') },
    handler: async () => ok(await app.repositories.matrix.stored()),
  });

  // Priorities are the four fixed codes of the KPIs: their names and colours are edited with the alarm types.
  app.route({
    ...routeOf(priorityEndpoints.list),
    config: { permission: routePermission('/alarm/base/type', 'view') },
    handler: async () => ok(await priorities.list()),
  });

  // The change, condition and approval pages show priorities by these names too, each page under its own
  // view permission (an approver need not see 报警类型).
  const names = [
    [priorityEndpoints.namesOfChanges, '/alarm/op/update'],
    [priorityEndpoints.namesOfConditions, '/alarm/op/working'],
    [priorityEndpoints.namesOfApprovals, '/alarm/approve/list'],
  ] as const;
  for (const [endpoint, path] of names) {
    app.route({
      ...routeOf(endpoint),
      config: { permission: routePermission(path, 'view') },
      handler: async () => ok((await priorities.list()).map(({ code, name, color }) => ({ code, name, color }))),
    });
  }

  app.route({
    ...routeOf(priorityEndpoints.export),
    config: { permission: routePermission('/alarm/base/type', 'view') },
    handler: async (_request, reply) =>
      sendXlsx(reply, {
        fileStem: 'priorities',
        sheetName: '优先级',
        rows: await priorities.list(),
        columns: [
          { header: '代码', value: (row) => row.code, width: 10 },
          { header: '名称', value: (row) => row.name },
          { header: '显示颜色', value: (row) => row.color },
          { header: '目标占比（%）', value: (row) => row.targetShare, width: 14 },
          { header: '排序', value: (row) => row.sortOrder, width: 8 },
        ],
      }),
  });

  app.route({
    ...routeOf(priorityEndpoints.update),
    config: { permission: routePermission('/alarm/base/type', 'edit') },
    handler: async (request) => {
      const { color, sortOrder } = request.body;
      const name = requiredText(request.body.name, '名称');
      const row = await priorities.update(request.params.id, { name, color, sortOrder });
      if (!row) throw refused(404, '优先级不存在');
      return ok(row);
    },
  });
};

export default dictionaryRoutes;
