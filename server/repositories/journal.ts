/**
 * Storing journal events and keeping the ingest-time facts current (see server/db/schema/journal.ts).
 * Everything runs on the caller's transaction: an import that fails anywhere leaves nothing behind.
 *
 * Appended events (later than everything stored for their point) are replayed as they arrive, from the
 * point's stored replay state. A point that receives an event at or before its last stored event (older
 * data, or a possible duplicate) is marked dirty and replayed from its first event when the session
 * finishes. Rollups are rebuilt over the time range the session touched.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { EventSource, Priority } from '../../contract/vocabulary';
import { canCopy, copyFromBytes, type Executor, isEmbedded, vacuumEmbedded } from '../db';
import { CopyBuffer, isoTimestamp } from '../domain/ingest/copyText';
import type { PhaseClock } from '../domain/ingest/phases';
import {
  initialReplayState,
  PointReplay,
  type ReplayEpisode,
  type ReplayEvent,
  type ReplayState,
} from '../domain/ingest/replay';
import { RollupCounts } from '../domain/ingest/rollup-counts';
import type { JournalRow } from '../domain/journal';
import { forgetPeriodFigures } from './period-figures';
import { arrayParam, epochMs, queryRows, timestampParam } from './raw-sql';

export const DEFAULT_CONSOLE_NAME = '默认操作台';
/** Points replayed per query when recomputing. */
const RECOMPUTE_CHUNK = 500;
const TEN_MINUTES_S = 600;
const DAY_S = 86_400;
/** Steps of a rollup rebuild on the embedded database at most. */
const ROLLUP_STEPS = 32;

interface KnownPoint {
  id: number;
  consoleId: number | null;
  unitId: number | null;
  priority: Priority;
}

interface PointSession {
  replay: PointReplay;
  /** Last event time stored before this session: later events are appended, others make the point dirty. */
  storedLastTime: number;
  dirty: boolean;
}

export interface IngestOptions {
  source: EventSource;
  batchId: number | null;
  chatterCount: number;
  /** Rows gathered before a write to the database (WRITE_ROWS unless given). */
  writeRows?: number;
  /** Where the session's time goes (store, replay, rollups), when measured. */
  clock?: PhaseClock;
}

export interface IngestTotals {
  imported: number;
  duplicates: number;
  /** Points that received events (for detection). */
  pointIds: number[];
  /** Time range whose facts changed, epoch ms; undefined when nothing changed. */
  range?: { from: number; to: number };
  /** First and last time of the events stored, epoch ms; undefined when none were. */
  stored?: { from: number; to: number };
}

async function nameIds(tx: Executor, table: 'units' | 'consoles'): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: number; name: string }>(tx, sql`select id, name from ${sql.identifier(table)}`);
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Tables a journal ingest writes. */
const JOURNAL_TABLES = [
  'alarm_events',
  'alarm_load_10m',
  'alarm_plant_load_10m',
  'alarm_load_days',
  'alarm_point_days',
  'alarm_point_months',
  'alarm_episodes',
  'alarm_point_states',
  'alarm_points',
  'abnormal_alarms',
  'journal_batches',
  'units',
  'consoles',
];

/** After an ingest committed: the embedded database's visibility maps (see vacuumEmbedded). */
export function vacuumJournal(db: Executor): Promise<void> {
  return vacuumEmbedded(db, JOURNAL_TABLES);
}

/** Adds the missing names to `units` or `consoles` and their ids to `into`. */
export async function insertNames(
  tx: Executor,
  table: 'units' | 'consoles',
  names: string[],
  into: Map<string, number>,
) {
  if (!names.length) return;
  const rows = await queryRows<{ id: number; name: string }>(
    tx,
    sql`insert into ${sql.identifier(table)} (name) select unnest(${arrayParam(names)}::text[])
        on conflict (name) do update set name = excluded.name returning id, name`,
  );
  for (const row of rows) into.set(row.name, row.id);
}

/** Inserts or updates episodes; a standing span keeps its key (start) while its end moves. */
export async function upsertEpisodes(tx: Executor, pointIds: number[], episodes: ReplayEpisode[]): Promise<void> {
  for (let offset = 0; offset < episodes.length; offset += 5000) {
    const chunk = episodes.slice(offset, offset + 5000);
    await tx.execute(sql`
      insert into alarm_episodes (point_id, kind, start_time, end_time, activated_at, console_id, unit_id, operating_condition, ordinal)
      select p, k, to_timestamp(s / 1000), to_timestamp(e / 1000), to_timestamp(a / 1000), c, u, o, n
      from unnest(${arrayParam(chunk.map((_, i) => pointIds[offset + i]))}::int[],
                  ${arrayParam(chunk.map((x) => x.kind))}::text[],
                  ${arrayParam(chunk.map((x) => x.start))}::float8[],
                  ${arrayParam(chunk.map((x) => x.end))}::float8[],
                  ${arrayParam(chunk.map((x) => x.activatedAt))}::float8[],
                  ${arrayParam(chunk.map((x) => x.consoleId))}::int[],
                  ${arrayParam(chunk.map((x) => x.unitId))}::int[],
                  ${arrayParam(chunk.map((x) => x.operatingCondition))}::text[],
                  ${arrayParam(chunk.map((x) => x.ordinal ?? null))}::int[]) as x(p, k, s, e, a, c, u, o, n)
      on conflict (point_id, kind, start_time) do update set end_time = excluded.end_time, ordinal = excluded.ordinal`);
  }
}

async function saveStates(tx: Executor, states: { pointId: number; state: ReplayState }[]): Promise<void> {
  const kept = states.filter((entry) => entry.state.lastTime !== null);
  for (let offset = 0; offset < kept.length; offset += 2000) {
    const chunk = kept.slice(offset, offset + 2000);
    await tx.execute(sql`
      insert into alarm_point_states (point_id, last_time, state)
      select p, to_timestamp(t / 1000), s
      from unnest(${arrayParam(chunk.map((x) => x.pointId))}::int[],
                  ${arrayParam(chunk.map((x) => x.state.lastTime))}::float8[],
                  ${arrayParam(chunk.map((x) => JSON.stringify(x.state)))}::jsonb[]) as x(p, t, s)
      on conflict (point_id) do update set last_time = excluded.last_time, state = excluded.state`);
  }
}

/**
 * Rebuilds the 10-minute and daily rollups over [from, to] (epoch ms, widened to whole buckets), of one unit or
 * all, and the plant's 10-minute rollup over those buckets. On the embedded database a day at a time (a few days
 * over a long range): each statement reads a slice of the events, so none holds the database long while reads
 * wait (docs/architecture.md, "Reads during an import").
 */
export async function rebuildRollups(tx: Executor, from: number, to: number, unitId?: number): Promise<void> {
  const ofUnit = unitId === undefined ? sql`` : sql`and unit_id = ${unitId}`;
  const first = Math.floor(from / 1000 / DAY_S) * DAY_S;
  const end = (Math.floor(to / 1000 / DAY_S) + 1) * DAY_S;
  // On the embedded database, whole days per step: a day unless the range is long (a sparse journal over years
  // takes few steps). PostgreSQL's readers do not wait for a transaction: one step, fewer statements.
  const step = isEmbedded(tx) ? Math.ceil((end - first) / DAY_S / ROLLUP_STEPS) * DAY_S : end - first;
  for (let day = first; day < end; day += step) {
    for (const [table, seconds, column] of [
      ['alarm_load_10m', TEN_MINUTES_S, 'bucket_start'],
      ['alarm_point_days', DAY_S, 'day_start'],
    ] as const) {
      const lo = Math.max(day, Math.floor(from / 1000 / seconds) * seconds);
      const hi = Math.min(day + step, (Math.floor(to / 1000 / seconds) + 1) * seconds);
      // Buckets aligned to the epoch in UTC (docs/domain.md); date_bin is plain timestamp arithmetic, where
      // extract(epoch) would compute in numeric for every event.
      const bucket = sql`date_bin(${sql.raw(`'${seconds} seconds'`)}::interval, time, timestamptz '1970-01-01 00:00:00+00')`;
      const range = sql`time >= to_timestamp(${lo}) and time < to_timestamp(${hi}) ${ofUnit}`;
      await tx.execute(
        sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} >= to_timestamp(${lo}) and ${sql.identifier(column)} < to_timestamp(${hi}) ${ofUnit}`,
      );
      if (table === 'alarm_load_10m') {
        await tx.execute(sql`
          insert into alarm_load_10m (bucket_start, console_id, unit_id, operating_condition, urgent, high, medium, low)
          select ${bucket}, console_id, coalesce(unit_id, 0), coalesce(operating_condition, ''),
            count(*) filter (where priority = 'urgent'), count(*) filter (where priority = 'high'),
            count(*) filter (where priority = 'medium'), count(*) filter (where priority = 'low')
          from alarm_events where counted and ${range} group by 1, 2, 3, 4`);
        // The plant's rows over the same buckets, whichever units changed.
        const buckets = sql`bucket_start >= to_timestamp(${lo}) and bucket_start < to_timestamp(${hi})`;
        await tx.execute(sql`delete from alarm_plant_load_10m where ${buckets}`);
        await tx.execute(sql`
          insert into alarm_plant_load_10m (bucket_start, operating_condition, urgent, high, medium, low)
          select bucket_start, operating_condition, sum(urgent), sum(high), sum(medium), sum(low)
          from alarm_load_10m where ${buckets} group by 1, 2`);
      } else {
        await tx.execute(sql`
          insert into alarm_point_days (day_start, point_id, console_id, unit_id, operating_condition, annunciations)
          select ${bucket}, point_id, console_id, coalesce(unit_id, 0), coalesce(operating_condition, ''), count(*)
          from alarm_events where counted and ${range} group by 1, 2, 3, 4, 5`);
      }
    }
  }
}

/**
 * Adds an appending ingest's counted annunciations to the rollups (server/domain/ingest/rollup-counts.ts), the
 * plant's 10-minute rollup with them; events without an operating condition, as an untagged ingest stores them.
 * WRITE_ROWS rows per statement, as the events are written: readers let in beside an embedded import never wait
 * behind a month's rollup rows at once. A bucket split over two statements is added to twice, as it should.
 */
async function addRollups(tx: Executor, counts: RollupCounts): Promise<void> {
  const added = (table: string) =>
    sql.raw(
      ['urgent', 'high', 'medium', 'low']
        .map((column) => `${column} = ${table}.${column} + excluded.${column}`)
        .join(', '),
    );
  const { load, pointDays } = counts;
  for (let offset = 0; offset < load.length; offset += WRITE_ROWS) {
    const chunk = load.slice(offset, offset + WRITE_ROWS);
    const loadRows = sql`unnest(${arrayParam(chunk.map((x) => x.bucketStart))}::float8[],
        ${arrayParam(chunk.map((x) => x.consoleId))}::int[], ${arrayParam(chunk.map((x) => x.unitId))}::int[],
        ${arrayParam(chunk.map((x) => x.urgent))}::int[], ${arrayParam(chunk.map((x) => x.high))}::int[],
        ${arrayParam(chunk.map((x) => x.medium))}::int[], ${arrayParam(chunk.map((x) => x.low))}::int[])
      as x(b, c, u, urgent, high, medium, low)`;
    await tx.execute(sql`
      insert into alarm_load_10m (bucket_start, console_id, unit_id, operating_condition, urgent, high, medium, low)
      select to_timestamp(b / 1000), c, u, '', urgent, high, medium, low from ${loadRows}
      on conflict (bucket_start, console_id, unit_id, operating_condition) do update set ${added('alarm_load_10m')}`);
    await tx.execute(sql`
      insert into alarm_plant_load_10m (bucket_start, operating_condition, urgent, high, medium, low)
      select to_timestamp(b / 1000), '', sum(urgent), sum(high), sum(medium), sum(low) from ${loadRows} group by b
      on conflict (bucket_start, operating_condition) do update set ${added('alarm_plant_load_10m')}`);
  }
  for (let offset = 0; offset < pointDays.length; offset += WRITE_ROWS) {
    const chunk = pointDays.slice(offset, offset + WRITE_ROWS);
    await tx.execute(sql`
      insert into alarm_point_days (day_start, point_id, console_id, unit_id, operating_condition, annunciations)
      select to_timestamp(d / 1000), p, c, u, '', n
      from unnest(${arrayParam(chunk.map((x) => x.dayStart))}::float8[], ${arrayParam(chunk.map((x) => x.pointId))}::int[],
        ${arrayParam(chunk.map((x) => x.consoleId))}::int[], ${arrayParam(chunk.map((x) => x.unitId))}::int[],
        ${arrayParam(chunk.map((x) => x.annunciations))}::int[]) as x(d, p, c, u, n)
      on conflict (day_start, point_id, console_id, unit_id, operating_condition)
      do update set annunciations = alarm_point_days.annunciations + excluded.annunciations`);
  }
}

interface StoredEvent {
  id: number;
  pointId: number;
  time: number;
  event: JournalRow['event'];
  consoleId: number;
  unitId: number;
  operatingCondition: string;
  counted: boolean;
}

/**
 * Replays points from their first event: counted flags, episodes and states. Returns the time range of
 * events whose counted flag changed (for the rollups).
 */
export async function recomputePoints(
  tx: Executor,
  pointIds: readonly number[],
  chatterCount: number,
): Promise<{ from: number; to: number } | undefined> {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (let offset = 0; offset < pointIds.length; offset += RECOMPUTE_CHUNK) {
    const chunk = pointIds.slice(offset, offset + RECOMPUTE_CHUNK);
    const events = await queryRows<StoredEvent>(
      tx,
      sql`select id::float8 as "id", point_id as "pointId", ${epochMs(sql`time`)} as "time", event,
            console_id as "consoleId", coalesce(unit_id, 0) as "unitId",
            coalesce(operating_condition, '') as "operatingCondition", counted
          from alarm_events where point_id = any(${arrayParam(chunk)}::int[]) order by point_id, time, id`,
    );
    const changedIds: number[] = [];
    const changedFlags: boolean[] = [];
    const episodes: ReplayEpisode[] = [];
    const episodePoints: number[] = [];
    const states: { pointId: number; state: ReplayState }[] = [];
    let replay: PointReplay | undefined;
    let current = -1;
    const closePoint = () => {
      if (!replay) return;
      const open = replay.openSpan();
      if (open) {
        episodes.push(open);
        episodePoints.push(current);
      }
      states.push({ pointId: current, state: replay.state });
    };
    for (const event of events) {
      if (event.pointId !== current) {
        closePoint();
        current = event.pointId;
        replay = new PointReplay(chatterCount);
      }
      const before = episodes.length;
      const counted = (replay as PointReplay).apply(event, episodes);
      for (let i = before; i < episodes.length; i++) episodePoints.push(current);
      if (counted !== event.counted) {
        changedIds.push(event.id);
        changedFlags.push(counted);
        from = Math.min(from, event.time);
        to = Math.max(to, event.time);
      }
    }
    closePoint();

    if (changedIds.length) {
      await tx.execute(sql`
        update alarm_events e set counted = x.c
        from unnest(${arrayParam(changedIds)}::bigint[], ${arrayParam(changedFlags)}::boolean[]) as x(id, c)
        where e.id = x.id`);
    }
    await tx.execute(sql`delete from alarm_episodes where point_id = any(${arrayParam(chunk)}::int[])`);
    // What detection settled of these points no longer holds: their next detection reads them whole.
    await tx.execute(sql`delete from point_detection_facts where point_id = any(${arrayParam(chunk)}::int[])`);
    await upsertEpisodes(tx, episodePoints, episodes);
    await tx.execute(sql`delete from alarm_point_states where point_id = any(${arrayParam(chunk)}::int[])`);
    await saveStates(tx, states);
  }
  return from <= to ? { from, to } : undefined;
}

/** The name of the operating condition active on unit `unit` at `time`: its latest switch at or before then. */
const activeCondition = (unit: SQL, time: SQL) => sql`(
  select c.name from operating_condition_switches s join operating_conditions c on c.id = s.condition_id
  where s.unit_id = ${unit} and s.switched_at <= ${time} order by s.switched_at desc limit 1)`;

/** Sets the operating condition of the events `where` selects (alias e) to their unit's at their time. */
async function tagEvents(tx: Executor, where: SQL): Promise<void> {
  await tx.execute(sql`update alarm_events e set operating_condition = ${activeCondition(sql`e.unit_id`, sql`e.time`)}
    where ${where}`);
}

/**
 * Tags the events of a batch with their unit's operating condition at their time (docs/domain.md, 多工况), so
 * the rollups and every KPI can be filtered by condition. Events of units without switches keep none.
 * Answers whether any unit has switches (then episodes need the same tagging).
 */
export async function tagOperatingConditions(tx: Executor, batchId: number | null): Promise<boolean> {
  const [{ any }] = await queryRows<{ any: boolean }>(
    tx,
    sql`select exists (select 1 from operating_condition_switches) as "any"`,
  );
  if (!any || batchId === null) return any;
  await tagEvents(tx, sql`e.batch_id = ${batchId} and e.unit_id in (select unit_id from operating_condition_switches)`);
  return true;
}

/** The time an episode takes its condition from: a chatter run its last annunciation, others their start. */
const EPISODE_TAG_TIME = sql.raw(`case when ep.kind = 'chatter' then ep.end_time else ep.start_time end`);

/** Sets the operating condition of the episodes `where` selects (alias ep) from the event that made them. */
async function tagEpisodes(tx: Executor, where: SQL): Promise<void> {
  await tx.execute(sql`
    update alarm_episodes ep set operating_condition = coalesce(${activeCondition(sql`ep.unit_id`, EPISODE_TAG_TIME)}, '')
    where ${where}`);
}

async function tagEpisodeConditions(tx: Executor, pointIds: readonly number[]): Promise<void> {
  await tagEpisodes(
    tx,
    sql`ep.point_id = any(${arrayParam(pointIds)}::int[]) and ep.unit_id in (select unit_id from operating_condition_switches)`,
  );
}

/**
 * Re-tags the events and episodes of unit `unitId` from `from` (epoch ms) on after a switch was recorded —
 * possibly back-dated, over events already stored — and rebuilds that unit's rollups over the range.
 */
export async function retagUnitConditions(tx: Executor, unitId: number, from: number): Promise<void> {
  await tagEvents(tx, sql`e.unit_id = ${unitId} and e.time >= ${timestampParam(from)}`);
  await tagEpisodes(tx, sql`ep.unit_id = ${unitId} and ${EPISODE_TAG_TIME} >= ${timestampParam(from)}`);
  const [last] = await queryRows<{ to: number | null }>(
    tx,
    sql`select ${epochMs(sql`max(time)`)} as "to" from alarm_events where unit_id = ${unitId} and counted`,
  );
  if (last.to !== null && last.to >= from) await rebuildRollups(tx, from, last.to, unitId);
  await forgetPeriodFigures(tx, from);
}

interface StoredEventRow {
  time: number;
  pointId: number;
  event: string;
  priority: string;
  consoleId: number;
  unitId: number | null;
  valueNumber: number | null;
  valueText: string | null;
  description: string | null;
  counted: boolean;
}

/** What a write of events stored: of its rows, those that went in (conflicts dropped), and their time range. */
interface StoredEvents {
  rows: number;
  inserted: number;
  first: number;
  last: number;
}

const EVENT_COLUMNS =
  'time, point_id, event, priority, console_id, unit_id, value_number, value_text, description, source, batch_id, counted';
const COPY_EVENTS = `alarm_events (${EVENT_COLUMNS})`;
const EPISODE_COLUMNS =
  'point_id, kind, start_time, end_time, activated_at, console_id, unit_id, operating_condition, ordinal';
const COPY_EPISODES = `alarm_episodes (${EPISODE_COLUMNS})`;

/** Rows gathered before one write to the database: the parser's small batches die young, writes stay few. */
const WRITE_ROWS = 5_000;
/** Writes queued for the database at most. */
const WRITES_AHEAD = 2;

const copyTime = (time: number | null) => (time === null ? null : isoTimestamp(time));

/**
 * Inserts events as one multi-row insert. Events that may repeat stored ones drop those; the answer says how
 * many went in and their time range.
 */
async function insertEvents(
  tx: Executor,
  rows: readonly StoredEventRow[],
  options: IngestOptions,
  conflicts: boolean,
): Promise<StoredEvents> {
  const column = <T>(pick: (row: StoredEventRow) => T) => arrayParam(rows.map(pick));
  const insert = sql`insert into alarm_events (${sql.raw(EVENT_COLUMNS)})
      select to_timestamp(t / 1000), p, e, pr, c, u, vn, vt, d, ${options.source}, ${options.batchId}::int, ct
      from unnest(${column((x) => x.time)}::float8[], ${column((x) => x.pointId)}::int[],
                  ${column((x) => x.event)}::text[], ${column((x) => x.priority)}::text[],
                  ${column((x) => x.consoleId)}::int[], ${column((x) => x.unitId)}::int[],
                  ${column((x) => x.valueNumber)}::float8[], ${column((x) => x.valueText)}::text[],
                  ${column((x) => x.description)}::text[], ${column((x) => x.counted)}::boolean[])
        as x(t, p, e, pr, c, u, vn, vt, d, ct)`;
  if (!conflicts) {
    await tx.execute(insert);
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const row of rows) {
      first = Math.min(first, row.time);
      last = Math.max(last, row.time);
    }
    return { rows: rows.length, inserted: rows.length, first, last };
  }
  const [result] = await queryRows<{ inserted: number; first: number | null; last: number | null }>(
    tx,
    sql`with stored as (${insert} on conflict (point_id, time, event) do nothing returning time)
    select count(*)::int as inserted, ${epochMs(sql`min(time)`)} as "first", ${epochMs(sql`max(time)`)} as "last"
    from stored`,
  );
  return { rows: rows.length, inserted: result.inserted, first: result.first ?? 0, last: result.last ?? 0 };
}

/**
 * Events waiting for their write, with their time range. Events that cannot conflict with stored ones are
 * bulk-loaded: where the transaction can COPY (server/db `canCopy`) they become COPY text as they arrive, else
 * they are kept for a plain multi-row insert. The others are kept for an insert that drops conflicts.
 */
class PendingEvents {
  private readonly text: CopyBuffer | undefined;
  private rows: StoredEventRow[] = [];
  private first = Number.POSITIVE_INFINITY;
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly conflicts: boolean,
    copy: boolean,
    private readonly options: IngestOptions,
  ) {
    this.text = copy && !conflicts ? new CopyBuffer() : undefined;
  }

  get length(): number {
    return this.text ? this.text.rows : this.rows.length;
  }

  push(row: StoredEventRow): void {
    if (this.text) {
      const { source, batchId } = this.options;
      this.text.add([
        copyTime(row.time),
        row.pointId,
        row.event,
        row.priority,
        row.consoleId,
        row.unitId,
        row.valueNumber,
        row.valueText,
        row.description,
        source,
        batchId,
        row.counted,
      ]);
    } else this.rows.push(row);
    if (row.time < this.first) this.first = row.time;
    if (row.time > this.last) this.last = row.time;
  }

  /** Takes the pending events, leaving this empty for the next ones; the result writes them. */
  take(): ((tx: Executor) => Promise<StoredEvents>) | undefined {
    if (this.length === 0) return undefined;
    const range = { first: this.first, last: this.last };
    this.first = Number.POSITIVE_INFINITY;
    this.last = Number.NEGATIVE_INFINITY;
    if (this.text) {
      const rows = this.text.rows;
      const bytes = this.text.take();
      return async (tx) => {
        await copyFromBytes(tx, COPY_EVENTS, bytes);
        return { rows, inserted: rows, ...range };
      };
    }
    const rows = this.rows;
    this.rows = [];
    return (tx) => insertEvents(tx, rows, this.options, this.conflicts);
  }
}

/**
 * Episodes waiting for their write. One that starts after everything stored for its point cannot exist yet
 * and is copied (where the transaction can COPY); the others may update a stored one (a standing span closing).
 */
class PendingEpisodes {
  private readonly text: CopyBuffer | undefined;
  private points: number[] = [];
  private episodes: ReplayEpisode[] = [];

  constructor(copy: boolean) {
    this.text = copy ? new CopyBuffer() : undefined;
  }

  push(pointId: number, episode: ReplayEpisode, storedLastTime: number): void {
    if (this.text && episode.start > storedLastTime) {
      this.text.add([
        pointId,
        episode.kind,
        copyTime(episode.start),
        copyTime(episode.end),
        copyTime(episode.activatedAt),
        episode.consoleId,
        episode.unitId,
        episode.operatingCondition,
        episode.ordinal ?? null,
      ]);
    } else {
      this.points.push(pointId);
      this.episodes.push(episode);
    }
  }

  /** Takes the pending episodes, leaving this empty for the next ones; the result writes them. */
  take(): (tx: Executor) => Promise<void> {
    const bytes = this.text?.rows ? this.text.take() : undefined;
    const points = this.points;
    const episodes = this.episodes;
    this.points = [];
    this.episodes = [];
    return async (tx) => {
      if (bytes) await copyFromBytes(tx, COPY_EPISODES, bytes);
      if (episodes.length) await upsertEpisodes(tx, points, episodes);
    };
  }
}

/**
 * One ingest: `add` batches of validated rows (exact duplicates within the session already dropped), then
 * `finish`. Unknown alarm points are created (status 待确认) with the first row's priority, console and unit.
 * Rows are gathered into writes of WRITE_ROWS; a write runs while the next rows are read and replayed, one
 * write at a time.
 */
export class IngestSession {
  /** Known points by tag, then condition. */
  private points = new Map<string, Map<string, KnownPoint>>();
  private units = new Map<string, number>();
  private consoles = new Map<string, number>();
  private sessions = new Map<number, PointSession>();
  /** The embedded database: a thread that runs queries in the order they are sent. */
  private readonly embedded: boolean;
  private readonly appended: PendingEvents;
  private readonly overlapping: PendingEvents;
  private readonly episodes: PendingEpisodes;
  /** Writes not yet done, oldest first, each run when the one before is done; a failure surfaces at the next await. */
  private writes: Promise<void>[] = [];
  private imported = 0;
  private duplicates = 0;
  private from = Number.POSITIVE_INFINITY;
  private to = Number.NEGATIVE_INFINITY;
  /** The counted annunciations replayed here, added to the rollups when the ingest only appended. */
  private readonly counts = new RollupCounts();

  private constructor(
    private readonly tx: Executor,
    private readonly options: IngestOptions,
  ) {
    this.embedded = isEmbedded(tx);
    const copy = canCopy(tx);
    this.appended = new PendingEvents(false, copy, options);
    this.overlapping = new PendingEvents(true, copy, options);
    this.episodes = new PendingEpisodes(copy);
  }

  static async open(tx: Executor, options: IngestOptions): Promise<IngestSession> {
    const session = new IngestSession(tx, options);
    session.units = await nameIds(tx, 'units');
    session.consoles = await nameIds(tx, 'consoles');
    const rows = await queryRows<KnownPoint & { tag: string; condition: string }>(
      tx,
      sql`select id, tag, condition, console_id as "consoleId", unit_id as "unitId", priority from alarm_points`,
    );
    for (const row of rows) session.remember(row);
    return session;
  }

  /** Rows dropped so far as duplicates of stored events (within-file ones are counted by the caller). */
  get storedDuplicates(): number {
    return this.duplicates;
  }

  private pointOf(tag: string, condition: string): KnownPoint | undefined {
    return this.points.get(tag)?.get(condition);
  }

  private remember(point: KnownPoint & { tag: string; condition: string }): void {
    let conditions = this.points.get(point.tag);
    if (!conditions) {
      conditions = new Map();
      this.points.set(point.tag, conditions);
    }
    conditions.set(point.condition, {
      id: point.id,
      consoleId: point.consoleId,
      unitId: point.unitId,
      priority: point.priority,
    });
  }

  async add(rows: readonly JournalRow[]): Promise<void> {
    if (!rows.length) return;
    const { clock } = this.options;
    let since = performance.now();
    await this.resolveNames(rows);
    const points = await this.resolvePoints(rows);
    since = clock?.add('store', since) ?? since;

    // Rows later than everything stored for their point cannot collide with a stored event (within-file
    // duplicates are already gone): they are bulk-loaded. The others may repeat a stored event and go through
    // an insert that drops conflicts.
    const episodes: ReplayEpisode[] = [];
    // One event object for every row: the replay copies what it keeps.
    const event: ReplayEvent = { time: 0, event: 'ALM', consoleId: 0, unitId: 0, operatingCondition: '' };
    rows.forEach((row, i) => {
      const point = points[i];
      const consoleId = row.console ? (this.consoles.get(row.console) as number) : (point.consoleId as number);
      const unitId = row.unit ? (this.units.get(row.unit) as number) : point.unitId;
      const session = this.sessions.get(point.id) as PointSession;
      let counted = false;
      const lastTime = session.replay.state.lastTime;
      const overlaps = row.time <= session.storedLastTime;
      if (!session.dirty && (overlaps || (lastTime !== null && row.time < lastTime))) session.dirty = true;
      if (!session.dirty) {
        event.time = row.time;
        event.event = row.event;
        event.consoleId = consoleId;
        event.unitId = unitId ?? 0;
        counted = session.replay.apply(event, episodes);
        if (counted) this.counts.add(row.time, point.id, consoleId, unitId ?? 0, row.priority ?? point.priority);
        for (const episode of episodes) this.episodes.push(point.id, episode, session.storedLastTime);
        episodes.length = 0;
      }
      (overlaps ? this.overlapping : this.appended).push({
        time: row.time,
        pointId: point.id,
        event: row.event,
        priority: row.priority ?? point.priority,
        consoleId,
        unitId,
        valueNumber: typeof row.value === 'number' ? row.value : null,
        valueText: typeof row.value === 'string' ? row.value : null,
        description: row.description ?? null,
        counted,
      });
    });
    since = clock?.add('replay', since) ?? since;
    if (this.appended.length + this.overlapping.length >= (this.options.writeRows ?? WRITE_ROWS)) {
      await this.write();
      clock?.add('store', since);
    }
  }

  /**
   * Queues a write of everything pending, to run once the writes before it are done: its queries, like all of
   * the session's, run one after another (a transaction is one connection). Reading runs ahead of the
   * database by up to WRITES_AHEAD writes, so a slow moment on either side does not stall the other.
   */
  private async write(): Promise<void> {
    while (this.writes.length >= WRITES_AHEAD) await this.writes.shift();
    const events = [this.appended.take(), this.overlapping.take()];
    const episodes = this.episodes.take();
    const write = this.settled().then(async () => {
      for (const take of events) if (take) this.account(await take(this.tx));
      await episodes(this.tx);
    });
    write.catch(() => undefined);
    this.writes.push(write);
  }

  /** Once every queued write is done. */
  private async settled(): Promise<void> {
    await this.writes[this.writes.length - 1];
  }

  /**
   * Runs a query of `add`: on PostgreSQL once the queued writes are done (one query at a time on the
   * connection); the embedded database's thread takes queries in order itself, so reading need not wait.
   */
  private async query<T>(run: () => Promise<T>): Promise<T> {
    if (!this.embedded) await this.settled();
    return run();
  }

  private account(stored: StoredEvents): void {
    this.imported += stored.inserted;
    this.duplicates += stored.rows - stored.inserted;
    if (stored.inserted > 0) {
      this.from = Math.min(this.from, stored.first);
      this.to = Math.max(this.to, stored.last);
    }
  }

  /** Replays dirty points, saves states and open spans, rebuilds rollups. */
  async finish(): Promise<IngestTotals> {
    const { clock } = this.options;
    let since = performance.now();
    await this.write();
    await this.settled();
    since = clock?.add('store', since) ?? since;
    const tagged = this.imported > 0 && (await tagOperatingConditions(this.tx, this.options.batchId));
    const clean: { pointId: number; state: ReplayState }[] = [];
    const openSpans: ReplayEpisode[] = [];
    const openPoints: number[] = [];
    const dirty: number[] = [];
    for (const [pointId, session] of this.sessions) {
      if (session.dirty) {
        dirty.push(pointId);
        continue;
      }
      clean.push({ pointId, state: session.replay.state });
      const open = session.replay.openSpan();
      if (open) {
        openSpans.push(open);
        openPoints.push(pointId);
      }
    }
    await saveStates(this.tx, clean);
    // Spans stored open by an earlier session may have closed too short to keep: drop them, re-add the open ones.
    const cleanIds = clean.map((entry) => entry.pointId);
    // Joined, not `point_id = any(…)`: the planner weighs each of thousands of ids against each monthly partition
    // (0.15–0.24 s of planning per import on a year of partitions, 1 ms joined).
    await this.tx.execute(
      sql`delete from alarm_episodes e using unnest(${arrayParam(cleanIds)}::int[]) as p(id)
          where e.kind = 'standing' and e.end_time is null and e.point_id = p.id`,
    );
    await upsertEpisodes(this.tx, openPoints, openSpans);
    if (tagged) await tagEpisodeConditions(this.tx, cleanIds);
    const changed = await recomputePoints(this.tx, dirty, this.options.chatterCount);
    since = clock?.add('replay', since) ?? since;
    let range: IngestTotals['range'];
    if (this.imported > 0 || changed) {
      range = {
        from: Math.min(this.from, changed?.from ?? Number.POSITIVE_INFINITY),
        to: Math.max(this.to, changed?.to ?? Number.NEGATIVE_INFINITY),
      };
      // Rebuilt where stored events changed (or get an operating condition); otherwise the rows' own counts added,
      // which costs the same for a few rows appended to a busy day as for the first.
      if (dirty.length || tagged) await rebuildRollups(this.tx, range.from, range.to);
      else await addRollups(this.tx, this.counts);
      // After everything the KPI figures read is written, so that a read let in beside this import keeps no
      // period it saw half written (period-figures.ts).
      await forgetPeriodFigures(this.tx, range.from);
      clock?.add('rollups', since);
    }
    return {
      imported: this.imported,
      duplicates: this.duplicates,
      pointIds: [...this.sessions.keys()],
      range,
      stored: this.imported > 0 ? { from: this.from, to: this.to } : undefined,
    };
  }

  private async resolveNames(rows: readonly JournalRow[]): Promise<void> {
    const newUnits = new Set<string>();
    const newConsoles = new Set<string>();
    for (const row of rows) {
      if (row.unit && !this.units.has(row.unit)) newUnits.add(row.unit);
      if (row.console && !this.consoles.has(row.console)) newConsoles.add(row.console);
      if (!row.console && !this.consoles.has(DEFAULT_CONSOLE_NAME)) newConsoles.add(DEFAULT_CONSOLE_NAME);
    }
    if (newUnits.size) await this.query(() => insertNames(this.tx, 'units', [...newUnits], this.units));
    if (newConsoles.size) await this.query(() => insertNames(this.tx, 'consoles', [...newConsoles], this.consoles));
  }

  /**
   * The point of each row: creates the points not known yet and starts the replay of those new to this
   * session.
   */
  private async resolvePoints(rows: readonly JournalRow[]): Promise<KnownPoint[]> {
    const created = new Map<
      string,
      { tag: string; condition: string; priority?: Priority; console?: string; unit?: string; description?: string }
    >();
    const unreplayed = new Set<number>();
    const points: (KnownPoint | undefined)[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const point = this.pointOf(row.tag, row.condition);
      points[i] = point;
      if (point) {
        if (!this.sessions.has(point.id)) unreplayed.add(point.id);
        // A point whose library entry names no console still needs one for its events.
        if (!row.console && point.consoleId === null)
          point.consoleId = this.consoles.get(DEFAULT_CONSOLE_NAME) as number;
        continue;
      }
      const key = `${row.tag}\u0000${row.condition}`;
      const pending = created.get(key);
      if (!pending)
        created.set(key, {
          tag: row.tag,
          condition: row.condition,
          priority: row.priority,
          console: row.console,
          unit: row.unit,
          description: row.description,
        });
      else {
        pending.priority ??= row.priority;
        pending.console ??= row.console;
        pending.unit ??= row.unit;
        pending.description ??= row.description;
      }
    }
    if (created.size) {
      const list = [...created.values()];
      const inserted = await this.query(() =>
        queryRows<KnownPoint & { tag: string; condition: string }>(
          this.tx,
          sql`insert into alarm_points (tag, condition, priority, console_id, unit_id, description, created_by, updated_by)
            select t, c, p, co, u, d, 'journal', 'journal'
            from unnest(${arrayParam(list.map((x) => x.tag))}::text[], ${arrayParam(list.map((x) => x.condition))}::text[],
                        ${arrayParam(list.map((x) => x.priority ?? 'low'))}::text[],
                        ${arrayParam(list.map((x) => this.consoles.get(x.console ?? DEFAULT_CONSOLE_NAME) as number))}::int[],
                        ${arrayParam(list.map((x) => (x.unit ? (this.units.get(x.unit) as number) : null)))}::int[],
                        ${arrayParam(list.map((x) => x.description ?? ''))}::text[])
              as x(t, c, p, co, u, d)
            returning id, tag, condition, console_id as "consoleId", unit_id as "unitId", priority`,
        ),
      );
      // Created in this transaction, so without stored events or state: their replay starts afresh.
      for (const row of inserted) {
        this.remember(row);
        this.sessions.set(row.id, {
          replay: new PointReplay(this.options.chatterCount),
          storedLastTime: Number.NEGATIVE_INFINITY,
          dirty: false,
        });
      }
      for (let i = 0; i < rows.length; i++) points[i] ??= this.pointOf(rows[i].tag, rows[i].condition);
    }
    if (unreplayed.size) await this.query(() => this.loadStates([...unreplayed]));
    return points as KnownPoint[];
  }

  /** Starts the replay of points new to this session from their stored state. */
  private async loadStates(ids: number[]): Promise<void> {
    const stored = await queryRows<{ pointId: number; lastTime: number; state: ReplayState }>(
      this.tx,
      sql`select point_id as "pointId", ${epochMs(sql`last_time`)} as "lastTime", state
          from alarm_point_states where point_id = any(${arrayParam(ids)}::int[])`,
    );
    const byPoint = new Map(stored.map((row) => [row.pointId, row]));
    // A point with events but no state (should not happen) is replayed from scratch.
    const unknown = ids.filter((id) => !byPoint.has(id));
    const withEvents = unknown.length
      ? await queryRows<{ pointId: number }>(
          this.tx,
          sql`select distinct point_id as "pointId" from alarm_events where point_id = any(${arrayParam(unknown)}::int[])`,
        )
      : [];
    const stateless = new Set(withEvents.map((row) => row.pointId));
    for (const id of ids) {
      const known = byPoint.get(id);
      this.sessions.set(id, {
        replay: new PointReplay(this.options.chatterCount, known ? (known.state as ReplayState) : initialReplayState()),
        storedLastTime: known ? known.lastTime : Number.NEGATIVE_INFINITY,
        // A state stored before annunciations were numbered cannot number the next ones: replay from the start.
        dirty: stateless.has(id) || (known !== undefined && known.state.annunciations === undefined),
      });
    }
  }
}
