/**
 * 数据采集 `/alarm/base/source` (docs/api.md, "Data collection"): the collection sources listed with their
 * state, created, edited, deleted and tested (测试连接); and 系统运行看板's live summary, under that board's view.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Source, type SourceBody, type SourceTest, sourceEndpoints } from '../../../contract/sources';
import { routePermission } from '../../auth/permissions';
import { FolderError, normaliseFolder, waitingJournals } from '../../domain/collection/folder';
import { refused } from '../../errors';
import type { SourceInsert, SourceRow, SourceStats } from '../../repositories/sources';
import { folderOf, NO_DROP_DIR } from '../../use-cases/collection/collector';
import { routeOf } from '../endpoint';
import { ok } from '../reply';
import { requiredText } from '../text';

const PATH = '/alarm/base/source';
const permission = (action: 'view' | 'create' | 'edit' | 'delete') => routePermission(PATH, action);

export interface SourceRoutesOptions {
  plantTimeZone: string;
  dropDir?: string;
}

/** The body as stored: text trimmed, the folder checked to stay under the drop root. */
function toRow(body: SourceBody): SourceInsert {
  if (body.kind !== 'folder') throw refused(400, '暂不支持 OPC UA 数据源，目前只能添加投放文件夹数据源');
  if (!body.folder) throw refused(400, '请填写投放文件夹的子文件夹名称');
  let folder: string;
  try {
    folder = normaliseFolder(body.folder.folder);
  } catch (error) {
    if (error instanceof FolderError) throw refused(400, error.message);
    throw error;
  }
  return {
    name: requiredText(body.name, '名称'),
    kind: body.kind,
    enabled: body.enabled ?? true,
    unit: body.unit?.trim() ?? '',
    console: body.console?.trim() ?? '',
    settings: { folder },
  };
}

const sourceRoutes: FastifyPluginAsyncTypebox<SourceRoutesOptions> = async (app, { plantTimeZone, dropDir }) => {
  const { sources } = app.repositories;
  const duplicate = (name: string) => refused(409, `数据源名称「${name}」已存在，请换一个`);
  const missing = () => refused(404, '数据源不存在或已被删除');

  const answer = (row: SourceRow, stats?: SourceStats): Source => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    enabled: row.enabled,
    unit: row.unit,
    console: row.console,
    folder: row.kind === 'folder' ? { folder: folderOf(row) } : null,
    status: app.collector.status(row, stats),
    updatedAt: row.updatedAt.toISOString(),
  });

  app.route({
    ...routeOf(sourceEndpoints.list),
    config: { permission: permission('view') },
    handler: async () => {
      const [rows, stats] = await Promise.all([sources.list(), sources.stats(plantTimeZone)]);
      return ok(rows.map((row) => answer(row, stats.get(row.id))));
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
      const row = toRow(request.body);
      const result = await sources.update(request.params.id, row);
      if (!result.ok) throw result.reason === 'duplicate' ? duplicate(row.name) : missing();
      const stats = await sources.stats(plantTimeZone);
      return ok(answer(result.row, stats.get(result.row.id)));
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
    if (row.kind !== 'folder') return { ok: false, message: '暂不支持该类型的数据源', files: [] };
    if (!dropDir) return { ok: false, message: NO_DROP_DIR, files: [] };
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
      };
    } catch (error) {
      if (error instanceof FolderError) return { ok: false, message: error.message, files: [] };
      throw error;
    }
  }

  app.route({
    ...routeOf(sourceEndpoints.live),
    config: { permission: routePermission('/alarm/op/system/run', 'view') },
    handler: async () => {
      const [revision, rows, stats] = await Promise.all([
        sources.revision(),
        sources.list(),
        sources.stats(plantTimeZone),
      ]);
      return ok({
        revision,
        sources: rows.map((row) => ({
          id: row.id,
          name: row.name,
          kind: row.kind,
          status: app.collector.status(row, stats.get(row.id)),
        })),
      });
    },
  });
};

export default sourceRoutes;
