/**
 * Rationalization (docs/domain.md, "Rationalization and the priority matrix"): the priority matrix of 报警类型
 * `/alarm/base/type` and the rationalization record of an alarm point of 报警列表 `/alarm/bases/list`, with
 * the priority the matrix suggests beside the configured one.
 */
import { type Static, Type } from 'typebox';
import { endpoint } from './endpoint';
import { Id, IdParams, Nullable } from './http';
import { PRIORITIES, RATIONALIZATION_STATUSES, SEVERITY_LEVELS, SUGGESTIONS } from './vocabulary';

const Severity = Type.Enum(SEVERITY_LEVELS);
export const Suggestion = Type.Enum(SUGGESTIONS);

export const ConsequenceCategory = Type.Object({
  code: Type.String(),
  name: Type.String(),
  levels: Type.Object({
    none: Type.String(),
    minor: Type.String(),
    major: Type.String(),
    severe: Type.String(),
  }),
});

export const ResponseBand = Type.Object({
  code: Type.String(),
  name: Type.String(),
  maxMinutes: Nullable(Type.Integer()),
  noAlarm: Type.Boolean(),
});

const Cells = Type.Record(Type.String(), Suggestion);

export const PriorityMatrix = Type.Object({
  categories: Type.Array(ConsequenceCategory),
  bands: Type.Array(ResponseBand),
  cells: Type.Object({ minor: Cells, major: Cells, severe: Cells }),
});
export type PriorityMatrix = Static<typeof PriorityMatrix>;

/** The matrix as stored: who changed it last and when (null: the default, never changed). */
export const StoredMatrix = Type.Object({
  matrix: PriorityMatrix,
  updatedBy: Nullable(Type.String()),
  updatedAt: Nullable(Type.String()),
});
export type StoredMatrix = Static<typeof StoredMatrix>;

const LongText = Type.String({ maxLength: 2000 });
/** Severity per consequence category code. */
const Severities = Type.Record(Type.String({ maxLength: 32 }), Severity, { maxProperties: 20 });

/** What a rationalization record is made of; cause, consequence, response, time and class are the point's own. */
const RecordFields = {
  cause: LongText,
  consequence: LongText,
  severities: Severities,
  maxResponseMinutes: Nullable(Type.Integer({ minimum: 0, maximum: 10_080 })),
  operatorResponse: LongText,
  verification: LongText,
  alarmClass: Type.String({ maxLength: 200 }),
  notes: LongText,
  justification: LongText,
};

/** The record of a point, its place in the rationalization and the suggestion of the matrix. */
export const Rationalization = Type.Object({
  pointId: Type.Integer(),
  version: Type.Integer(),
  ...RecordFields,
  priority: Type.Enum(PRIORITIES),
  suggestedPriority: Nullable(Suggestion),
  /** The configured priority differs from the suggestion (false while there is none). */
  mismatch: Type.Boolean(),
  /** The parts still missing, by their labels; empty when the record is complete. */
  missing: Type.Array(Type.String()),
  rationalizationStatus: Type.Enum(RATIONALIZATION_STATUSES),
  confirmedBy: Nullable(Type.String()),
  confirmedAt: Nullable(Type.String()),
  /** The matrix the suggestion comes from, so that an editor sees the suggestion change as they type. */
  matrix: PriorityMatrix,
});
export type Rationalization = Static<typeof Rationalization>;

/** An edit of the record against the point's version as loaded. */
export const RationalizationUpdate = Type.Object({ version: Id, ...RecordFields }, { additionalProperties: false });
export type RationalizationUpdate = Static<typeof RationalizationUpdate>;

export const rationalizationEndpoints = {
  matrix: endpoint('GET', '/alarm/base/type/matrix', { response: StoredMatrix }),
  record: endpoint('GET', '/alarm/bases/list/:id/rationalization', { params: IdParams, response: Rationalization }),
  update: endpoint('PUT', '/alarm/bases/list/:id/rationalization', {
    params: IdParams,
    body: RationalizationUpdate,
    response: Rationalization,
  }),
};
