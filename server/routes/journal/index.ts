/**
 * 模拟 (/alarm/mock): journal import (multipart CSV/xlsx), collector ingest (JSON rows), the simulator and
 * the batches of stored journal data (listed, exported, simulated ones deleted). All under `alarm-mock-view`
 * (docs/api.md).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { envelope } from '../../../contract/http';
import { type DataBatch, ImportResult, journalEndpoints, MAX_SIMULATED_ROWS } from '../../../contract/journal';
import type { EventSource } from '../../../contract/vocabulary';
import { routePermission } from '../../auth/permissions';
import {
  DEFAULT_JOURNAL_BATCH_SIZE,
  JOURNAL_LIMITS,
  type JournalBatch,
  JournalFileError,
  JournalLimitError,
  type JournalRow,
  parseJournalFile,
  type UnpackLimits,
  validateJournalRecord,
} from '../../domain/journal';
import { asJournalBatches, SCENARIO_LABELS, type SimulatedPoint, simulateJournal } from '../../domain/simulator';
import { ApiError } from '../../errors';
import { sendXlsx } from '../../export/xlsx';
import { currentUser } from '../../plugins/authentication';
import { routeOf } from '../endpoint';
import { ok } from '../reply';
import { singleUpload } from '../upload';
import { JobProgressRegistry } from './progress';

const permission = routePermission('/alarm/mock', 'view');
/** Rows per batch read: small, so that rows die young; the ingest gathers them into larger database writes. */
const READ_BATCH = 2 * DEFAULT_JOURNAL_BATCH_SIZE;

const SOURCE_LABELS: Readonly<Record<EventSource, string>> = {
  import: '文件导入',
  ingest: '采集接口',
  simulation: '模拟',
  demo: '演示数据',
  collector: '数据采集',
  opcua: 'OPC UA 采集',
  'opcua-refresh': 'OPC UA 断线补录',
};

const time = (iso: string | null) => (iso ? new Date(iso) : null);

/** The scenario of a simulated batch; other batches have none. */
function scenarioLabel(parameters: unknown): string {
  const scenario = (parameters as { scenario?: keyof typeof SCENARIO_LABELS } | null)?.scenario;
  return scenario ? (SCENARIO_LABELS[scenario] ?? scenario) : '';
}

/** code 0 when stored; with row errors code 1 (HTTP 422) and the error report, nothing stored. */
function answer(result: { imported: number; duplicates: number; errors: JournalBatch['errors']; errorCount: number }) {
  const data = { imported: result.imported, duplicates: result.duplicates, errors: result.errors };
  if (!result.errorCount) return ok(data);
  return { code: 1, msg: `日志中有 ${result.errorCount} 处错误，未导入任何数据：请按错误报告修改后重新导入`, data };
}

export interface JournalRoutesOptions {
  plantTimeZone: string;
  /** docs/api.md's limits unless given (tests use small ones). */
  limits?: { maxBytes: number; maxRows: number };
  /** What an xlsx upload may unpack to (docs/api.md, "Import limits"); UNPACK_LIMITS unless given. */
  unpack?: UnpackLimits;
}

const journalRoutes: FastifyPluginAsyncTypebox<JournalRoutesOptions> = async (
  app,
  { plantTimeZone, limits = JOURNAL_LIMITS, unpack },
) => {
  const { batches, ingest } = app.repositories;
  const jobs = new JobProgressRegistry();
  // The upload's own limit; the parser counts the same bytes and answers the 413 first.
  await app.register(multipart, { limits: { fileSize: limits.maxBytes + 1, files: 1, fields: 10 } });

  // A journal with bad rows answers 422 with the error report.
  const withErrorReport = <R extends { schema: { response: object } }>(route: R) => ({
    ...route,
    schema: { ...route.schema, response: { ...route.schema.response, 422: envelope(ImportResult) } },
  });

  app.route({
    ...withErrorReport(routeOf(journalEndpoints.import)),
    config: { permission },
    handler: async (request, reply) => {
      const user = currentUser(request);
      const { file, alone } = await singleUpload(request, '日志文件');
      const progress = jobs.start(request.query.job);
      try {
        const result = await ingest.journal(
          alone(
            parseJournalFile(file.file, {
              fileName: file.filename,
              timeZone: plantTimeZone,
              batchSize: READ_BATCH,
              maxBytes: limits.maxBytes,
              maxRows: limits.maxRows,
              unpack,
              onProgress: ({ rowsRead, bytesRead }) => {
                progress.rowsRead = rowsRead;
                progress.bytesRead = bytesRead;
              },
            }),
          ),
          {
            source: 'import',
            label: file.filename,
            createdBy: user.username,
            timeZone: plantTimeZone,
            onStored: (rows) => {
              progress.stage = 'storing';
              request.log.debug({ job: request.query.job, rows }, 'journal import progress');
            },
          },
        );
        jobs.finish(request.query.job, progress, 'done');
        if (result.errorCount) reply.code(422);
        return answer(result);
      } catch (error) {
        jobs.finish(request.query.job, progress, 'failed');
        if (
          error instanceof JournalLimitError ||
          file.file.truncated ||
          (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
        ) {
          const limit = error instanceof JournalLimitError ? error : new JournalLimitError('bytes', limits.maxBytes);
          throw new ApiError(413, 1, limit.message);
        }
        if (error instanceof JournalFileError) throw new ApiError(400, 1, error.message);
        throw error;
      }
    },
  });

  app.route({
    ...routeOf(journalEndpoints.progress),
    config: { permission },
    handler: async (request) =>
      ok(jobs.get(request.params.job) ?? { stage: 'unknown' as const, rowsRead: 0, bytesRead: 0 }),
  });

  app.route({
    ...withErrorReport(routeOf(journalEndpoints.ingest)),
    config: { permission },
    handler: async (request, reply) => {
      const user = currentUser(request);
      const rows: JournalRow[] = [];
      const errors: JournalBatch['errors'] = [];
      request.body.forEach((record, index) => {
        const result = validateJournalRecord(record as Record<string, unknown>, index + 1, plantTimeZone);
        if ('row' in result) rows.push(result.row);
        else errors.push(...result.errors);
      });
      const batch: JournalBatch = {
        rows,
        errors: errors.slice(0, JOURNAL_LIMITS.maxErrors),
        errorCount: errors.length,
        rowsRead: request.body.length,
      };
      const result = await ingest.journal([batch], {
        source: 'ingest',
        label: `采集接口（${user.username}）`,
        createdBy: user.username,
        timeZone: plantTimeZone,
      });
      if (result.errorCount) reply.code(422);
      return answer(result);
    },
  });

  app.route({
    ...routeOf(journalEndpoints.simulate),
    config: { permission },
    handler: async (request) => {
      const user = currentUser(request);
      const body = request.body;
      const from = Date.parse(body.from);
      const to = Date.parse(body.to);
      if (!(to > from)) throw new ApiError(400, 1, '参数 to 不合法：结束时间必须晚于开始时间');
      const estimate = ((to - from) / 3_600_000) * body.ratePerHour * 3;
      if (estimate > MAX_SIMULATED_ROWS) {
        throw new ApiError(
          413,
          1,
          `模拟数据量过大：约 ${Math.round(estimate).toLocaleString('en-US')} 条，上限 ${MAX_SIMULATED_ROWS.toLocaleString('en-US')} 条，请缩短时间范围或降低报警频率`,
        );
      }
      const points = await simulationPoints(body.unit, body.console, body.pointCount ?? 40);
      const progress = jobs.start(request.query.job);
      progress.stage = 'storing';
      try {
        const result = await ingest.journal(
          asJournalBatches(
            simulateJournal({
              scenario: body.scenario,
              points,
              from,
              to,
              ratePerHour: body.ratePerHour,
              seed: body.seed,
            }),
            READ_BATCH,
          ),
          {
            source: 'simulation',
            label: `${SCENARIO_LABELS[body.scenario]} · ${body.unit} · ${body.console}`,
            parameters: body,
            createdBy: user.username,
            timeZone: plantTimeZone,
            onStored: (rows) => {
              progress.rowsRead = rows;
            },
          },
        );
        jobs.finish(request.query.job, progress, 'done');
        return ok({ imported: result.imported, duplicates: result.duplicates, batchId: result.batchId as number });
      } catch (error) {
        jobs.finish(request.query.job, progress, 'failed');
        throw error;
      }
    },
  });

  /** The unit's points on that console from the library, else generated tags named after the unit. */
  async function simulationPoints(unit: string, consoleName: string, count: number): Promise<SimulatedPoint[]> {
    const rows = await batches.unitPoints(unit, consoleName);
    if (rows.length) return rows.map((row) => ({ ...row, unit, console: consoleName }));
    const conditions = ['PVHI', 'PVLO', 'PVHH', 'PVLL'];
    return Array.from({ length: count }, (_, i) => ({
      tag: `SIM-${unit}-${String(1001 + Math.floor(i / 2))}`,
      condition: conditions[i % conditions.length],
      priority: i % 20 === 0 ? 'high' : i % 6 === 0 ? 'medium' : 'low',
      console: consoleName,
      unit,
    }));
  }

  app.route({
    ...routeOf(journalEndpoints.batches),
    config: { permission },
    handler: async (request) => {
      const { current, pageSize, source } = request.query;
      return ok(await batches.page(source, { current, pageSize }));
    },
  });

  app.route({
    ...routeOf(journalEndpoints.batchesExport),
    config: { permission },
    handler: async (request, reply) =>
      sendXlsx<DataBatch>(reply, {
        fileStem: 'journal-batches',
        sheetName: '数据批次',
        // Newest first, as listed.
        rows: batches.rows(request.query.source),
        count: await batches.count(request.query.source),
        columns: [
          { header: '批次', value: (batch) => batch.id, width: 8 },
          { header: '来源', value: (batch) => SOURCE_LABELS[batch.source as EventSource] ?? batch.source, width: 10 },
          { header: '名称', value: (batch) => batch.label, width: 32 },
          { header: '场景', value: (batch) => scenarioLabel(batch.parameters), width: 20 },
          { header: '事件数', value: (batch) => batch.eventCount, width: 10 },
          { header: '重复数', value: (batch) => batch.duplicates, width: 10 },
          { header: '数据开始', value: (batch) => time(batch.firstTime), width: 20 },
          { header: '数据结束', value: (batch) => time(batch.lastTime), width: 20 },
          { header: '创建人', value: (batch) => batch.createdBy },
          { header: '创建时间', value: (batch) => time(batch.createdAt), width: 20 },
        ],
      }),
  });

  app.route({
    ...routeOf(journalEndpoints.removeBatch),
    config: { permission },
    handler: async (request) => {
      const source = await batches.sourceOf(request.params.id);
      if (!source) throw new ApiError(404, 1, '数据批次不存在或已删除');
      if (source !== 'simulation') throw new ApiError(400, 1, '只能删除模拟数据批次；导入的真实日志不能按批次删除');
      return ok({ deleted: await ingest.deleteBatch(request.params.id, plantTimeZone) });
    },
  });
};

export default journalRoutes;
