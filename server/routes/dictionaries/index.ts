/**
 * 基础配置 dictionaries: 报警类型 `/alarm/base/type` (with the priorities' names and colours, which
 * live on the same page) and 系统类型 `/alarm/base/system`. Each coded dictionary gets the same five
 * endpoints — paged list, create, update, delete, streamed export — under its route's own permissions;
 * the priorities list, edit and export under those of 报警类型, and their names under each page that shows
 * change settings.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { type Static, type TObject, Type } from 'typebox';
import { Color, envelope, IdParams, pageOf, pageQueryProperties, Timestamp } from '../../../contract/http';
import { type Permission, routePermission } from '../../auth/permissions';
import type { alarmTypes as alarmTypeTable, systemTypes as systemTypeTable } from '../../db/schema';
import { refused } from '../../errors';
import { sendXlsx, type XlsxColumn } from '../../export/xlsx';
import type { CodedDictionary, CodedTable, DictionaryFilters } from '../../repositories/dictionaries';
import { ok } from '../reply';
import { requiredText } from '../text';

const Code = Type.String({ minLength: 1, maxLength: 32, pattern: '^\\s*[A-Za-z0-9_.-]+\\s*$' });
const Name = Type.String({ minLength: 1, maxLength: 50 });
const Description = Type.String({ maxLength: 500 });

const filterProperties = {
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  enabled: Type.Optional(Type.Boolean()),
};

const common = {
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  description: Type.String(),
  enabled: Type.Boolean(),
  updatedAt: Timestamp,
};

const AlarmType = Type.Object({ ...common, color: Type.String(), sortOrder: Type.Integer() });
const AlarmTypeBody = Type.Object({
  code: Code,
  name: Name,
  description: Type.Optional(Description),
  color: Type.Optional(Color),
  sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99_999 })),
  enabled: Type.Optional(Type.Boolean()),
});

const SystemType = Type.Object(common);
const SystemTypeBody = Type.Object({
  code: Code,
  name: Name,
  description: Type.Optional(Description),
  enabled: Type.Optional(Type.Boolean()),
});

const Priority = Type.Object({
  id: Type.Integer(),
  code: Type.Union([Type.Literal('urgent'), Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')]),
  name: Type.String(),
  color: Type.String(),
  targetShare: Type.Integer(),
  sortOrder: Type.Integer(),
});
const PriorityBody = Type.Object({ name: Name, color: Color, sortOrder: Type.Integer({ minimum: 0, maximum: 99 }) });

const enabledLabel = (enabled: boolean) => (enabled ? '启用' : '停用');

interface CodedDictionaryRoutes<TTable extends CodedTable, Body extends TObject> {
  /** The route-table path of the page; the endpoints live under `/api` + this path. */
  path: string;
  /** What one entry is called in messages, e.g. 报警类型. */
  noun: string;
  repository: CodedDictionary<TTable>;
  item: TObject;
  body: Body;
  /** Defaults for optional fields, trimmed text and anything else the table needs. */
  toRow: (body: Static<Body>) => Omit<TTable['$inferInsert'], 'id' | 'createdAt' | 'updatedAt'>;
  exportStem: string;
  columns: XlsxColumn<TTable['$inferSelect']>[];
}

function registerCodedDictionary<TTable extends CodedTable, Body extends TObject>(
  app: FastifyInstance,
  spec: CodedDictionaryRoutes<TTable, Body>,
): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const permission = (action: 'view' | 'create' | 'edit' | 'delete'): Permission => routePermission(spec.path, action);
  const { repository, noun } = spec;
  const transaction = app.database.db.transaction.bind(app.database.db);
  const Filters = Type.Object(filterProperties);
  const duplicate = (code: string) => refused(409, `${noun}编码「${code}」已存在，请换一个`);
  const missing = () => refused(404, `${noun}不存在或已被删除`);

  typed.get(
    spec.path,
    {
      config: { permission: permission('view') },
      schema: {
        querystring: Type.Object({ ...pageQueryProperties, ...filterProperties }),
        response: { 200: envelope(pageOf(spec.item)) },
      },
    },
    async (request) => {
      const { current, pageSize, ...filters } = request.query as DictionaryFilters & typeof request.query;
      return ok(await repository.page(filters, { current, pageSize }));
    },
  );

  typed.get(
    `${spec.path}/export`,
    { config: { permission: permission('view') }, schema: { querystring: Filters } },
    async (request, reply) =>
      sendXlsx(reply, {
        fileStem: spec.exportStem,
        sheetName: noun,
        columns: spec.columns,
        rows: repository.rows(request.query as DictionaryFilters),
      }),
  );

  typed.post(
    spec.path,
    {
      config: { permission: permission('create') },
      schema: { body: spec.body, response: { 200: envelope(spec.item) } },
    },
    async (request) => {
      const row = spec.toRow(request.body as Static<Body>);
      const result = await repository.create(row);
      if (!result.ok) throw duplicate(row.code);
      return ok(result.row);
    },
  );

  typed.put(
    `${spec.path}/:id`,
    {
      config: { permission: permission('edit') },
      schema: { params: IdParams, body: spec.body, response: { 200: envelope(spec.item) } },
    },
    async (request) => {
      const { id } = request.params as Static<typeof IdParams>;
      const row = spec.toRow(request.body as Static<Body>);
      return transaction(async (tx) => {
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
  );

  typed.delete(
    `${spec.path}/:id`,
    {
      config: { permission: permission('delete') },
      schema: { params: IdParams, response: { 200: envelope(Type.Object({ id: Type.Integer() })) } },
    },
    async (request) => {
      const { id } = request.params as Static<typeof IdParams>;
      return transaction(async (tx) => {
        const existing = await repository.findById(id, tx);
        if (!existing) throw missing();
        if (await repository.inUse(existing.code, tx)) {
          throw refused(409, `${noun}「${existing.code}」已被报警点使用，不能删除；可将其停用`);
        }
        await repository.remove(id, tx);
        return ok({ id });
      });
    },
  );
}

const dictionaryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { alarmTypes, systemTypes, priorities } = app.repositories.dictionaries;

  registerCodedDictionary<typeof alarmTypeTable, typeof AlarmTypeBody>(app, {
    path: '/alarm/base/type',
    noun: '报警类型',
    repository: alarmTypes,
    item: AlarmType,
    body: AlarmTypeBody,
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

  registerCodedDictionary<typeof systemTypeTable, typeof SystemTypeBody>(app, {
    path: '/alarm/base/system',
    noun: '系统类型',
    repository: systemTypes,
    item: SystemType,
    body: SystemTypeBody,
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

  // Priorities are the four fixed codes of the KPIs: their names and colours are edited with the alarm types.
  app.get(
    '/alarm/base/priorities',
    {
      config: { permission: routePermission('/alarm/base/type', 'view') },
      schema: { response: { 200: envelope(Type.Array(Priority)) } },
    },
    async () => ok(await priorities.list()),
  );

  // The change, condition and approval pages show priorities by these names too, each page under its own
  // view permission (an approver need not see 报警类型).
  const PriorityName = Type.Object({ code: Priority.properties.code, name: Type.String(), color: Type.String() });
  for (const path of ['/alarm/op/update', '/alarm/op/working', '/alarm/approve/list']) {
    app.get(
      `${path}/priorities`,
      {
        config: { permission: routePermission(path, 'view') },
        schema: { response: { 200: envelope(Type.Array(PriorityName)) } },
      },
      async () => ok((await priorities.list()).map(({ code, name, color }) => ({ code, name, color }))),
    );
  }

  app.get(
    '/alarm/base/priorities/export',
    { config: { permission: routePermission('/alarm/base/type', 'view') } },
    async (_request, reply) =>
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
  );

  app.put(
    '/alarm/base/priorities/:id',
    {
      config: { permission: routePermission('/alarm/base/type', 'edit') },
      schema: { params: IdParams, body: PriorityBody, response: { 200: envelope(Priority) } },
    },
    async (request) => {
      const { color, sortOrder } = request.body;
      const name = requiredText(request.body.name, '名称');
      const row = await priorities.update(request.params.id, { name, color, sortOrder });
      if (!row) throw refused(404, '优先级不存在');
      return ok(row);
    },
  );
};

export default dictionaryRoutes;
