/** Request and response schemas of the alarm library and abnormal-alarm list endpoints. */
import { Type } from 'typebox';
import { ABNORMAL_STATUS_VALUES, ISA_STATE_LETTERS } from '../../../common/alarmLibrary';
import { Id, Nullable, pageQueryProperties } from '../../../contract/http';
import { PRIORITY_CODES, RATIONALIZATION_STATUSES } from '../../db/schema';
import { ABNORMAL_KINDS } from '../../domain/kpi/detection';
import { LIBRARY_SORT_FIELDS } from '../../repositories/library';

const NullableText = Nullable(Type.String());
const NullableId = Nullable(Id);

export const Priority = Type.Enum(PRIORITY_CODES);
export const RationalizationStatus = Type.Enum(RATIONALIZATION_STATUSES);
export const AbnormalKind = Type.Enum(ABNORMAL_KINDS);
export const AbnormalStatus = Type.Enum(ABNORMAL_STATUS_VALUES);
const StateLetter = Type.Enum(ISA_STATE_LETTERS);

export const libraryFilterProperties = {
  tag: Type.Optional(Type.String({ maxLength: 200 })),
  unitId: Type.Optional(Id),
  equipmentId: Type.Optional(Id),
  consoleId: Type.Optional(Id),
  condition: Type.Optional(Type.String({ maxLength: 32 })),
  priority: Type.Optional(Priority),
  rationalizationStatus: Type.Optional(RationalizationStatus),
  abnormalKind: Type.Optional(AbnormalKind),
  enabled: Type.Optional(Type.Boolean()),
};

export const LibraryFilters = Type.Object(libraryFilterProperties);

export const LibraryQuery = Type.Object({
  ...pageQueryProperties,
  ...libraryFilterProperties,
  sortField: Type.Optional(Type.Enum(LIBRARY_SORT_FIELDS)),
  sortOrder: Type.Optional(Type.Enum(['ascend', 'descend'])),
});

const pointProperties = {
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
};

export const Point = Type.Object(pointProperties);

export const ListedPoint = Type.Object({
  ...pointProperties,
  state: StateLetter,
  openAbnormal: Type.Array(Type.String()),
});

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
  status: Type.String(),
  handledBy: NullableText,
  handledAt: NullableText,
  note: Type.String(),
});

export const PointDetail = Type.Object({
  point: Point,
  state: Type.Object({
    letter: StateLetter,
    active: Type.Boolean(),
    acked: Type.Boolean(),
    shelved: Type.Boolean(),
    suppressed: Type.Boolean(),
    outOfService: Type.Boolean(),
    lastEventAt: NullableText,
  }),
  events: Type.Array(
    Type.Object({
      time: Type.String(),
      event: Type.String(),
      priority: Type.String(),
      console: NullableText,
      value: NullableText,
      description: NullableText,
    }),
  ),
  abnormal: Type.Array(AbnormalRecord),
  changes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      changedAt: Type.String(),
      changedBy: Type.String(),
      field: Type.String(),
      before: NullableText,
      after: NullableText,
      source: Type.String(),
      changeRequestId: Nullable(Type.Integer()),
    }),
  ),
});

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

export const HandleBody = Type.Object({ note: Type.String({ maxLength: 2000 }) }, { additionalProperties: false });

export const AbnormalClose = Type.Object(
  { status: Type.Enum(['已处置', '已忽略']), note: Type.String({ maxLength: 2000 }) },
  { additionalProperties: false },
);

export const AbnormalFilters = Type.Object({
  tag: Type.Optional(Type.String({ maxLength: 200 })),
  kind: Type.Optional(AbnormalKind),
  status: Type.Optional(AbnormalStatus),
  unitId: Type.Optional(Id),
  consoleId: Type.Optional(Id),
  pointId: Type.Optional(Id),
});

export const AbnormalQuery = Type.Object({ ...pageQueryProperties, ...AbnormalFilters.properties });

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

export const ImportAnswer = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  errors: Type.Array(Type.Object({ row: Type.Integer(), column: Type.String(), message: Type.String() })),
});
