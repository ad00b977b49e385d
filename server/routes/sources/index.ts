/**
 * 数据采集 `/alarm/base/source` (docs/api.md, "Data collection"): the collection sources listed with their
 * state, created, edited, deleted and tested (测试连接); and 系统运行看板's live summary, under that board's view.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpointUrlProblem, severityBandsProblem, valueFieldProblem } from '../../../common/opcua';
import {
  type OpcuaSettingsBody,
  type Source,
  type SourceBody,
  type SourceStatus,
  type SourceTest,
  sourceEndpoints,
} from '../../../contract/sources';
import { routePermission } from '../../auth/permissions';
import { FolderError, normaliseFolder, waitingJournals } from '../../domain/collection/folder';
import { readOpcuaSettings, type StoredOpcuaSettings } from '../../domain/collection/opcua';
import type { SecretBox } from '../../domain/collection/secret';
import { refused } from '../../errors';
import type { HealthRow } from '../../repositories/opcua';
import type { SourceInsert, SourceRow, SourceStats } from '../../repositories/sources';
import { folderOf, NO_DROP_DIR } from '../../use-cases/collection/collector';
import { testOpcuaSource } from '../../use-cases/collection/opcua-test';
import { routeOf } from '../endpoint';
import { ok } from '../reply';
import { requiredText } from '../text';

const PATH = '/alarm/base/source';
const permission = (action: 'view' | 'create' | 'edit' | 'delete') => routePermission(PATH, action);

export interface SourceRoutesOptions {
  plantTimeZone: string;
  dropDir?: string;
}

export const NO_SECRET_FOR_PASSWORD =
  '服务器未配置 SOURCE_SECRET_KEY，无法加密保存密码：请设置该环境变量（至少 16 个字符）后重试，或改用匿名登录';

function folderSettings(body: SourceBody): { folder: string } {
  if (!body.folder) throw refused(400, '请填写投放文件夹的子文件夹名称');
  try {
    return { folder: normaliseFolder(body.folder.folder) };
  } catch (error) {
    if (error instanceof FolderError) throw refused(400, error.message);
    throw error;
  }
}

/**
 * The OPC UA settings as stored: the endpoint and mapping checked, the password sealed (absent in the body: the
 * stored one is kept; '': removed). Without SOURCE_SECRET_KEY a password is refused, never kept readable.
 */
function opcuaSettings(
  body: OpcuaSettingsBody | undefined,
  previous: StoredOpcuaSettings | undefined,
  secrets: SecretBox | undefined,
): StoredOpcuaSettings {
  if (!body) throw refused(400, '请填写 OPC UA 端点地址等连接设置');
  const endpointUrl = body.endpointUrl.trim();
  if (!endpointUrl) throw refused(400, '请填写 OPC UA 端点地址');
  const endpointProblem = endpointUrlProblem(endpointUrl);
  if (endpointProblem) throw refused(400, endpointProblem);
  if ((body.securityMode === 'None') !== (body.securityPolicy === 'None')) {
    throw refused(400, '安全模式与安全策略不匹配：安全模式为 None 时安全策略须为 None，反之亦然');
  }
  const mapping = readOpcuaSettings({ mapping: { ...previous?.mapping, ...body.mapping } }).mapping;
  mapping.valueField = mapping.valueField.trim();
  const bandsProblem = severityBandsProblem(mapping.severityBands);
  if (bandsProblem) throw refused(400, bandsProblem);
  const valueProblem = valueFieldProblem(mapping.valueField);
  if (valueProblem) throw refused(400, valueProblem);
  const userName = body.userName?.trim() ?? '';
  let password: string | undefined;
  if (userName) {
    if (body.password === undefined) password = previous?.userName ? previous.password : undefined;
    else if (body.password !== '') {
      if (!secrets) throw refused(400, NO_SECRET_FOR_PASSWORD);
      password = secrets.seal(body.password);
    }
    if (!password) throw refused(400, '以用户名登录时请填写密码');
  }
  return {
    endpointUrl,
    securityMode: body.securityMode,
    securityPolicy: body.securityPolicy,
    userName,
    ...(password ? { password } : {}),
    mapping,
  };
}

const sourceRoutes: FastifyPluginAsyncTypebox<SourceRoutesOptions> = async (app, { plantTimeZone, dropDir }) => {
  const { sources, opcua } = app.repositories;

  /** The body as stored: text trimmed, a folder kept under the drop root, OPC UA settings checked. */
  const toRow = (body: SourceBody, previous?: SourceRow): SourceInsert => ({
    name: requiredText(body.name, '名称'),
    kind: body.kind,
    enabled: body.enabled ?? true,
    unit: body.unit?.trim() ?? '',
    console: body.console?.trim() ?? '',
    settings:
      body.kind === 'folder'
        ? folderSettings(body)
        : opcuaSettings(
            body.opcua,
            previous?.kind === 'opcua' ? readOpcuaSettings(previous.settings) : undefined,
            app.sourceSecrets,
          ),
  });

  const statusOf = (row: SourceRow, stats?: SourceStats, health?: HealthRow): SourceStatus => {
    if (row.kind === 'folder') return app.collector.status(row, stats);
    return app.opcuaCollector.status(
      row,
      {
        eventsToday: stats?.eventsToday ?? 0,
        lastEventAt: stats?.lastEventAt ? new Date(stats.lastEventAt).toISOString() : null,
      },
      health,
    );
  };
  const duplicate = (name: string) => refused(409, `数据源名称「${name}」已存在，请换一个`);
  const missing = () => refused(404, '数据源不存在或已被删除');

  const answer = (row: SourceRow, stats?: SourceStats, health?: HealthRow): Source => {
    const settings = row.kind === 'opcua' ? readOpcuaSettings(row.settings) : undefined;
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      enabled: row.enabled,
      unit: row.unit,
      console: row.console,
      folder: row.kind === 'folder' ? { folder: folderOf(row) } : null,
      // The password is never answered: whether one is stored, only.
      opcua: settings
        ? {
            endpointUrl: settings.endpointUrl,
            securityMode: settings.securityMode,
            securityPolicy: settings.securityPolicy,
            userName: settings.userName,
            hasPassword: Boolean(settings.password),
            mapping: settings.mapping,
          }
        : null,
      status: statusOf(row, stats, health),
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  app.route({
    ...routeOf(sourceEndpoints.list),
    config: { permission: permission('view') },
    handler: async () => {
      const [rows, stats, health] = await Promise.all([sources.list(), sources.stats(plantTimeZone), opcua.health()]);
      return ok(rows.map((row) => answer(row, stats.get(row.id), health.get(row.id))));
    },
  });

  app.route({
    ...routeOf(sourceEndpoints.create),
    config: { permission: permission('create') },
    handler: async (request) => {
      const row = toRow(request.body);
      const result = await sources.create(row);
      if (!result.ok) throw duplicate(row.name);
      return ok(answer(result.row));
    },
  });

  app.route({
    ...routeOf(sourceEndpoints.update),
    config: { permission: permission('edit') },
    handler: async (request) => {
      const previous = await sources.findById(request.params.id);
      if (!previous) throw missing();
      const row = toRow(request.body, previous);
      const result = await sources.update(request.params.id, row);
      if (!result.ok) throw result.reason === 'duplicate' ? duplicate(row.name) : missing();
      const [stats, health] = await Promise.all([sources.stats(plantTimeZone), opcua.health()]);
      return ok(answer(result.row, stats.get(result.row.id), health.get(result.row.id)));
    },
  });

  app.route({
    ...routeOf(sourceEndpoints.remove),
    config: { permission: permission('delete') },
    handler: async (request) => {
      if (!(await sources.remove(request.params.id))) throw missing();
      return ok({ id: request.params.id });
    },
  });

  // 测试连接 is a look without side effects: under the page's view permission.
  app.route({
    ...routeOf(sourceEndpoints.test),
    config: { permission: permission('view') },
    handler: async (request) => {
      const row = await sources.findById(request.params.id);
      if (!row) throw missing();
      return ok(await testSource(row));
    },
  });

  async function testSource(row: SourceRow): Promise<SourceTest> {
    if (row.kind === 'opcua') return testOpcuaSource(readOpcuaSettings(row.settings), app.sourceSecrets);
    if (!dropDir) return { ok: false, message: NO_DROP_DIR, files: [], conditions: [] };
    try {
      const files = await waitingJournals(dropDir, folderOf(row));
      return {
        ok: true,
        message: `文件夹可读，等待导入的日志文件 ${files.length} 个`,
        files: files.map((file) => ({
          name: file.name,
          size: file.size,
          modifiedAt: new Date(file.mtimeMs).toISOString(),
        })),
        conditions: [],
      };
    } catch (error) {
      if (error instanceof FolderError) return { ok: false, message: error.message, files: [], conditions: [] };
      throw error;
    }
  }

  app.route({
    ...routeOf(sourceEndpoints.live),
    config: { permission: routePermission('/alarm/op/system/run', 'view') },
    handler: async () => {
      const [revision, rows, stats, health] = await Promise.all([
        sources.revision(),
        sources.list(),
        sources.stats(plantTimeZone),
        opcua.health(),
      ]);
      return ok({
        revision,
        sources: rows.map((row) => ({
          id: row.id,
          name: row.name,
          kind: row.kind,
          status: statusOf(row, stats.get(row.id), health.get(row.id)),
        })),
      });
    },
  });
};

export default sourceRoutes;
