/**
 * 报警列表 `/alarm/bases/list` (the alarm library): paged list with filters and sorting, export, a point's
 * detail, edit with optimistic concurrency and audit, soft removal, 处置 handle (closes the point's open
 * abnormal records), 确认 confirm of the rationalization, and import of a library file (CSV or xlsx with
 * the export's columns; all or nothing). Each endpoint needs one action of the route.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { POINT_FIELD_LABELS, type PointField, STALE_POINT_MESSAGE } from '../../../common/alarmLibrary';
import { envelope } from '../../../contract/http';
import { ImportResult, libraryEndpoints } from '../../../contract/library';
import { rationalizationEndpoints } from '../../../contract/rationalization';
import { routePermission } from '../../auth/permissions';
import { JournalFileError, readUploadedRows, type UnpackLimits } from '../../domain/journal';
import { LIBRARY_IMPORT_LIMITS, LibraryImportLimitError, libraryImportBatches } from '../../domain/library/import';
import { ApiError, refused } from '../../errors';
import { type CellValue, sendXlsx, type XlsxColumn } from '../../export/xlsx';
import { currentUser } from '../../plugins/authentication';
import type { ExportedPointRow, PointChangeResult, PointRow } from '../../repositories/library';
import { confirmRationalization, saveRationalization } from '../../use-cases/library/rationalization';
import { routeOf } from '../endpoint';
import { ok } from '../reply';
import { requiredText } from '../text';
import { singleUpload } from '../upload';
import manualRoutes from './manual';

const PATH = '/alarm/bases/list';
const permission = (action: 'view' | 'edit' | 'remove' | 'handle' | 'confirm') => routePermission(PATH, action);

const missing = () => refused(404, '报警点不存在或已被删除');

/** The answer of a point change (`library.change`) as the HTTP refusal it means. */
function refuseChange(result: Exclude<PointChangeResult, { ok: true }>): never {
  if (result.reason === 'invalid') throw refused(400, result.message);
  if (result.reason === 'stale') throw refused(409, STALE_POINT_MESSAGE);
  throw missing();
}

const exported = (
  field: PointField,
  value: (row: ExportedPointRow) => CellValue,
  width?: number,
): XlsxColumn<ExportedPointRow> => ({
  header: POINT_FIELD_LABELS[field],
  value,
  width,
});

export interface LibraryRoutesOptions {
  /** The import's limits (tests use small ones). */
  limits?: { maxBytes: number; maxRows: number; maxErrors: number };
  /** What an xlsx upload may unpack to (docs/api.md, "Import limits"); UNPACK_LIMITS unless given. */
  unpack?: UnpackLimits;
}

const libraryRoutes: FastifyPluginAsyncTypebox<LibraryRoutesOptions> = async (
  app,
  { limits = LIBRARY_IMPORT_LIMITS, unpack },
) => {
  const { library } = app.repositories;
  // The upload's own limit; the reader counts the same bytes and answers the 413 first.
  await app.register(multipart, { limits: { fileSize: limits.maxBytes + 1, files: 1, fields: 10 } });
  await app.register(manualRoutes);

  app.route({
    ...routeOf(libraryEndpoints.list),
    config: { permission: permission('view') },
    handler: async (request) => {
      const { current, pageSize, sortField, sortOrder, ...filters } = request.query;
      const sort = sortField ? { field: sortField, descending: sortOrder === 'descend' } : undefined;
      return ok(await library.page(filters, { current, pageSize }, sort));
    },
  });

  app.route({
    ...routeOf(libraryEndpoints.options),
    config: { permission: permission('view') },
    handler: async () => ok(await library.options()),
  });

  app.route({
    ...routeOf(libraryEndpoints.export),
    config: { permission: permission('view') },
    handler: async (request, reply) => {
      const priorityName = await library.priorityNames();
      return sendXlsx(reply, {
        fileStem: 'alarm-library',
        sheetName: '报警列表',
        rows: library.rows(request.query),
        count: await library.count(request.query),
        columns: [
          exported('tag', (row) => row.tag, 20),
          exported('condition', (row) => row.condition, 10),
          exported('description', (row) => row.description, 32),
          exported('unit', (row) => row.unit),
          exported('equipment', (row) => row.equipment),
          exported('console', (row) => row.console),
          exported('systemType', (row) => row.systemType, 10),
          exported('limitValue', (row) => row.limitValue, 10),
          exported('engineeringUnit', (row) => row.engineeringUnit, 10),
          exported('rangeLow', (row) => row.rangeLow, 10),
          exported('rangeHigh', (row) => row.rangeHigh, 10),
          exported('deadband', (row) => row.deadband, 10),
          exported('onDelaySeconds', (row) => row.onDelaySeconds, 12),
          exported('offDelaySeconds', (row) => row.offDelaySeconds, 12),
          exported('priority', (row) => priorityName.get(row.priority) ?? row.priority, 8),
          exported('alarmClass', (row) => row.alarmClass, 10),
          exported('cause', (row) => row.cause, 32),
          exported('consequence', (row) => row.consequence, 32),
          exported('operatorResponse', (row) => row.operatorResponse, 32),
          exported('maxResponseMinutes', (row) => row.maxResponseMinutes, 18),
          exported('enabled', (row) => (row.enabled ? '是' : '否'), 8),
          exported('rationalizationStatus', (row) => row.rationalizationStatus, 12),
          exported('confirmedBy', (row) => row.confirmedBy),
          exported('confirmedAt', (row) => (row.confirmedAt ? new Date(row.confirmedAt) : null), 20),
        ],
      });
    },
  });

  app.route({
    ...routeOf(libraryEndpoints.detail),
    config: { permission: permission('view') },
    handler: async (request) => {
      const detail = await library.detail(request.params.id);
      if (!detail) throw missing();
      return ok(detail);
    },
  });

  app.route({
    ...routeOf(libraryEndpoints.update),
    config: { permission: permission('edit') },
    handler: async (request) => {
      const { version, ...patch } = request.body;
      const trimmed = {
        ...patch,
        description: patch.description.trim(),
        systemType: patch.systemType.trim(),
        engineeringUnit: patch.engineeringUnit.trim(),
        alarmClass: patch.alarmClass.trim(),
        cause: patch.cause.trim(),
        consequence: patch.consequence.trim(),
        operatorResponse: patch.operatorResponse.trim(),
      };
      return app.transaction(async (tx) => {
        const result = await library.change(
          request.params.id,
          version,
          trimmed,
          { changedBy: currentUser(request).username, source: 'library' },
          tx,
        );
        if (!result.ok) refuseChange(result);
        return ok((await library.findRow(request.params.id, tx)) as PointRow);
      });
    },
  });

  app.route({
    ...routeOf(libraryEndpoints.remove),
    config: { permission: permission('remove') },
    handler: async (request) => {
      const { id } = request.params;
      return app.transaction(async (tx) => {
        const result = await library.change(
          id,
          undefined,
          { deleted: true },
          { changedBy: currentUser(request).username, source: 'library' },
          tx,
        );
        if (!result.ok) refuseChange(result);
        return ok({ id });
      });
    },
  });

  app.route({
    ...routeOf(libraryEndpoints.handle),
    config: { permission: permission('handle') },
    handler: async (request) => {
      const note = requiredText(request.body.note, '处置说明');
      return app.transaction(async (tx) => {
        const point = await library.findRow(request.params.id, tx);
        if (!point || point.deleted) throw missing();
        const closed = await library.handle(point.id, note, currentUser(request).username, tx);
        if (!closed) throw refused(409, `报警点 ${point.tag} / ${point.condition} 没有未处置的异常报警，无需处置`);
        return ok({ closed });
      });
    },
  });

  app.route({
    ...routeOf(libraryEndpoints.confirm),
    config: { permission: permission('confirm') },
    handler: async (request) => {
      const username = currentUser(request).username;
      return app.transaction(async (tx) =>
        ok(await confirmRationalization(request.params.id, username, app.repositories, tx)),
      );
    },
  });

  app.route({
    ...routeOf(rationalizationEndpoints.record),
    config: { permission: permission('view') },
    handler: async (request) => {
      const record = await library.rationalization(request.params.id);
      if (!record) throw missing();
      return ok(record);
    },
  });

  app.route({
    ...routeOf(rationalizationEndpoints.update),
    config: { permission: permission('edit') },
    handler: async (request) => {
      const username = currentUser(request).username;
      return app.transaction(async (tx) =>
        ok(await saveRationalization(request.params.id, request.body, username, app.repositories, tx)),
      );
    },
  });

  const importRoute = routeOf(libraryEndpoints.import);
  app.route({
    ...importRoute,
    // A file with errors answers 422 with the same shape: the error report.
    schema: { response: { ...importRoute.schema.response, 422: envelope(ImportResult) } },
    config: { permission: permission('edit') },
    handler: async (request, reply) => {
      const { file, alone } = await singleUpload(request, '报警库文件');
      const tooLarge = () =>
        new LibraryImportLimitError(
          `文件过大：超过 ${Math.round(limits.maxBytes / 1048576)} MB 的上限，请拆分后分批导入`,
        );
      try {
        const rows = alone(
          readUploadedRows(
            file.file,
            file.filename,
            (total) => {
              if (total > limits.maxBytes) throw tooLarge();
            },
            unpack,
          ),
        );
        const dictionaries = await library.importDictionaries();
        const result = await library.importPoints(
          libraryImportBatches(rows, dictionaries, limits),
          currentUser(request).username,
        );
        const { errorCount, ...data } = result;
        if (!errorCount) return ok(data);
        reply.code(422);
        return {
          code: 1,
          msg: `文件中有 ${errorCount} 处错误，未导入任何数据：请按错误报告修改后重新导入`,
          data,
        };
      } catch (error) {
        if (file.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new ApiError(413, 1, tooLarge().message);
        }
        if (error instanceof LibraryImportLimitError) throw new ApiError(413, 1, error.message);
        if (error instanceof JournalFileError) throw refused(400, error.message);
        throw error;
      }
    },
  });
};

export default libraryRoutes;
