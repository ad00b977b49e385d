/**
 * 模拟 `/alarm/mock` (docs/api.md): journal import (a multipart CSV or xlsx file), collector ingest (JSON
 * rows), the simulator, the progress of a running import or simulation, and the stored batches of journal
 * data (listed, exported, simulated ones deleted).
 */
import { type Static, Type } from 'typebox';
import { endpoint } from './endpoint';
import { IdParams, ImportError, Nullable, pageOf, pageQueryProperties } from './http';
import { EVENT_SOURCES, JOB_STAGES, SCENARIOS } from './vocabulary';

/** Rows one collector call may send. */
export const MAX_INGEST_ROWS = 10_000;
/** Events one simulation may make (an estimate refuses larger ones before any is made). */
export const MAX_SIMULATED_ROWS = 2_000_000;

export const ImportResult = Type.Object({
  imported: Type.Integer(),
  duplicates: Type.Integer(),
  errors: Type.Array(ImportError),
});
export type ImportResult = Static<typeof ImportResult>;

const JobId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });

/** A client-chosen id for progress polling. */
export const JobQuery = Type.Object({ job: Type.Optional(JobId) });

export const JobParams = Type.Object({ job: JobId });

export const JobProgress = Type.Object({
  stage: Type.Enum([...JOB_STAGES, 'unknown'] as const),
  rowsRead: Type.Integer(),
  bytesRead: Type.Integer(),
});
export type JobProgress = Static<typeof JobProgress>;

export const SimulationBody = Type.Object(
  {
    scenario: Type.Enum(SCENARIOS),
    unit: Type.String({ minLength: 1, maxLength: 200 }),
    console: Type.String({ minLength: 1, maxLength: 200 }),
    from: Type.String({ format: 'date-time' }),
    to: Type.String({ format: 'date-time' }),
    /** Background annunciations per hour. */
    ratePerHour: Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }),
    seed: Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 }),
    /** Points simulated when the unit has none on that console. */
    pointCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000 })),
  },
  { additionalProperties: false },
);
export type SimulationBody = Static<typeof SimulationBody>;

export const Simulated = Type.Object({ imported: Type.Integer(), duplicates: Type.Integer(), batchId: Type.Integer() });
export type Simulated = Static<typeof Simulated>;

/** A batch as listed: times ISO 8601 UTC; `parameters` the simulation's body, null for other sources. */
export const DataBatch = Type.Object({
  id: Type.Integer(),
  source: Type.String(),
  label: Type.String(),
  parameters: Nullable(Type.Partial(SimulationBody)),
  eventCount: Type.Integer(),
  duplicates: Type.Integer(),
  firstTime: Type.Union([Type.String(), Type.Null()]),
  lastTime: Type.Union([Type.String(), Type.Null()]),
  createdBy: Type.String(),
  createdAt: Type.String(),
});
export type DataBatch = Static<typeof DataBatch>;

export const BatchFilters = Type.Object({
  source: Type.Optional(Type.Enum(EVENT_SOURCES)),
});

export const BatchQuery = Type.Object({ ...pageQueryProperties, ...BatchFilters.properties });

const PATH = '/alarm/mock';

export const journalEndpoints = {
  /** A journal with bad rows answers 422 with the error report. */
  import: endpoint('POST', `${PATH}/import`, { file: true, query: JobQuery, response: ImportResult }),
  progress: endpoint('GET', `${PATH}/import/:job`, { params: JobParams, response: JobProgress }),
  ingest: endpoint('POST', `${PATH}/events`, {
    body: Type.Array(Type.Object({}, { additionalProperties: true }), { minItems: 1, maxItems: MAX_INGEST_ROWS }),
    response: ImportResult,
  }),
  simulate: endpoint('POST', `${PATH}/simulate`, { query: JobQuery, body: SimulationBody, response: Simulated }),
  batches: endpoint('GET', `${PATH}/batches`, { query: BatchQuery, response: pageOf(DataBatch) }),
  batchesExport: endpoint('GET', `${PATH}/batches/export`, { query: BatchFilters }),
  removeBatch: endpoint('DELETE', `${PATH}/batches/:id`, {
    params: IdParams,
    response: Type.Object({ deleted: Type.Integer() }),
  }),
};
