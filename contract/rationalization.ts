/**
 * Rationalization (docs/domain.md, "Rationalization and the priority matrix"): the priority matrix of 报警类型
 * `/alarm/base/type` and the rationalization record of an alarm point of 报警列表 `/alarm/bases/list`, with
 * the priority the matrix suggests beside the configured one.
 */
import { type Static, Type } from 'typebox';
import { endpoint } from './endpoint';
import { Id, IdParams, Nullable } from './http';
import {
  CHANGE_STATUSES,
  MAX_REASON_LENGTH,
  MAX_TITLE_LENGTH,
  PRIORITIES,
  RATIONALIZATION_STATUSES,
  RISK_LEVELS,
  SEVERITY_LEVELS,
  SUGGESTIONS,
} from './vocabulary';

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

const MatrixCode = Type.String({ minLength: 1, maxLength: 32 });
const MatrixName = Type.String({ maxLength: 50 });
const LevelText = Type.String({ maxLength: 200 });
const InputCells = Type.Record(Type.String({ maxLength: 32 }), Suggestion, { maxProperties: 8 });

/** A matrix as a change request proposes it: bounded, closed; the rules beyond a schema are `matrixProblems`. */
export const PriorityMatrixInput = Type.Object(
  {
    categories: Type.Array(
      Type.Object(
        {
          code: MatrixCode,
          name: MatrixName,
          levels: Type.Object(
            { none: LevelText, minor: LevelText, major: LevelText, severe: LevelText },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
      { maxItems: 10 },
    ),
    bands: Type.Array(
      Type.Object(
        {
          code: MatrixCode,
          name: MatrixName,
          maxMinutes: Nullable(Type.Integer({ minimum: 0, maximum: 10_080 })),
          noAlarm: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
      { maxItems: 8 },
    ),
    cells: Type.Object({ minor: InputCells, major: InputCells, severe: InputCells }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

/** A change of the matrix proposed from 报警类型: a change request of type priorityMatrix, drafted or submitted. */
export const MatrixChangeBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: MAX_TITLE_LENGTH })),
    reason: Type.String({ maxLength: MAX_REASON_LENGTH }),
    riskLevel: Type.Enum(RISK_LEVELS),
    matrix: PriorityMatrixInput,
    submit: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MatrixChangeBody = Static<typeof MatrixChangeBody>;

/**
 * The matrix as stored: who applied it last and when, through which change request (null: the default,
 * never changed), and the matrix change requests still open (草稿, 审批中).
 */
export const StoredMatrix = Type.Object({
  matrix: PriorityMatrix,
  updatedBy: Nullable(Type.String()),
  updatedAt: Nullable(Type.String()),
  changeRequestId: Nullable(Type.Integer()),
  openChanges: Type.Array(
    Type.Object({ id: Type.Integer(), title: Type.String(), status: Type.Enum(CHANGE_STATUSES) }),
  ),
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
