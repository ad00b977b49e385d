/**
 * The alarm library (报警库): paged and exported lists of alarm points, a point's detail (state, recent
 * events, abnormal records, audit trail), changes with optimistic concurrency and their audit, handling of
 * abnormal records, and the import of a library file.
 *
 * Every change of a point goes through `applyPointChange`: it checks the version, writes only what changed,
 * bumps the version and records one audit row per field. Library edits, imports and change requests (MOC)
 * differ only in the audit source and the change request id they pass.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CREATED_FIELD, type PointField } from '../../common/alarmLibrary';
import { missingParts, type PriorityMatrix, type Severities, suggestedPriority } from '../../common/priorityMatrix';
import type { Page, PageRequest } from '../../contract/http';
import type {
  AbnormalFilters,
  AbnormalRecord,
  AlarmPoint as AlarmPointRow,
  LibraryFilters,
  LibraryOptions,
  LibrarySortField,
  ListedPoint,
  PointChange,
  PointDetail,
  PointEvent,
} from '../../contract/library';
import type { Rationalization } from '../../contract/rationalization';
import type { AuditSource, Priority, RationalizationStatus } from '../../contract/vocabulary';
import type { Database, Executor } from '../db';
import { type AlarmPoint, alarmPointChanges, alarmPoints } from '../db/schema';
import { PRIORITY_ORDER } from '../db/schema/columns';
import type { ImportBatch, ImportDictionaries, ImportError, ImportedPoint } from '../domain/library/import';
import { changedFields, type FieldChange, type NumericSettings, settingProblems } from '../domain/library/settings';
import { pointState } from '../domain/library/state';
import { insertNames } from './journal';
import { inBatches, pageWindow } from './listing';
import { readPriorityMatrix } from './matrix';
import { arrayParam, epochMs, isoTime, queryJsonRows, queryRows } from './raw-sql';

export interface LibrarySort {
  field: LibrarySortField;
  descending: boolean;
}

/** A point as the queries read it: its API row, and whether it was removed. */
export type PointRow = AlarmPointRow & { deleted: boolean };

/** A point as the library export writes it: its settings and plant names, without ids and bookkeeping. */
export type ExportedPointRow = Omit<
  PointRow,
  | 'id'
  | 'unitId'
  | 'equipmentId'
  | 'consoleId'
  | 'version'
  | 'createdBy'
  | 'updatedBy'
  | 'createdAt'
  | 'updatedAt'
  | 'deleted'
>;

/** The settings a change may set; ids for the plant rows (their names go into the audit). */
export interface PointPatch extends NumericSettings {
  description?: string;
  unitId?: number | null;
  equipmentId?: number | null;
  consoleId?: number | null;
  systemType?: string;
  engineeringUnit?: string;
  priority?: Priority;
  alarmClass?: string;
  cause?: string;
  consequence?: string;
  operatorResponse?: string;
  enabled?: boolean;
  rationalizationStatus?: RationalizationStatus;
  confirmedBy?: string | null;
  confirmedAt?: Date | null;
  severities?: Severities;
  verification?: string;
  rationalizationNotes?: string;
  justification?: string;
  deleted?: boolean;
}

/** The fields of the rationalization record: a change of any, or of the priority, ends a confirmation. */
const RECORD_FIELDS = new Set<string>([
  'cause',
  'consequence',
  'operatorResponse',
  'maxResponseMinutes',
  'alarmClass',
  'severities',
  'verification',
  'rationalizationNotes',
  'justification',
]);

/** Severities as the audit trail keeps them: `category:level`, in the order of the codes. */
function severitiesText(severities: Severities | undefined): string | undefined {
  if (severities === undefined) return undefined;
  return Object.entries(severities)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([category, level]) => `${category}:${level}`)
    .join(', ');
}

/** A point's rationalization record with the suggestion of the matrix (the API's answer). */
export function rationalizationOf(point: AlarmPoint, matrix: PriorityMatrix): Rationalization {
  const record = {
    cause: point.cause,
    consequence: point.consequence,
    severities: point.severities,
    maxResponseMinutes: point.maxResponseMinutes,
    operatorResponse: point.operatorResponse,
    verification: point.verification,
    alarmClass: point.alarmClass,
    justification: point.justification,
  };
  const suggestion = suggestedPriority(matrix, point.severities, point.maxResponseMinutes);
  return {
    pointId: point.id,
    version: point.version,
    ...record,
    notes: point.rationalizationNotes,
    priority: point.priority,
    suggestedPriority: suggestion,
    mismatch: suggestion !== null && suggestion !== point.priority,
    missing: missingParts(matrix, record),
    rationalizationStatus: point.rationalizationStatus,
    confirmedBy: point.confirmedBy,
    confirmedAt: point.confirmedAt ? point.confirmedAt.toISOString() : null,
    matrix,
  };
}

export interface ChangeAudit {
  changedBy: string;
  source: AuditSource;
  /** The change request applying it; null outside MOC. */
  changeRequestId?: number | null;
}

export type PointChangeResult =
  | { ok: true; changes: FieldChange[] }
  | { ok: false; reason: 'missing' | 'stale' }
  | { ok: false; reason: 'invalid'; field: PointField; message: string };

export interface LibraryImportResult {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportError[];
  errorCount: number;
}

/** Columns of `ExportedPointRow` over `alarm_points p` joined to `units u`, `consoles c`, `equipment e`. */
const EXPORTED_COLUMNS = `p.tag, p.condition, p.description, u.name as unit, e.name as equipment, c.name as console,
  p.system_type as "systemType", p.limit_value as "limitValue", p.engineering_unit as "engineeringUnit",
  p.range_low as "rangeLow", p.range_high as "rangeHigh", p.deadband, p.on_delay_seconds as "onDelaySeconds",
  p.off_delay_seconds as "offDelaySeconds", p.priority, p.alarm_class as "alarmClass", p.cause, p.consequence,
  p.operator_response as "operatorResponse", p.max_response_minutes as "maxResponseMinutes", p.enabled,
  p.rationalization_status as "rationalizationStatus", p.confirmed_by as "confirmedBy",
  to_char(p.confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "confirmedAt"`;

/** Columns of `PointRow`, over the same joins. */
const POINT_COLUMNS = sql.raw(`${EXPORTED_COLUMNS}, p.id, p.unit_id as "unitId", p.equipment_id as "equipmentId",
  p.console_id as "consoleId", p.version, p.created_by as "createdBy", p.updated_by as "updatedBy",
  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt", p.deleted`);

const PLANT_JOINS = sql.raw(`left join units u on u.id = p.unit_id left join consoles c on c.id = p.console_id
  left join equipment e on e.id = p.equipment_id`);

/**
 * Tags starting with the text as typed, in upper or in lower case. `ilike` cannot use the (tag, condition)
 * index and scans the whole library (≈ 170 ms on 100,000 points in PGlite); a few `like` prefixes are index
 * range scans (≈ 2 ms) and cover how tags are written (upper case, by convention).
 */
function tagPrefix(text: string) {
  const variants = [...new Set([text, text.toUpperCase(), text.toLowerCase()])];
  const escaped = (variant: string) => `${variant.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${sql.join(
    variants.map((variant) => sql`p.tag like ${escaped(variant)}`),
    sql` or `,
  )})`;
}

function pointWhere(filters: LibraryFilters) {
  const parts = [sql`not p.deleted`];
  const tag = filters.tag?.trim();
  if (tag) parts.push(tagPrefix(tag));
  if (filters.unitId !== undefined) parts.push(sql`p.unit_id = ${filters.unitId}`);
  if (filters.equipmentId !== undefined) parts.push(sql`p.equipment_id = ${filters.equipmentId}`);
  if (filters.consoleId !== undefined) parts.push(sql`p.console_id = ${filters.consoleId}`);
  if (filters.condition) parts.push(sql`p.condition = ${filters.condition}`);
  if (filters.priority) parts.push(sql`p.priority = ${filters.priority}`);
  if (filters.rationalizationStatus) parts.push(sql`p.rationalization_status = ${filters.rationalizationStatus}`);
  if (filters.enabled !== undefined) parts.push(sql`p.enabled = ${filters.enabled}`);
  if (filters.suggestedPriority) parts.push(sql`p.suggested_priority = ${filters.suggestedPriority}`);
  // The same predicate as the partial index alarm_points_mismatch_tag_idx.
  if (filters.priorityMismatch) parts.push(sql`p.suggested_priority <> p.priority`);
  if (filters.rationalized !== undefined) parts.push(sql`p.rationalization_complete = ${filters.rationalized === 1}`);
  if (filters.abnormalKind) {
    parts.push(sql`exists (select 1 from abnormal_alarms a where a.point_id = p.id and a.status = '未处置'
                           and a.kind = ${filters.abnormalKind})`);
  }
  return sql.join(parts, sql` and `);
}

/** Severity order of the priorities (urgent first), not their spelling. */
const PRIORITY_RANK = sql`array_position(${PRIORITY_ORDER}, p.priority)`;

function pointOrder(sort: LibrarySort | undefined) {
  const direction = sql.raw(sort?.descending ? 'desc' : 'asc');
  switch (sort?.field) {
    case 'priority':
      return sql`${PRIORITY_RANK} ${direction}, p.tag, p.condition`;
    case 'updatedAt':
      return sql`p.updated_at ${direction}, p.id ${direction}`;
    case 'rationalizationStatus':
      return sql`p.rationalization_status ${direction}, p.tag, p.condition`;
    default:
      return sql`p.tag ${direction}, p.condition ${direction}`;
  }
}

interface StateColumns {
  replay: { activeSince: number | null; hiddenBy: number } | null;
  lastAlarm: number | null;
  lastAck: number | null;
}

/** Last ALM / ACK of `p` by a backward walk of the (point, time, event) index. */
const LAST_EVENT = (event: 'ALM' | 'ACK') =>
  sql`(select ${epochMs(sql`time`)} from alarm_events where point_id = p.id and event = ${event} order by time desc limit 1)`;

const stateOf = (row: StateColumns) => pointState(row.replay, row.lastAlarm, row.lastAck);

/** Plant ids a change names must exist, and the equipment must be the unit's. */
async function plantNames(
  tx: Executor,
  ids: { unitId: number | null; equipmentId: number | null; consoleId: number | null },
): Promise<
  { unit: string | null; equipment: string | null; console: string | null } | { field: PointField; message: string }
> {
  const [row] = await queryRows<{
    unit: string | null;
    equipment: string | null;
    equipmentUnitId: number | null;
    console: string | null;
  }>(
    tx,
    sql`select (select name from units where id = ${ids.unitId}::int) as unit,
               (select name from equipment where id = ${ids.equipmentId}::int) as equipment,
               (select unit_id from equipment where id = ${ids.equipmentId}::int) as "equipmentUnitId",
               (select name from consoles where id = ${ids.consoleId}::int) as console`,
  );
  if (ids.unitId !== null && row.unit === null) return { field: 'unit', message: '所选装置不存在，请刷新后重新选择' };
  if (ids.consoleId !== null && row.console === null) {
    return { field: 'console', message: '所选操作台不存在，请刷新后重新选择' };
  }
  if (ids.equipmentId !== null) {
    if (row.equipment === null) return { field: 'equipment', message: '所选设备不存在，请刷新后重新选择' };
    if (row.equipmentUnitId !== ids.unitId) {
      return { field: 'equipment', message: `设备「${row.equipment}」不属于所选装置，请重新选择` };
    }
  }
  return { unit: row.unit, equipment: row.equipment, console: row.console };
}

/** The audited view of a point: its settings with plant names instead of ids. */
function auditedValues(
  point: AlarmPoint,
  names: { unit: string | null; equipment: string | null; console: string | null },
): Partial<Record<PointField, unknown>> {
  return {
    ...point,
    severities: severitiesText(point.severities),
    unit: names.unit,
    equipment: names.equipment,
    console: names.console,
  };
}

async function insertAudit(
  tx: Executor,
  rows: { pointId: number; field: string; before: string | null; after: string | null }[],
  audit: ChangeAudit,
): Promise<void> {
  for (let offset = 0; offset < rows.length; offset += 1000) {
    await tx.insert(alarmPointChanges).values(
      rows.slice(offset, offset + 1000).map((row) => ({
        ...row,
        changedBy: audit.changedBy,
        source: audit.source,
        changeRequestId: audit.changeRequestId ?? null,
      })),
    );
  }
}

/**
 * Applies a change to one point in the caller's transaction: refuses a stale `expectedVersion` (undefined:
 * whatever is current), checks the settings and the plant rows, writes only the fields that differ, bumps
 * the version and audits each field. A change that changes nothing writes nothing.
 */
export async function applyPointChange(
  tx: Executor,
  pointId: number,
  expectedVersion: number | undefined,
  patch: PointPatch,
  audit: ChangeAudit,
): Promise<PointChangeResult> {
  const [point] = await tx.select().from(alarmPoints).where(eq(alarmPoints.id, pointId)).for('update');
  if (!point || (point.deleted && patch.deleted !== false)) return { ok: false, reason: 'missing' };
  if (expectedVersion !== undefined && point.version !== expectedVersion) return { ok: false, reason: 'stale' };

  const [problem] = settingProblems(patch, point);
  if (problem) return { ok: false, reason: 'invalid', ...problem };
  if (patch.systemType) {
    const [known] = await queryRows<{ n: number }>(
      tx,
      sql`select 1 as n from system_types where code = ${patch.systemType}`,
    );
    if (!known) {
      return { ok: false, reason: 'invalid', field: 'systemType', message: `系统类型「${patch.systemType}」不存在` };
    }
  }
  const current = { unitId: point.unitId, equipmentId: point.equipmentId, consoleId: point.consoleId };
  const before = await plantNames(tx, current);
  const after = await plantNames(tx, {
    unitId: patch.unitId !== undefined ? patch.unitId : point.unitId,
    equipmentId: patch.equipmentId !== undefined ? patch.equipmentId : point.equipmentId,
    consoleId: patch.consoleId !== undefined ? patch.consoleId : point.consoleId,
  });
  if ('field' in after) return { ok: false, reason: 'invalid', ...after };
  if ('field' in before) throw new Error(`alarm point ${pointId} refers to missing plant rows`);

  const { unitId, equipmentId, consoleId, ...given } = patch;
  const settings: Omit<PointPatch, 'unitId' | 'equipmentId' | 'consoleId'> = { ...given };
  const proposedOf = () => {
    const proposed: Partial<Record<PointField, unknown>> = { ...settings };
    if (settings.severities !== undefined) proposed.severities = severitiesText(settings.severities);
    if (unitId !== undefined) proposed.unit = after.unit;
    if (equipmentId !== undefined) proposed.equipment = after.equipment;
    if (consoleId !== undefined) proposed.console = after.console;
    return proposed;
  };
  let changes = changedFields(auditedValues(point, before), proposedOf());
  if (!changes.length) return { ok: true, changes };
  const recordChanged = changes.some((change) => RECORD_FIELDS.has(change.field));
  // A later edit of the record or of the priority takes a confirmation back (docs/domain.md).
  if (
    point.rationalizationStatus === '已确认' &&
    settings.rationalizationStatus === undefined &&
    (recordChanged || changes.some((change) => change.field === 'priority'))
  ) {
    Object.assign(settings, { rationalizationStatus: '待确认', confirmedBy: null, confirmedAt: null });
    changes = changedFields(auditedValues(point, before), proposedOf());
  }

  const changedKeys = new Set<string>(changes.map((change) => change.field));
  const set: Partial<typeof alarmPoints.$inferInsert> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (changedKeys.has(key)) (set as Record<string, unknown>)[key] = value;
  }
  if (changedKeys.has('unit')) set.unitId = unitId;
  if (changedKeys.has('equipment')) set.equipmentId = equipmentId;
  if (changedKeys.has('console')) set.consoleId = consoleId;
  if (recordChanged) {
    const { matrix } = await readPriorityMatrix(tx);
    const merged = { ...point, ...settings } as AlarmPoint;
    set.suggestedPriority = suggestedPriority(matrix, merged.severities, merged.maxResponseMinutes);
    set.rationalizationComplete = missingParts(matrix, merged).length === 0;
  }
  await tx
    .update(alarmPoints)
    .set({ ...set, version: point.version + 1, updatedBy: audit.changedBy, updatedAt: new Date() })
    .where(and(eq(alarmPoints.id, pointId), eq(alarmPoints.version, point.version)));
  await insertAudit(
    tx,
    changes.map((change) => ({ pointId, ...change })),
    audit,
  );
  return { ok: true, changes };
}

const ABNORMAL_COLUMNS = sql.raw(`a.id, a.point_id as "pointId", p.tag, p.condition, p.description,
  u.name as unit, c.name as console, p.deleted as "pointDeleted", a.kind,
  to_char(a.first_seen at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "firstSeen",
  to_char(a.last_seen at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastSeen", a.count, a.status,
  a.handled_by as "handledBy",
  to_char(a.handled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "handledAt", a.note`);

const ABNORMAL_FROM = sql.raw(`abnormal_alarms a join alarm_points p on p.id = a.point_id
  left join units u on u.id = p.unit_id left join consoles c on c.id = p.console_id`);

function abnormalWhere(filters: AbnormalFilters) {
  const parts = [sql`true`];
  const tag = filters.tag?.trim();
  if (tag) parts.push(tagPrefix(tag));
  if (filters.kind) parts.push(sql`a.kind = ${filters.kind}`);
  if (filters.status) parts.push(sql`a.status = ${filters.status}`);
  if (filters.unitId !== undefined) parts.push(sql`p.unit_id = ${filters.unitId}`);
  if (filters.consoleId !== undefined) parts.push(sql`p.console_id = ${filters.consoleId}`);
  if (filters.pointId !== undefined) parts.push(sql`a.point_id = ${filters.pointId}`);
  return sql.join(parts, sql` and `);
}

/** Open records first, then the most recently seen. */
const ABNORMAL_ORDER = sql.raw(`(a.status = '未处置') desc, a.last_seen desc, a.id desc`);

/** Unit, console and equipment ids by name, creating the missing ones (docs/domain.md: created on import). */
class PlantRows {
  private units = new Map<string, number>();
  private consoles = new Map<string, number>();
  private equipment = new Map<string, number>();

  static async load(tx: Executor): Promise<PlantRows> {
    const rows = new PlantRows();
    for (const row of await queryRows<{ id: number; name: string }>(tx, sql`select id, name from units`)) {
      rows.units.set(row.name, row.id);
    }
    for (const row of await queryRows<{ id: number; name: string }>(tx, sql`select id, name from consoles`)) {
      rows.consoles.set(row.name, row.id);
    }
    for (const row of await queryRows<{ id: number; unitId: number; name: string }>(
      tx,
      sql`select id, unit_id as "unitId", name from equipment`,
    )) {
      rows.equipment.set(`${row.unitId}\u0000${row.name}`, row.id);
    }
    return rows;
  }

  async ensure(tx: Executor, points: readonly ImportedPoint[]): Promise<void> {
    for (const [table, map, field] of [
      ['units', this.units, 'unit'],
      ['consoles', this.consoles, 'console'],
    ] as const) {
      const names = points.map((point) => point.values[field]).filter((name): name is string => Boolean(name));
      await insertNames(
        tx,
        table,
        [...new Set(names)].filter((name) => !map.has(name)),
        map,
      );
    }
    const wanted = new Map<string, { unitId: number; name: string }>();
    for (const point of points) {
      const { unit, equipment } = point.values;
      if (!unit || !equipment) continue;
      const unitId = this.units.get(unit) as number;
      const key = `${unitId}\u0000${equipment}`;
      if (!this.equipment.has(key)) wanted.set(key, { unitId, name: equipment });
    }
    if (wanted.size) {
      const list = [...wanted.values()];
      const created = await queryRows<{ id: number; unitId: number; name: string }>(
        tx,
        sql`insert into equipment (unit_id, name) select * from unnest(${arrayParam(list.map((x) => x.unitId))}::int[],
              ${arrayParam(list.map((x) => x.name))}::text[])
            on conflict (unit_id, name) do update set name = excluded.name returning id, unit_id as "unitId", name`,
      );
      for (const row of created) this.equipment.set(`${row.unitId}\u0000${row.name}`, row.id);
    }
  }

  /** The patch of an imported point: its values with plant names turned into ids. */
  patch(point: ImportedPoint): PointPatch {
    const { unit, equipment, console: consoleName, ...values } = point.values;
    const patch: PointPatch = { ...values };
    if (unit !== undefined) patch.unitId = unit === null ? null : (this.units.get(unit) as number);
    if (consoleName !== undefined) {
      patch.consoleId = consoleName === null ? null : (this.consoles.get(consoleName) as number);
    }
    if (equipment !== undefined) {
      patch.equipmentId =
        equipment === null || !unit
          ? null
          : (this.equipment.get(`${this.units.get(unit)}\u0000${equipment}`) as number);
    }
    return patch;
  }
}

/** Thrown inside the import's transaction to roll it back when the file had errors. */
class ImportRejected extends Error {}

export function createLibraryRepository(db: Database) {
  const repository = {
    /** One point changed through the one audited path, `applyPointChange`, in the caller's transaction. */
    change(
      pointId: number,
      expectedVersion: number | undefined,
      patch: PointPatch,
      audit: ChangeAudit,
      tx: Executor,
    ): Promise<PointChangeResult> {
      return applyPointChange(tx, pointId, expectedVersion, patch, audit);
    },
    async page(
      filters: LibraryFilters,
      page: PageRequest,
      sort?: LibrarySort,
      tx: Executor = db,
    ): Promise<Page<ListedPoint>> {
      const { limit, offset } = pageWindow(page);
      const where = pointWhere(filters);
      const order = pointOrder(sort);
      // The page is chosen on alarm_points alone; names, state and abnormal kinds are looked up for its rows.
      const rows = await queryRows<
        PointRow & StateColumns & { openAbnormal: string[] | null; suggestedPriority: ListedPoint['suggestedPriority'] }
      >(
        tx,
        sql`with page as (select * from alarm_points p where ${where} order by ${order} limit ${limit} offset ${offset})
            select ${POINT_COLUMNS}, p.suggested_priority as "suggestedPriority", s.state as replay, ${LAST_EVENT('ALM')} as "lastAlarm", ${LAST_EVENT('ACK')} as "lastAck",
              (select array_agg(a.kind order by a.kind) from abnormal_alarms a
                 where a.point_id = p.id and a.status = '未处置') as "openAbnormal"
            from page p ${PLANT_JOINS} left join alarm_point_states s on s.point_id = p.id
            order by ${order}`,
      );
      const total = await repository.count(filters, tx);
      const list = rows.map(({ replay, lastAlarm, lastAck, openAbnormal, ...point }) => ({
        ...point,
        state: stateOf({ replay, lastAlarm, lastAck }).letter,
        openAbnormal: openAbnormal ?? [],
      }));
      return { list, total, ...page };
    },

    /** How many points match: the page's total and the export's row count. */
    async count(filters: LibraryFilters, tx: Executor = db): Promise<number> {
      const [{ total }] = await queryRows<{ total: number }>(
        tx,
        sql`select count(*)::int as total from alarm_points p where ${pointWhere(filters)}`,
      );
      return total;
    },

    /**
     * Every matching point in tag order, a batch at a time, with the columns the export writes: on 100,000
     * points the others cost about a tenth of its time.
     */
    rows(filters: LibraryFilters, tx: Executor = db): AsyncGenerator<ExportedPointRow> {
      return inBatches<ExportedPointRow>((last, limit) =>
        queryJsonRows<ExportedPointRow>(
          tx,
          sql`select ${sql.raw(EXPORTED_COLUMNS)} from alarm_points p ${PLANT_JOINS}
              where ${pointWhere(filters)} ${last ? sql`and (p.tag, p.condition) > (${last.tag}, ${last.condition})` : sql``}
              order by p.tag, p.condition limit ${limit}`,
        ),
      );
    },

    async findRow(id: number, tx: Executor = db): Promise<PointRow | undefined> {
      const [row] = await queryRows<PointRow>(
        tx,
        sql`select ${POINT_COLUMNS} from alarm_points p ${PLANT_JOINS} where p.id = ${id}`,
      );
      return row;
    },

    async detail(id: number, tx: Executor = db): Promise<PointDetail | undefined> {
      const [row] = await queryRows<PointRow & StateColumns & { lastEventAt: string | null }>(
        tx,
        sql`select ${POINT_COLUMNS}, s.state as replay, ${LAST_EVENT('ALM')} as "lastAlarm",
              ${LAST_EVENT('ACK')} as "lastAck", ${isoTime('s.last_time')} as "lastEventAt"
            from alarm_points p ${PLANT_JOINS} left join alarm_point_states s on s.point_id = p.id where p.id = ${id}`,
      );
      if (!row || row.deleted) return undefined;
      const { replay, lastAlarm, lastAck, lastEventAt, ...point } = row;
      const events = await queryRows<PointEvent>(
        tx,
        sql`select ${isoTime('e.time')} as time, e.event, e.priority, c.name as console,
              coalesce(e.value_text, e.value_number::text) as value, e.description
            from alarm_events e left join consoles c on c.id = e.console_id
            where e.point_id = ${id} order by e.time desc, e.id desc limit 50`,
      );
      const abnormal = await queryRows<AbnormalRecord>(
        tx,
        sql`select ${ABNORMAL_COLUMNS} from ${ABNORMAL_FROM} where a.point_id = ${id} order by ${ABNORMAL_ORDER} limit 100`,
      );
      const changes = await queryRows<PointChange>(
        tx,
        sql`select id, ${isoTime('changed_at')} as "changedAt", changed_by as "changedBy", field, before, after, source,
              change_request_id as "changeRequestId"
            from alarm_point_changes where point_id = ${id} order by changed_at desc, id desc limit 200`,
      );
      return {
        point,
        state: { ...stateOf({ replay, lastAlarm, lastAck }), lastEventAt },
        events,
        abnormal,
        changes,
      };
    },

    /** Closes the point's open abnormal records as handled, with the note; answers how many were closed. */
    async handle(pointId: number, note: string, username: string, tx: Executor = db): Promise<number> {
      const closed = await queryRows<{ id: number }>(
        tx,
        sql`update abnormal_alarms set status = '已处置', handled_by = ${username}, handled_at = now(), note = ${note},
              updated_at = now()
            where point_id = ${pointId} and status = '未处置' returning id`,
      );
      return closed.length;
    },

    async abnormalPage(filters: AbnormalFilters, page: PageRequest, tx: Executor = db): Promise<Page<AbnormalRecord>> {
      const { limit, offset } = pageWindow(page);
      const where = abnormalWhere(filters);
      const list = await queryRows<AbnormalRecord>(
        tx,
        sql`select ${ABNORMAL_COLUMNS} from ${ABNORMAL_FROM} where ${where} order by ${ABNORMAL_ORDER}
            limit ${limit} offset ${offset}`,
      );
      return { list, total: await repository.abnormalCount(filters, tx), ...page };
    },

    /** How many records match: the page's total and the export's row count. */
    async abnormalCount(filters: AbnormalFilters, tx: Executor = db): Promise<number> {
      const [{ total }] = await queryRows<{ total: number }>(
        tx,
        sql`select count(*)::int as total from ${ABNORMAL_FROM} where ${abnormalWhere(filters)}`,
      );
      return total;
    },

    /** Every matching record, a batch at a time, newest first (the export). */
    abnormalRows(filters: AbnormalFilters, tx: Executor = db): AsyncGenerator<AbnormalRecord> {
      return inBatches<AbnormalRecord>((last, limit) =>
        queryRows<AbnormalRecord>(
          tx,
          sql`select ${ABNORMAL_COLUMNS} from ${ABNORMAL_FROM} where ${abnormalWhere(filters)}
              ${last ? sql`and a.id < ${last.id}` : sql``} order by a.id desc limit ${limit}`,
        ),
      );
    },

    async findAbnormal(id: number, tx: Executor = db): Promise<AbnormalRecord | undefined> {
      const [row] = await queryRows<AbnormalRecord>(
        tx,
        sql`select ${ABNORMAL_COLUMNS} from ${ABNORMAL_FROM} where a.id = ${id}`,
      );
      return row;
    },

    /** Ends one open record (handled or ignored); false when it is not open. */
    async closeAbnormal(
      id: number,
      status: '已处置' | '已忽略',
      note: string,
      username: string,
      tx: Executor = db,
    ): Promise<boolean> {
      const closed = await queryRows<{ id: number }>(
        tx,
        sql`update abnormal_alarms set status = ${status}, handled_by = ${username}, handled_at = now(), note = ${note},
              updated_at = now()
            where id = ${id} and status = '未处置' returning id`,
      );
      return closed.length > 0;
    },

    /** The priority matrix (docs/domain.md): the stored one, or the default. */
    matrix: (tx: Executor = db) => readPriorityMatrix(tx),

    /**
     * The points chosen by id or by a list filter that a priority change could bring to the matrix's
     * suggestion (in the list's order, at most `limit`), and how many of the chosen ones were left out and why.
     */
    async suggestionCandidates(
      selection: { pointIds: number[] } | { filters: LibraryFilters },
      limit: number,
      tx: Executor = db,
    ): Promise<{
      found: number;
      skipped: { noSuggestion: number; noAlarm: number; matching: number };
      points: { id: number; suggestion: Priority }[];
    }> {
      const where =
        'pointIds' in selection
          ? sql`not p.deleted and p.id = any(${arrayParam(selection.pointIds)}::int[])`
          : pointWhere(selection.filters);
      const [counts] = await queryRows<{ found: number; noSuggestion: number; noAlarm: number; matching: number }>(
        tx,
        sql`select count(*)::int as found,
              count(*) filter (where p.suggested_priority is null)::int as "noSuggestion",
              count(*) filter (where p.suggested_priority = 'noAlarm')::int as "noAlarm",
              count(*) filter (where p.suggested_priority = p.priority)::int as matching
            from alarm_points p where ${where}`,
      );
      const points = await queryRows<{ id: number; suggestion: Priority }>(
        tx,
        sql`select p.id, p.suggested_priority as suggestion from alarm_points p
            where ${where} and p.suggested_priority <> p.priority and p.suggested_priority <> 'noAlarm'
            order by p.tag, p.condition limit ${limit}`,
      );
      const { found, ...skipped } = counts;
      return { found, skipped, points };
    },

    /** A point's rationalization record with the suggestion; undefined for a missing or removed point. */
    async rationalization(id: number, tx: Executor = db): Promise<Rationalization | undefined> {
      const [point] = await tx.select().from(alarmPoints).where(eq(alarmPoints.id, id));
      if (!point || point.deleted) return undefined;
      return rationalizationOf(point, (await readPriorityMatrix(tx)).matrix);
    },

    /** What the filters and the edit form choose from. */
    async options(tx: Executor = db): Promise<LibraryOptions> {
      const [units, consoles, equipment, conditions, systemTypes, priorities] = await Promise.all([
        queryRows<LibraryOptions['units'][number]>(tx, sql`select id, name from units order by name`),
        queryRows<LibraryOptions['consoles'][number]>(tx, sql`select id, name from consoles order by name`),
        queryRows<LibraryOptions['equipment'][number]>(
          tx,
          sql`select id, name, unit_id as "unitId" from equipment order by name`,
        ),
        queryRows<LibraryOptions['conditions'][number]>(
          tx,
          sql`select code, name, color from alarm_types order by sort_order, id`,
        ),
        queryRows<LibraryOptions['systemTypes'][number]>(
          tx,
          sql`select code, name from system_types where enabled order by id`,
        ),
        queryRows<LibraryOptions['priorities'][number]>(
          tx,
          sql`select code, name, color from priorities order by sort_order, id`,
        ),
      ]);
      return { units, consoles, equipment, conditions, systemTypes, priorities };
    },

    /** The priorities' names by code, as the export writes them. */
    async priorityNames(tx: Executor = db): Promise<Map<string, string>> {
      const rows = await queryRows<{ code: string; name: string }>(tx, sql`select code, name from priorities`);
      return new Map(rows.map((row) => [row.code, row.name]));
    },

    /** What the import checks rows against. */
    async importDictionaries(tx: Executor = db): Promise<ImportDictionaries> {
      const conditions = await queryRows<{ code: string }>(tx, sql`select code from alarm_types`);
      const systemTypes = await queryRows<{ code: string }>(tx, sql`select code from system_types`);
      const priorities = await queryRows<{ code: Priority; name: string }>(tx, sql`select code, name from priorities`);
      return {
        conditions: new Set(conditions.map((row) => row.code)),
        systemTypes: new Set(systemTypes.map((row) => row.code)),
        priorities: new Map(
          priorities.flatMap((row) => [
            [row.code, row.code],
            [row.name.toLowerCase(), row.code],
          ]),
        ),
      };
    },

    /**
     * Stores checked batches in one transaction: new points are created, existing ones (removed ones too,
     * which come back) changed through `applyPointChange` with source 'import'. Reading goes on after the
     * first error so that the report is complete; with any error everything is rolled back.
     */
    async importPoints(batches: AsyncIterable<ImportBatch>, username: string): Promise<LibraryImportResult> {
      const result: LibraryImportResult = { created: 0, updated: 0, unchanged: 0, errors: [], errorCount: 0 };
      const audit: ChangeAudit = { changedBy: username, source: 'import' };
      try {
        await db.transaction(async (tx) => {
          const plant = await PlantRows.load(tx);
          for await (const batch of batches) {
            result.errors.push(...batch.errors);
            result.errorCount = batch.errorCount;
            if (result.errorCount || !batch.points.length) continue;
            await plant.ensure(tx, batch.points);
            const existing = await queryRows<{ id: number; tag: string; condition: string; deleted: boolean }>(
              tx,
              sql`select p.id, p.tag, p.condition, p.deleted from alarm_points p
                  join unnest(${arrayParam(batch.points.map((point) => point.tag))}::text[],
                              ${arrayParam(batch.points.map((point) => point.condition))}::text[]) as x(tag, condition)
                    on p.tag = x.tag and p.condition = x.condition`,
            );
            const byKey = new Map(existing.map((row) => [`${row.tag}\u0000${row.condition}`, row]));
            const created: ImportedPoint[] = [];
            for (const point of batch.points) {
              const known = byKey.get(`${point.tag}\u0000${point.condition}`);
              if (!known) {
                created.push(point);
                continue;
              }
              const change = await applyPointChange(
                tx,
                known.id,
                undefined,
                { ...plant.patch(point), ...(known.deleted ? { deleted: false } : {}) },
                audit,
              );
              if (!change.ok) throw new Error(`import of checked row ${point.row} refused: ${change.reason}`);
              if (change.changes.length) result.updated++;
              else result.unchanged++;
            }
            if (created.length) {
              const ids = await tx
                .insert(alarmPoints)
                .values(
                  created.map((point) => {
                    const { unitId, equipmentId, consoleId, ...settings } = plant.patch(point);
                    return {
                      ...settings,
                      tag: point.tag,
                      condition: point.condition,
                      unitId,
                      equipmentId,
                      consoleId,
                      createdBy: username,
                      updatedBy: username,
                    } as typeof alarmPoints.$inferInsert;
                  }),
                )
                .returning({ id: alarmPoints.id });
              await insertAudit(
                tx,
                ids.map(({ id }) => ({ pointId: id, field: CREATED_FIELD, before: null, after: null })),
                audit,
              );
              result.created += created.length;
            }
          }
          if (result.errorCount) throw new ImportRejected();
        });
      } catch (error) {
        if (!(error instanceof ImportRejected)) throw error;
        return { ...result, created: 0, updated: 0, unchanged: 0 };
      }
      return result;
    },
  };
  return repository;
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
