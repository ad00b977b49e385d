/**
 * KPI queries over the ingest-time aggregates (server/db/schema/journal.ts). The numbers are assembled into
 * the window counts the engine's `summariseCounts` reads, so the formulas live only in server/domain/kpi.
 * Window edges that cut a 10-minute bucket or a day are counted from the events.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { KpiSummary } from '../../contract/kpi';
import type { KpiSettings } from '../../contract/kpiSettings';
import { PRIORITIES, type Priority } from '../../contract/vocabulary';
import type { Executor } from '../db';
import { type BucketSize, bucketCount, seriesBucketStarts } from '../domain/kpi/buckets';
import type { PointAnalysis } from '../domain/kpi/journal';
import { summariseCounts, TOP_POINTS, type WindowCounts } from '../domain/kpi/summary';
import { DAY_MS, type KpiWindow, TEN_MINUTES_MS } from '../domain/kpi/types';
import { arrayParam, queryRows, sideBySide, timestampParam } from './raw-sql';

/** Scope of a KPI query by name, as in the journal; a name that matches nothing gives an empty scope. */
export interface KpiScope {
  console?: string;
  unit?: string;
  condition?: string;
}

export interface ResolvedScope {
  consoleId?: number;
  unitId?: number;
  condition?: string;
  /** A named console or unit does not exist. */
  empty: boolean;
}

export async function resolveScope(tx: Executor, scope: KpiScope): Promise<ResolvedScope> {
  const resolved: ResolvedScope = { condition: scope.condition, empty: false };
  if (scope.console !== undefined) {
    const [row] = await queryRows<{ id: number }>(tx, sql`select id from consoles where name = ${scope.console}`);
    if (!row) resolved.empty = true;
    resolved.consoleId = row?.id;
  }
  if (scope.unit !== undefined) {
    const [row] = await queryRows<{ id: number }>(tx, sql`select id from units where name = ${scope.unit}`);
    if (!row) resolved.empty = true;
    resolved.unitId = row?.id;
  }
  return resolved;
}

/** The scope as a filter on a table with console_id, unit_id and operating_condition (rollups: '' = none). */
export function scopeFilter(scope: ResolvedScope, rollup: boolean, alias?: string): SQL {
  const column = (name: string) => (alias ? sql.raw(`${alias}.${name}`) : sql.raw(name));
  const parts: SQL[] = [];
  if (scope.consoleId !== undefined) parts.push(sql`${column('console_id')} = ${scope.consoleId}`);
  if (scope.unitId !== undefined) parts.push(sql`${column('unit_id')} = ${scope.unitId}`);
  if (scope.condition !== undefined) {
    parts.push(
      rollup
        ? sql`${column('operating_condition')} = ${scope.condition}`
        : sql`${column('operating_condition')} is not distinct from ${scope.condition}`,
    );
  }
  return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
}

/**
 * What a read groups its rows by: with `perConsole`, the console each row counts for (`alias.console_id`), so one read
 * answers every console's summary; otherwise one group, 0, for the whole scope.
 */
function groupOf(perConsole: boolean, alias?: string): SQL {
  if (!perConsole) return sql`0`;
  return sql.raw(alias ? `${alias}.console_id` : 'console_id');
}

const floorTo = (time: number, size: number) => Math.floor(time / size) * size;
const ceilTo = (time: number, size: number) => Math.ceil(time / size) * size;

/** Whole aligned buckets [lo, hi) inside the window and the cut pieces around them. */
function splitWindow({ from, to }: KpiWindow, size: number) {
  const lo = Math.min(ceilTo(from, size), to);
  const hi = Math.max(floorTo(to, size), lo);
  const pieces: KpiWindow[] = [];
  if (from < lo) pieces.push({ from, to: lo });
  if (hi < to) pieces.push({ from: hi, to });
  return { lo, hi, pieces };
}

/**
 * A rollup's bucket start in epoch ms: `date_part` answers float8 where `extract` (raw-sql's epochMs) goes through
 * numeric, three times slower over a year of buckets, and a whole-second time × 1000 is exact in float8.
 */
const bucketStartMs = sql`date_part('epoch', bucket_start) * 1000`;

/** A window's load: n_k per 10-minute bucket of `bucketStarts(window)`, and its annunciations per priority. */
interface WindowLoad {
  perBucket: Int32Array;
  perPriority: Record<Priority, number>;
}

/** The 10-minute buckets of a UTC day: the length of an `alarm_load_days` vector. */
const BUCKETS_A_DAY = DAY_MS / TEN_MINUTES_MS;

const noPriorities = (): Record<Priority, number> => ({ urgent: 0, high: 0, medium: 0, low: 0 });

const noLoad = (window: KpiWindow): WindowLoad => ({
  perBucket: new Int32Array(bucketCount(window, TEN_MINUTES_MS)),
  perPriority: noPriorities(),
});

function addPriorities(sums: Record<Priority, number>, counts: Record<Priority, number>): void {
  for (const priority of PRIORITIES) sums[priority] += counts[priority];
}

/** Annunciations per priority in a piece of the window that cuts a 10-minute bucket, from events, per group. */
async function cutPiece(
  tx: Executor,
  piece: KpiWindow,
  scope: ResolvedScope,
  perConsole = false,
): Promise<Map<number, Record<Priority, number>>> {
  const rows = await queryRows<{ g: number } & Record<Priority, number>>(
    tx,
    sql`select ${groupOf(perConsole)} as g,
          count(*) filter (where priority = 'urgent')::int as urgent, count(*) filter (where priority = 'high')::int as high,
          count(*) filter (where priority = 'medium')::int as medium, count(*) filter (where priority = 'low')::int as low
        from alarm_events
        where counted and time >= ${timestampParam(piece.from)} and time < ${timestampParam(piece.to)} ${scopeFilter(scope, false)}
        group by 1`,
  );
  return new Map(rows.map(({ g, ...counts }) => [g, counts]));
}

/** The rollup of 10-minute buckets for the scope: the plant's own when no console or unit is asked. */
const bucketRollup = (scope: ResolvedScope) =>
  sql.raw(scope.consoleId === undefined && scope.unitId === undefined ? 'alarm_plant_load_10m' : 'alarm_load_10m');

/** Index of the series bucket a 10-minute bucket or cut piece starting at `start` adds to (the last start ≤ it). */
function seriesIndex(starts: readonly number[], start: number): number {
  let k = 0;
  while (k + 1 < starts.length && start >= starts[k + 1]) k++;
  return k;
}

/**
 * Annunciations per priority summed into the series buckets `starts` (ascending, the first at the window's start):
 * whole 10-minute buckets summed by the database into the bucket whose start is the last at or before theirs (a
 * year's 52,560 rows never leave it), cut pieces from events.
 */
async function loadPerSeriesBucket(
  tx: Executor,
  window: KpiWindow,
  scope: ResolvedScope,
  starts: readonly number[],
): Promise<Record<Priority, number>[]> {
  const sums = starts.map(noPriorities);
  const add = (k: number, counts: Record<Priority, number>) => addPriorities(sums[k], counts);
  const { lo, hi, pieces } = splitWindow(window, TEN_MINUTES_MS);
  // width_bucket: 0 before the first threshold, i when at or after the i-th (1-based) and before the next.
  const rows = await queryRows<{ k: number } & Record<Priority, number>>(
    tx,
    sql`select greatest(width_bucket(${bucketStartMs}, ${arrayParam(starts)}::float8[]), 1) - 1 as k,
          sum(urgent)::int as urgent, sum(high)::int as high, sum(medium)::int as medium, sum(low)::int as low
        from ${bucketRollup(scope)}
        where bucket_start >= ${timestampParam(lo)} and bucket_start < ${timestampParam(hi)} ${scopeFilter(scope, true)}
        group by 1`,
  );
  for (const row of rows) add(row.k, row);
  for (const piece of pieces) {
    add(seriesIndex(starts, piece.from), (await cutPiece(tx, piece, scope)).get(0) ?? noPriorities());
  }
  return sums;
}

/**
 * Annunciations per 10-minute bucket of the window (WindowLoad) per group (groupOf; a group without any is left
 * out). Whole UTC days come from the day vectors (`alarm_load_days`, 144 packed counts a row) when the scope names
 * no unit or operating condition; the whole buckets around them, or all of them for such a scope, from the 10-minute
 * rollup (the plant's own when no console or unit is asked and no group is kept); the cut pieces from events.
 */
async function loadPerBucket(
  tx: Executor,
  window: KpiWindow,
  scope: ResolvedScope,
  perConsole = false,
): Promise<Map<number, WindowLoad>> {
  const { lo, hi, pieces } = splitWindow(window, TEN_MINUTES_MS);
  // bucketStarts: the whole bucket at `lo` is the first, or the second after the piece cut at `from`.
  const first = window.from < lo ? lo - TEN_MINUTES_MS : lo;
  const loads = new Map<number, WindowLoad>();
  const loadOf = (g: number) => {
    let load = loads.get(g);
    if (!load) {
      load = noLoad(window);
      loads.set(g, load);
    }
    return load;
  };
  const byDay = scope.unitId === undefined && scope.condition === undefined;
  const days = byDay ? splitWindow({ from: lo, to: hi }, DAY_MS) : undefined;
  const reads: (() => Promise<void>)[] = [];
  if (days && days.lo < days.hi) {
    const consoles =
      scope.consoleId !== undefined
        ? sql`console_id = ${scope.consoleId}`
        : perConsole
          ? sql`console_id <> 0`
          : sql`console_id = 0`;
    reads.push(() =>
      // `counts`: a Buffer from node-postgres, a Uint8Array from the embedded database.
      queryRows<{ g: number; day: number; counts: Uint8Array } & Record<Priority, number>>(
        tx,
        sql`select ${groupOf(perConsole)} as g, date_part('epoch', day_start) * 1000 as day, urgent, high, medium, low, counts
            from alarm_load_days
            where day_start >= ${timestampParam(days.lo)} and day_start < ${timestampParam(days.hi)} and ${consoles}`,
      ).then((rows) => {
        for (const { g, day, counts, ...perPriority } of rows) {
          const load = loadOf(g);
          const at = (day - first) / TEN_MINUTES_MS;
          const packed = new DataView(counts.buffer, counts.byteOffset, counts.byteLength);
          for (let k = 0; k < BUCKETS_A_DAY; k++) load.perBucket[at + k] += packed.getInt32(k * 4);
          addPriorities(load.perPriority, perPriority);
        }
      }),
    );
  }
  const ranges = days ? days.pieces : lo < hi ? [{ from: lo, to: hi }] : [];
  if (ranges.length) {
    const index = sql`((${bucketStartMs} - ${first}::float8) / ${TEN_MINUTES_MS})::int`;
    const within = ranges.map(
      (range) => sql`(bucket_start >= ${timestampParam(range.from)} and bucket_start < ${timestampParam(range.to)})`,
    );
    // Rows as two arrays of small integers per group, neither sorted nor grouped by the database (a year of a unit's
    // buckets cost less so than as rows or grouped): the bucket's index among bucketStarts(window) and its count.
    reads.push(() =>
      queryRows<{ g: number; bucket: number[]; n: number[] } & Record<Priority, number>>(
        tx,
        sql`select ${groupOf(perConsole)} as g, array_agg(${index}) as bucket, array_agg(urgent + high + medium + low) as n,
              sum(urgent)::int as urgent, sum(high)::int as high, sum(medium)::int as medium, sum(low)::int as low
            from ${perConsole ? sql.raw('alarm_load_10m') : bucketRollup(scope)}
            where (${sql.join(within, sql` or `)}) ${scopeFilter(scope, true)}
            group by 1`,
      ).then((rows) => {
        for (const { g, bucket, n, ...perPriority } of rows) {
          const load = loadOf(g);
          for (let i = 0; i < bucket.length; i++) load.perBucket[bucket[i]] += n[i];
          addPriorities(load.perPriority, perPriority);
        }
      }),
    );
  }
  for (const piece of pieces) {
    reads.push(() =>
      cutPiece(tx, piece, scope, perConsole).then((perGroup) => {
        const bucket = piece.from === window.from ? 0 : (hi - first) / TEN_MINUTES_MS;
        for (const [g, counts] of perGroup) {
          const load = loadOf(g);
          load.perBucket[bucket] += PRIORITIES.reduce((sum, priority) => sum + counts[priority], 0);
          addPriorities(load.perPriority, counts);
        }
      }),
    );
  }
  await sideBySide(tx, ...reads);
  return loads;
}

export interface PointCount {
  pointId: number;
  tag: string;
  condition: string;
  count: number;
}

/** The start of the UTC calendar month holding `time`, or of the next one when `up` and `time` is inside a month. */
function monthStart(time: number, up: boolean): number {
  const date = new Date(time);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  return up && start < time ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) : start;
}

/** A point's count, or its kind of episode, in the group (groupOf) of the read that found it. */
type Grouped<T> = T & { group: number };

/**
 * Annunciations per alarm point in the window, per group (groupOf): whole UTC months from the monthly rollup, the
 * whole UTC days around them from the daily one, the rest from events. With `top`, only the points that can rank
 * among the first `top` of their group (count at least the top-th highest, so ties at the boundary stay for the
 * ranking's own order).
 */
async function countsPerPoint(
  tx: Executor,
  window: KpiWindow,
  scope: ResolvedScope,
  { top, perConsole = false }: { top?: number; perConsole?: boolean } = {},
): Promise<Grouped<PointCount>[]> {
  const { lo, hi, pieces } = splitWindow(window, DAY_MS);
  const monthLo = Math.min(monthStart(lo, true), hi);
  const monthHi = Math.max(monthStart(hi, false), monthLo);
  const g = groupOf(perConsole);
  const days = (from: number, to: number) =>
    sql`select ${g} as g, point_id, annunciations as n from alarm_point_days
        where day_start >= ${timestampParam(from)} and day_start < ${timestampParam(to)} ${scopeFilter(scope, true)}`;
  const parts: SQL[] = [];
  if (monthLo < monthHi) {
    parts.push(sql`select ${g} as g, point_id, annunciations as n from alarm_point_months
        where month_start >= ${timestampParam(monthLo)} and month_start < ${timestampParam(monthHi)} ${scopeFilter(scope, true)}`);
    if (lo < monthLo) parts.push(days(lo, monthLo));
    if (monthHi < hi) parts.push(days(monthHi, hi));
  } else {
    parts.push(days(lo, hi));
  }
  for (const piece of pieces) {
    parts.push(sql`select ${g} as g, point_id, 1 as n from alarm_events
        where counted and time >= ${timestampParam(piece.from)} and time < ${timestampParam(piece.to)} ${scopeFilter(scope, false)}`);
  }
  const counted = sql`select g, point_id, sum(n)::int as n from (${sql.join(parts, sql` union all `)}) u group by g, point_id`;
  // rank(): 1 + the points of the group counted more, so `<= top` keeps every point tied with the top-th. The cut
  // comes before the points are looked up, one by one through the key (`limit 1` keeps the planner from hashing
  // the whole library for ten rows).
  // Per console, a point is also kept where it ranks among the top of the whole scope (its counts summed over the
  // consoles), so that the whole scope's top list can be summed from the rows: a point left out of some console
  // ranks below the whole scope's top-th, and so does any part of its count.
  const kept =
    top === undefined
      ? counted
      : perConsole
        ? sql`with c as (${counted})
              select g, point_id, n from (
                select c.*, rank() over (partition by c.g order by c.n desc) as r, w.r as whole_rank
                from c join (select point_id, rank() over (order by sum(n) desc) as r from c group by point_id) w
                  using (point_id)) x
              where r <= ${top} or whole_rank <= ${top}`
        : sql`select g, point_id, n from (select *, rank() over (partition by g order by n desc) as r from (${counted}) c) x
              where r <= ${top}`;
  return queryRows<Grouped<PointCount>>(
    tx,
    sql`select c.g as "group", c.point_id as "pointId", p.tag, p.condition, c.n as count
        from (${kept}) c
        cross join lateral (select tag, condition from alarm_points where id = c.point_id limit 1) p`,
  );
}

/** A point with an episode of the kind in the window (its tag is not read: only counts decide the top list). */
export interface EpisodePoint {
  pointId: number;
  kind: 'chatter' | 'fleeting' | 'standing';
}

/**
 * The stale stretch of a standing span `alias` (alarm_episodes) inside the window: from the latest of its start,
 * its activation + staleHours and `from`, to the earliest of its end and `to`; stale when the first is earlier.
 */
export function staleStretch(alias: string, { from, to }: KpiWindow, settings: KpiSettings): { lo: SQL; hi: SQL } {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return {
    lo: sql`greatest(${column('start_time')}, ${column('activated_at')} + make_interval(hours => ${settings.staleHours}), ${timestampParam(from)})`,
    hi: sql`least(coalesce(${column('end_time')}, 'infinity'::timestamptz), ${timestampParam(to)})`,
  };
}

/**
 * Whether episode `alias` (alarm_episodes, see replay.ts) of kind `kind` is seen in the window under the settings:
 * a chattering run or a fleeting annunciation inside it, or a standing span stale at some moment of it.
 */
function episodeOfKindSeen(alias: string, kind: EpisodePoint['kind'], window: KpiWindow, settings: KpiSettings): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const f = timestampParam(window.from);
  const t = timestampParam(window.to);
  if (kind === 'standing') {
    const { lo, hi } = staleStretch(alias, window, settings);
    return sql`(${column('kind')} = 'standing' and ${column('start_time')} < ${t}
      and (${column('end_time')} is null or ${column('end_time')} > ${f}) and ${lo} < ${hi})`;
  }
  const short = shortSpan(sql`${column('end_time')} - ${column('start_time')}`, kind, settings);
  return sql`(${column('kind')} = ${sql.raw(`'${kind}'`)} and ${short} and ${column('start_time')} >= ${f} and ${column('start_time')} < ${t}
    and ${column('end_time')} < ${t})`;
}

/**
 * Whether episode `alias` (alarm_episodes, see replay.ts) is seen in the window under the settings: a chattering
 * run or a fleeting annunciation inside it, or a standing span stale at some moment of it. The KPI summary and
 * abnormal-alarm detection both read episodes through this one condition.
 */
export function episodeSeen(alias: string, window: KpiWindow, settings: KpiSettings): SQL {
  const kinds = (['chatter', 'fleeting', 'standing'] as const).map((kind) =>
    episodeOfKindSeen(alias, kind, window, settings),
  );
  return sql`(${sql.join(kinds, sql` or `)})`;
}

/** The threshold a chattering run's or a fleeting annunciation's span is held to (episodeOfKindSeen). */
function shortSpan(span: SQL, kind: 'chatter' | 'fleeting', settings: KpiSettings): SQL {
  return kind === 'chatter'
    ? sql`${span} <= make_interval(secs => ${settings.chatterSeconds})`
    : sql`${span} < make_interval(secs => ${settings.fleetingSeconds})`;
}

/**
 * The points with a chattering run (or a fleeting annunciation) inside the window. A UTC day D whose every run
 * short enough ends before `to` — D starts at or after `from` and D's end + the threshold is at most `to` — is
 * answered by the episode marks (its shortest run is short enough), a whole UTC month of such days by the month's
 * marks; the runs starting before the first such day or after the last are read from the episodes, by start. Equal
 * to reading every episode (episodeOfKindSeen).
 */
function shortEpisodePoints(
  kind: 'chatter' | 'fleeting',
  window: KpiWindow,
  scope: ResolvedScope,
  settings: KpiSettings,
  perConsole: boolean,
): SQL[] {
  const seconds = kind === 'chatter' ? settings.chatterSeconds : settings.fleetingSeconds;
  const lo = Math.min(ceilTo(window.from, DAY_MS), window.to);
  const hi = Math.max(floorTo(window.to - seconds * 1000, DAY_MS), lo);
  const raw = (starts: SQL) =>
    sql`select ${groupOf(perConsole, 'e')} as g, e.point_id from alarm_episodes e
        where ${episodeOfKindSeen('e', kind, window, settings)} ${starts} ${scopeFilter(scope, true, 'e')}`;
  if (hi <= lo) return [raw(sql``)];
  const shortest = sql.raw(kind === 'chatter' ? 'm.shortest_chatter' : 'm.shortest_fleeting');
  const marks = (table: 'alarm_episode_marks' | 'alarm_episode_month_marks', from: number, to: number) => {
    const start = sql.raw(table === 'alarm_episode_marks' ? 'm.day_start' : 'm.month_start');
    return sql`select ${groupOf(perConsole, 'm')} as g, m.point_id from ${sql.identifier(table)} m
        where ${start} >= ${timestampParam(from)} and ${start} < ${timestampParam(to)}
          and ${shortSpan(shortest, kind, settings)} ${scopeFilter(scope, true, 'm')}`;
  };
  // The whole UTC months among those days from the month marks, the days around them from the day marks.
  const monthLo = Math.min(monthStart(lo, true), hi);
  const monthHi = Math.max(monthStart(hi, false), monthLo);
  const marked =
    monthLo < monthHi
      ? [
          ...(lo < monthLo ? [marks('alarm_episode_marks', lo, monthLo)] : []),
          marks('alarm_episode_month_marks', monthLo, monthHi),
          ...(monthHi < hi ? [marks('alarm_episode_marks', monthHi, hi)] : []),
        ]
      : [marks('alarm_episode_marks', lo, hi)];
  return [
    raw(sql`and e.start_time < ${timestampParam(lo)}`),
    ...marked,
    raw(sql`and e.start_time >= ${timestampParam(hi)}`),
  ];
}

/**
 * Points with a chattering run, a fleeting annunciation or a stale moment inside the window (replay.ts), per group
 * (groupOf). Each kind is read on its own and made distinct per point: a bad actor has thousands of episodes in a
 * month, and only its presence matters here.
 */
export async function episodePoints(
  tx: Executor,
  window: KpiWindow,
  scope: ResolvedScope,
  settings: KpiSettings,
  perConsole = false,
): Promise<Grouped<EpisodePoint>[]> {
  const ofKind = (kind: EpisodePoint['kind']) => {
    const parts =
      kind === 'standing'
        ? [
            sql`select ${groupOf(perConsole, 'e')} as g, e.point_id from alarm_episodes e
                where ${episodeOfKindSeen('e', kind, window, settings)} ${scopeFilter(scope, true, 'e')}`,
          ]
        : shortEpisodePoints(kind, window, scope, settings, perConsole);
    return sql`select distinct x.g, x.point_id, ${sql.raw(`'${kind}'`)} as kind from (${sql.join(parts, sql` union all `)}) x`;
  };
  return queryRows<Grouped<EpisodePoint>>(
    tx,
    sql`select e.g as "group", e.point_id as "pointId", e.kind
        from (${ofKind('chatter')} union all ${ofKind('fleeting')} union all ${ofKind('standing')}) e`,
  );
}

/**
 * The window's counts for the summary (see WindowCounts) from aggregates: n_k and the priority split from the
 * 10-minute rows, the top points' counts, and the episode marks of the points seen in the window.
 */
function windowCounts(
  window: KpiWindow,
  settings: KpiSettings,
  load: WindowLoad,
  counts: PointCount[],
  episodes: EpisodePoint[],
): WindowCounts {
  const { perBucket } = load;
  const perPriority = PRIORITIES.map((priority) => load.perPriority[priority]);

  const points = new Map<number, PointAnalysis>();
  const pointOf = (pointId: number, tag: string, condition: string) => {
    let point = points.get(pointId);
    if (!point) {
      point = { id: points.size, tag, condition, annunciations: 0 };
      points.set(pointId, point);
    }
    return point;
  };
  for (const row of counts) pointOf(row.pointId, row.tag, row.condition).annunciations = row.count;
  // Only presence matters to the summary's counts; the episode details stay in the detection records. A point
  // known only by its episodes has no annunciations here, so it is not ranked and its tag is never shown.
  const mark = { firstSeen: window.from, lastSeen: window.from, count: 1 };
  for (const row of episodes) {
    const point = pointOf(row.pointId, '', '');
    if (row.kind === 'chatter') point.chattering = mark;
    else if (row.kind === 'fleeting') point.fleeting = mark;
    else point.standing = mark;
  }
  return { window, settings, perBucket, perPriority, points: [...points.values()] };
}

export interface SeriesRow {
  start: string;
  end: string;
  annunciations: number;
  /** Per priority, same buckets. */
  urgent: number;
  high: number;
  medium: number;
  low: number;
}

export interface RankingRow {
  id: number;
  name: string;
  annunciations: number;
}

export function createKpiRepository(db: Executor) {
  return {
    async summary(window: KpiWindow, scope: KpiScope, settings: KpiSettings, tx: Executor = db): Promise<KpiSummary> {
      const resolved = await resolveScope(tx, scope);
      const empty = resolved.empty || window.to <= window.from;
      if (empty) return summariseCounts(windowCounts(window, settings, noLoad(window), [], []));
      const [loads, counts, episodes] = await sideBySide(
        tx,
        () => loadPerBucket(tx, window, resolved),
        () => countsPerPoint(tx, window, resolved, { top: TOP_POINTS }),
        () => episodePoints(tx, window, resolved, settings),
      );
      return summariseCounts(windowCounts(window, settings, loads.get(0) ?? noLoad(window), counts, episodes));
    },

    /**
     * The summary of each console named (the scope's unit and operating condition apply), as `summary` gives it
     * with that console in the scope, and the summary of the whole scope, as `summary` gives it: each aggregate is
     * read once for every console and split by console, the whole scope being the sum of its consoles, so a board
     * of ten consoles and their plant costs three reads, not thirty-three.
     */
    async summaryPerConsole(
      window: KpiWindow,
      scope: Omit<KpiScope, 'console'>,
      consoles: readonly string[],
      settings: KpiSettings,
      tx: Executor = db,
    ): Promise<{ whole: KpiSummary; perConsole: KpiSummary[] }> {
      const resolved = await resolveScope(tx, scope);
      const ids = await queryRows<{ id: number; name: string }>(
        tx,
        sql`select id, name from consoles where name = any(${arrayParam([...consoles])}::text[])`,
      );
      const idOf = new Map(ids.map((row) => [row.name, row.id]));
      const empty = resolved.empty || window.to <= window.from;
      const [loads, counts, episodes] = empty
        ? [new Map<number, WindowLoad>(), [], []]
        : await sideBySide(
            tx,
            () => loadPerBucket(tx, window, resolved, true),
            () => countsPerPoint(tx, window, resolved, { top: TOP_POINTS, perConsole: true }),
            () => episodePoints(tx, window, resolved, settings, true),
          );
      const whole = noLoad(window);
      for (const load of loads.values()) {
        for (let k = 0; k < whole.perBucket.length; k++) whole.perBucket[k] += load.perBucket[k];
        addPriorities(whole.perPriority, load.perPriority);
      }
      const wholeCounts = new Map<number, PointCount>();
      for (const row of counts) {
        const point = wholeCounts.get(row.pointId);
        if (point) point.count += row.count;
        else
          wholeCounts.set(row.pointId, {
            pointId: row.pointId,
            tag: row.tag,
            condition: row.condition,
            count: row.count,
          });
      }
      const wholeEpisodes = new Map(episodes.map((row) => [`${row.pointId} ${row.kind}`, row]));
      return {
        whole: summariseCounts(
          windowCounts(window, settings, whole, [...wholeCounts.values()], [...wholeEpisodes.values()]),
        ),
        perConsole: consoles.map((name) => {
          const id = idOf.get(name);
          return summariseCounts(
            windowCounts(
              window,
              settings,
              (id !== undefined && loads.get(id)) || noLoad(window),
              counts.filter((row) => row.group === id),
              episodes.filter((row) => row.group === id),
            ),
          );
        }),
      };
    },

    /** n_k: annunciations per 10-minute bucket of the window (`bucketStarts`), as the summary counts them. */
    async perTenMinutes(window: KpiWindow, scope: KpiScope, tx: Executor = db): Promise<Int32Array> {
      const resolved = await resolveScope(tx, scope);
      const empty = resolved.empty || window.to <= window.from;
      return ((!empty && (await loadPerBucket(tx, window, resolved)).get(0)) || noLoad(window)).perBucket;
    },

    /** Annunciations per 10 min / hour / plant day (bucket starts as the engine's `seriesBucketStarts`). */
    async series(
      window: KpiWindow,
      scope: KpiScope,
      bucket: BucketSize,
      timeZone: string,
      tx: Executor = db,
    ): Promise<SeriesRow[]> {
      const resolved = await resolveScope(tx, scope);
      const starts = seriesBucketStarts(window, bucket, timeZone);
      const sums =
        !resolved.empty && starts.length
          ? await loadPerSeriesBucket(tx, window, resolved, starts)
          : starts.map(noPriorities);
      return starts.map((start, index) => ({
        start: new Date(start).toISOString(),
        end: new Date(index + 1 < starts.length ? starts[index + 1] : window.to).toISOString(),
        annunciations: sums[index].urgent + sums[index].high + sums[index].medium + sums[index].low,
        ...sums[index],
      }));
    },

    /** Annunciations per alarm point in the window (points with none are left out). */
    async pointCounts(window: KpiWindow, scope: KpiScope, tx: Executor = db): Promise<PointCount[]> {
      const resolved = await resolveScope(tx, scope);
      if (resolved.empty || window.to <= window.from) return [];
      return countsPerPoint(tx, window, resolved);
    },

    /** Annunciations per console, unit or equipment in the window, most first. */
    async ranking(
      window: KpiWindow,
      scope: KpiScope,
      by: 'console' | 'unit' | 'equipment',
      tx: Executor = db,
    ): Promise<RankingRow[]> {
      const resolved = await resolveScope(tx, scope);
      if (resolved.empty || window.to <= window.from) return [];
      const counts = await countsPerPoint(tx, window, resolved);
      if (!counts.length) return [];
      const table = by === 'console' ? 'consoles' : by === 'unit' ? 'units' : 'equipment';
      const column = by === 'console' ? 'console_id' : by === 'unit' ? 'unit_id' : 'equipment_id';
      return queryRows<RankingRow>(
        tx,
        sql`select g.id, g.name, sum(x.n)::int as annunciations
            from unnest(${arrayParam(counts.map((c) => c.pointId))}::int[], ${arrayParam(counts.map((c) => c.count))}::int[]) as x(point_id, n)
            join alarm_points p on p.id = x.point_id
            join ${sql.identifier(table)} g on g.id = p.${sql.identifier(column)}
            group by g.id, g.name order by annunciations desc, g.name`,
      );
    },
  };
}

export type KpiRepository = ReturnType<typeof createKpiRepository>;
