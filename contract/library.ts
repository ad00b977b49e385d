/**
 * 报警列表 `/alarm/bases/list` (the alarm library) and 异常报警列表 `/alarm/bases/abnormal`: points listed
 * with filters and sorting, exported, opened with their state, events, abnormal records and audit trail,
 * edited against the version loaded, removed, handled (处置), confirmed and imported; abnormal records
 * listed, exported and ended (处置 or 忽略).
 */
import { type Static, Type } from 'typebox';
import { endpoint } from './endpoint';
import { Id, IdParams, ImportError, Nullable, pageOf, pageQueryProperties } from './http';
import { Removed } from './moc';
import {
  ABNORMAL_KINDS,
  ABNORMAL_STATUSES,
  AUDIT_SOURCES,
  ISA_STATE_LETTERS,
  PRIORITIES,
  RATIONALIZATION_STATUSES,
  SUGGESTIONS,
} from './vocabulary';

const NullableText = Nullable(Type.String());
const NullableId = Nullable(Id);

export const Priority = Type.Enum(PRIORITIES);
const RationalizationStatus = Type.Enum(RATIONALIZATION_STATUSES);
const AbnormalKind = Type.Enum(ABNORMAL_KINDS);
const AbnormalStatus = Type.Enum(ABNORMAL_STATUSES);
const StateLetter = Type.Enum(ISA_STATE_LETTERS);

/** The columns the list sorts by. */
export const LIBRARY_SORT_FIELDS = ['tag', 'priority', 'updatedAt', 'rationalizationStatus'] as const;
export type LibrarySortField = (typeof LIBRARY_SORT_FIELDS)[number];

export const LibraryFilters = Type.Object({
  tag: Type.Optional(Type.String({ maxLength: 200 })),
  unitId: Type.Optional(Id),
  equipmentId: Type.Optional(Id),
  consoleId: Type.Optional(Id),
  condition: Type.Optional(Type.String({ maxLength: 32 })),
  priority: Type.Optional(Priority),
  rationalizationStatus: Type.Optional(RationalizationStatus),
  /** Points with an open (未处置) abnormal record of this kind. */
  abnormalKind: Type.Optional(AbnormalKind),
  enabled: Type.Optional(Type.Boolean()),
  /** The priority the matrix suggests (noAlarm: none). */
  suggestedPriority: Type.Optional(Type.Enum(SUGGESTIONS)),
  /** 1: only points whose configured priority differs from the suggestion. */
  priorityMismatch: Type.Optional(Type.Integer({ minimum: 1, maximum: 1 })),
  /** 1: the rationalization record is complete; 0: it is not (未合理化). */
  rationalized: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  /** 1: only points without an operator response (缺少处置措施). */
  missingResponse: Type.Optional(Type.Integer({ minimum: 1, maximum: 1 })),
});
export type LibraryFilters = Static<typeof LibraryFilters>;

export const LibraryQuery = Type.Object({
  ...pageQueryProperties,
  ...LibraryFilters.properties,
  sortField: Type.Optional(Type.Enum(LIBRARY_SORT_FIELDS)),
  sortOrder: Type.Optional(Type.Enum(['ascend', 'descend'])),
});
export type LibraryQuery = Static<typeof LibraryQuery>;

/** An alarm point as the API shows it: plant names beside their ids, times ISO 8601 UTC. */
export const AlarmPoint = Type.Object({
  id: Type.Integer(),
  tag: Type.String(),
  condition: Type.String(),
  description: Type.String(),
  unitId: Nullable(Type.Integer()),
  unit: NullableText,
  equipmentId: Nullable(Type.Integer()),
  equipment: NullableText,
  consoleId: Nullable(Type.Integer()),
  console: NullableText,
  systemType: Type.String(),
  limitValue: Nullable(Type.Number()),
  engineeringUnit: Type.String(),
  rangeLow: Nullable(Type.Number()),
  rangeHigh: Nullable(Type.Number()),
  deadband: Nullable(Type.Number()),
  onDelaySeconds: Nullable(Type.Number()),
  offDelaySeconds: Nullable(Type.Number()),
  priority: Priority,
  alarmClass: Type.String(),
  cause: Type.String(),
  consequence: Type.String(),
  operatorResponse: Type.String(),
  maxResponseMinutes: Nullable(Type.Number()),
  enabled: Type.Boolean(),
  rationalizationStatus: RationalizationStatus,
  confirmedBy: NullableText,
  confirmedAt: NullableText,
  version: Type.Integer(),
  createdBy: Type.String(),
  updatedBy: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type AlarmPoint = Static<typeof AlarmPoint>;

/** A row of the library list: the point, its state and the kinds of its open abnormal records. */
export const ListedPoint = Type.Object({
  ...AlarmPoint.properties,
  state: StateLetter,
  suggestedPriority: Nullable(Type.Enum(SUGGESTIONS)),
  openAbnormal: Type.Array(Type.String()),
});
export type ListedPoint = Static<typeof ListedPoint>;

/** One abnormal-alarm record with its point. */
export const AbnormalRecord = Type.Object({
  id: Type.Integer(),
  pointId: Type.Integer(),
  tag: Type.String(),
  condition: Type.String(),
  description: Type.String(),
  unit: NullableText,
  console: NullableText,
  pointDeleted: Type.Boolean(),
  kind: Type.String(),
  firstSeen: Type.String(),
  lastSeen: Type.String(),
  count: Type.Integer(),
  status: AbnormalStatus,
  handledBy: NullableText,
  handledAt: NullableText,
  note: Type.String(),
});
export type AbnormalRecord = Static<typeof AbnormalRecord>;

export const PointEvent = Type.Object({
  time: Type.String(),
  event: Type.String(),
  priority: Type.String(),
  console: NullableText,
  value: NullableText,
  description: NullableText,
});
export type PointEvent = Static<typeof PointEvent>;

/** One row of the audit trail. */
export const PointChange = Type.Object({
  id: Type.Integer(),
  changedAt: Type.String(),
  changedBy: Type.String(),
  field: Type.String(),
  before: NullableText,
  after: NullableText,
  source: Type.Enum(AUDIT_SOURCES),
  changeRequestId: Nullable(Type.Integer()),
});
export type PointChange = Static<typeof PointChange>;

export const PointDetail = Type.Object({
  point: AlarmPoint,
  state: Type.Object({
    letter: StateLetter,
    active: Type.Boolean(),
    acked: Type.Boolean(),
    shelved: Type.Boolean(),
    suppressed: Type.Boolean(),
    outOfService: Type.Boolean(),
    lastEventAt: NullableText,
  }),
  events: Type.Array(PointEvent),
  abnormal: Type.Array(AbnormalRecord),
  changes: Type.Array(PointChange),
});
export type PointDetail = Static<typeof PointDetail>;

const ShortText = Type.String({ maxLength: 200 });
const LongText = Type.String({ maxLength: 2000 });
const NullableNumber = Nullable(Type.Number());

/** An edit: every editable setting, and the version the form was loaded with. */
export const PointUpdate = Type.Object(
  {
    version: Id,
    description: LongText,
    unitId: NullableId,
    equipmentId: NullableId,
    consoleId: NullableId,
    systemType: Type.String({ maxLength: 32 }),
    limitValue: NullableNumber,
    engineeringUnit: Type.String({ maxLength: 50 }),
    rangeLow: NullableNumber,
    rangeHigh: NullableNumber,
    deadband: NullableNumber,
    onDelaySeconds: NullableNumber,
    offDelaySeconds: NullableNumber,
    priority: Priority,
    alarmClass: ShortText,
    cause: LongText,
    consequence: LongText,
    operatorResponse: LongText,
    maxResponseMinutes: NullableNumber,
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type PointUpdate = Static<typeof PointUpdate>;

const HandleBody = Type.Object({ note: Type.String({ maxLength: 2000 }) }, { additionalProperties: false });

export const AbnormalClose = Type.Object(
  { status: Type.Enum(['已处置', '已忽略']), note: Type.String({ maxLength: 2000 }) },
  { additionalProperties: false },
);
export type AbnormalClose = Static<typeof AbnormalClose>;

export const AbnormalFilters = Type.Object({
  tag: Type.Optional(Type.String({ maxLength: 200 })),
  kind: Type.Optional(AbnormalKind),
  status: Type.Optional(AbnormalStatus),
  unitId: Type.Optional(Id),
  consoleId: Type.Optional(Id),
  pointId: Type.Optional(Id),
});
export type AbnormalFilters = Static<typeof AbnormalFilters>;

export const AbnormalQuery = Type.Object({ ...pageQueryProperties, ...AbnormalFilters.properties });
export type AbnormalQuery = Static<typeof AbnormalQuery>;

const Named = Type.Object({ id: Type.Integer(), name: Type.String() });

/** What the filters and the edit form choose from. */
export const LibraryOptions = Type.Object({
  units: Type.Array(Named),
  consoles: Type.Array(Named),
  equipment: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), unitId: Type.Integer() })),
  conditions: Type.Array(Type.Object({ code: Type.String(), name: Type.String(), color: Type.String() })),
  systemTypes: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
  priorities: Type.Array(Type.Object({ code: Priority, name: Type.String(), color: Type.String() })),
});
export type LibraryOptions = Static<typeof LibraryOptions>;

/** The import's answer: counts, or (HTTP 422, code 1) the errors of a file of which nothing was stored. */
export const ImportResult = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  errors: Type.Array(ImportError),
});
export type ImportResult = Static<typeof ImportResult>;

const LIBRARY = '/alarm/bases/list';
const ABNORMAL = '/alarm/bases/abnormal';

export const libraryEndpoints = {
  list: endpoint('GET', LIBRARY, { query: LibraryQuery, response: pageOf(ListedPoint) }),
  options: endpoint('GET', `${LIBRARY}/options`, { response: LibraryOptions }),
  export: endpoint('GET', `${LIBRARY}/export`, { query: LibraryFilters }),
  import: endpoint('POST', `${LIBRARY}/import`, { file: true, response: ImportResult }),
  detail: endpoint('GET', `${LIBRARY}/:id`, { params: IdParams, response: PointDetail }),
  update: endpoint('PUT', `${LIBRARY}/:id`, { params: IdParams, body: PointUpdate, response: AlarmPoint }),
  remove: endpoint('DELETE', `${LIBRARY}/:id`, { params: IdParams, response: Removed }),
  handle: endpoint('POST', `${LIBRARY}/:id/handle`, {
    params: IdParams,
    body: HandleBody,
    response: Type.Object({ closed: Type.Integer() }),
  }),
  confirm: endpoint('POST', `${LIBRARY}/:id/confirm`, { params: IdParams, response: AlarmPoint }),
};

export const abnormalListEndpoints = {
  list: endpoint('GET', ABNORMAL, { query: AbnormalQuery, response: pageOf(AbnormalRecord) }),
  export: endpoint('GET', `${ABNORMAL}/export`, { query: AbnormalFilters }),
  close: endpoint('PUT', `${ABNORMAL}/:id`, { params: IdParams, body: AbnormalClose, response: AbnormalRecord }),
};
