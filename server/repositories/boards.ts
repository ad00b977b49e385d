/**
 * What the boards need beyond the KPI endpoints: optimisation targets (settings key `kpiTargets`), scope
 * options, per-console summaries, equipment load, live state, improvement periods and window comparisons.
 * Every KPI figure comes from the KPI repository (server/repositories/kpi.ts), i.e. from the engine.
 */
import { sql } from 'drizzle-orm';
import { resolveTargetSettings } from '../../common/kpiTargets';
import type {
  AppliedChange,
  ConsoleLiveState,
  EquipmentLoad,
  KpiFigures,
  Performance,
  PeriodCounts,
  PointDelta,
  ScopeOptions,
  TargetSettings,
} from '../../contract/boards';
import type { KpiSummary } from '../../contract/kpi';
import type { KpiSettings } from '../../contract/kpiSettings';
import type { Executor } from '../db';
import type { CoverageStep } from '../domain/boards/coverage';
import { seriesBucketStarts } from '../domain/kpi/buckets';
import { HOUR_MS, type KpiWindow } from '../domain/kpi/types';
import { type KpiRepository, type KpiScope, resolveScope, scopeFilter } from './kpi';
import { arrayParam, epochMs, isoTime, queryRows, timestampParam } from './raw-sql';

const TARGETS_KEY = 'kpiTargets';

export function figuresOf(summary: KpiSummary): KpiFigures {
  const { top10: _top10, floods, from: _from, to: _to, ...figures } = summary;
  return { ...figures, floods: floods.length };
}

/** Upper bounds of the 10-minute rate histogram's bins (EEMUA 191's rate thresholds); the last is open. */
export const RATE_BINS = [0, 2, 5, 10, 20, 50, 100] as const;

type HistogramBin = Performance['histogram'][number];

const HEATMAP_EQUIPMENT = 15;
const RECENT_EVENTS = 50;

const iso = (ms: number) => new Date(ms).toISOString();

/** The points of a board's scope, by console and unit name, over `p` joined to `c` (consoles) and `u` (units). */
const pointInScope = (scope: KpiScope) =>
  sql`${scope.console === undefined ? sql`` : sql`and c.name = ${scope.console}`}
    ${scope.unit === undefined ? sql`` : sql`and u.name = ${scope.unit}`}`;

const SCOPE_JOINS = sql`left join consoles c on c.id = p.console_id left join units u on u.id = p.unit_id`;

export function createBoardsRepository(db: Executor, kpi: KpiRepository) {
  return {
    async targets(tx: Executor = db): Promise<TargetSettings> {
      const [row] = await queryRows<{ value: unknown }>(tx, sql`select value from settings where key = ${TARGETS_KEY}`);
      return resolveTargetSettings(row?.value);
    },

    async saveTargets(value: TargetSettings, username: string, tx: Executor = db): Promise<TargetSettings> {
      await tx.execute(sql`
        insert into settings (key, value, updated_by, updated_at) values (${TARGETS_KEY}, ${JSON.stringify(value)}::jsonb, ${username}, now())
        on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`);
      return value;
    },

    /** Units, consoles and operating conditions known to the journal, for the board toolbar. */
    async scopeOptions(tx: Executor = db): Promise<ScopeOptions> {
      const names = (rows: { name: string }[]) => rows.map((row) => row.name);
      return {
        units: names(await queryRows(tx, sql`select name from units order by name`)),
        consoles: names(await queryRows(tx, sql`select name from consoles order by name`)),
        conditions: names(
          await queryRows(
            tx,
            sql`select distinct operating_condition as name from alarm_load_10m where operating_condition <> '' order by 1`,
          ),
        ),
      };
    },

    /** Open (未处置) abnormal alarms of the points in the scope. */
    async openAbnormal(scope: KpiScope, tx: Executor = db): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from abnormal_alarms a join alarm_points p on p.id = a.point_id
            left join consoles c on c.id = p.console_id left join units u on u.id = p.unit_id
            where a.status = '未处置' and not p.deleted ${pointInScope(scope)}`,
      );
      return row.n;
    },

    /** Points of the scope whose priority differs from the matrix's suggestion (the library's partial index). */
    async priorityMismatches(scope: KpiScope, tx: Executor = db): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from alarm_points p ${SCOPE_JOINS}
            where not p.deleted and p.suggested_priority <> p.priority ${pointInScope(scope)}`,
      );
      return row.n;
    },

    /**
     * How rationalization coverage changed, per unit and bucket of the period ends: points confirmed (+1) or
     * taken back to 待确认 (−1), from the audit trail of 合理化状态; points confirmed without an audit row (the demo
     * plant's, or before their first audited change) count from their confirmation, or else their creation; and
     * points added to the library. Removed points are left out.
     */
    async coverageSteps(ends: readonly number[], scope: KpiScope, tx: Executor = db): Promise<CoverageStep[]> {
      if (!ends.length) return [];
      const bucket = (column: string) => sql`width_bucket(${epochMs(sql.raw(column))}, ${arrayParam(ends)}::float8[])`;
      return queryRows<CoverageStep>(
        tx,
        sql`with points as (
              select p.id, u.name as unit, p.created_at, p.confirmed_at, p.rationalization_status
              from alarm_points p ${SCOPE_JOINS} where not p.deleted ${pointInScope(scope)}),
            audited as (
              select x.point_id, x.changed_at, x.before, x.after,
                row_number() over (partition by x.point_id order by x.changed_at, x.id) as n
              from alarm_point_changes x join points on points.id = x.point_id
              where x.field = 'rationalizationStatus'),
            steps as (
              select a.point_id, a.changed_at as at,
                (a.after = '已确认')::int - (a.before = '已确认')::int as confirmed, 0 as total
              from audited a
              union all
              select a.point_id, points.created_at, 1, 0 from audited a join points on points.id = a.point_id
              where a.n = 1 and a.before = '已确认'
              union all
              select points.id, coalesce(points.confirmed_at, points.created_at), 1, 0 from points
              where points.rationalization_status = '已确认'
                and not exists (select 1 from audited a where a.point_id = points.id)
              union all
              select points.id, points.created_at, 0, 1 from points)
            select points.unit, ${bucket('steps.at')} as bucket, sum(steps.confirmed)::int as confirmed,
              sum(steps.total)::int as total
            from steps join points on points.id = steps.point_id
            group by points.unit, 2 order by points.unit nulls last, 2`,
      );
    },

    /**
     * The engine's summary for each console of the scope (all consoles, or those with load in the unit) and for the
     * whole scope, read together (kpi.summaryPerConsole).
     */
    async perConsole(
      window: KpiWindow,
      scope: KpiScope,
      settings: KpiSettings,
      tx: Executor = db,
    ): Promise<{ whole: KpiSummary; consoles: { console: string; summary: KpiSummary }[] }> {
      const names =
        scope.console !== undefined
          ? [scope.console]
          : scope.unit !== undefined
            ? (await kpi.ranking(window, scope, 'console', tx)).map((row) => row.name)
            : (await queryRows<{ name: string }>(tx, sql`select name from consoles order by name`)).map((r) => r.name);
      const { whole, perConsole } = await kpi.summaryPerConsole(window, scope, names, settings, tx);
      return { whole, consoles: names.map((name, index) => ({ console: name, summary: perConsole[index] })) };
    },

    /** How many 10-minute periods of the window fall in each rate bin (empty periods count as 0). */
    async rateHistogram(window: KpiWindow, scope: KpiScope, tx: Executor = db): Promise<HistogramBin[]> {
      const perBucket = await kpi.perTenMinutes(window, scope, tx);
      const bins: HistogramBin[] = RATE_BINS.map((max, index) => ({
        min: index === 0 ? 0 : RATE_BINS[index - 1] + 1,
        max,
        periods: 0,
      }));
      bins.push({ min: RATE_BINS[RATE_BINS.length - 1] + 1, max: null, periods: 0 });
      for (const annunciations of perBucket) {
        const bin = bins.find((candidate) => candidate.max === null || annunciations <= candidate.max);
        if (bin) bin.periods++;
      }
      return bins;
    },

    /** Annunciations per equipment and condition, most loaded first. */
    async equipmentLoad(window: KpiWindow, scope: KpiScope, tx: Executor = db): Promise<EquipmentLoad[]> {
      const counts = await kpi.pointCounts(window, scope, tx);
      if (!counts.length) return [];
      const rows = await queryRows<
        Omit<EquipmentLoad, 'byCondition' | 'annunciations'> & { condition: string; n: number }
      >(
        tx,
        sql`select q.id, q.name, coalesce(u.name, '') as unit, q.equipment_type as "equipmentType", p.condition, sum(x.n)::int as n
            from unnest(${arrayParam(counts.map((c) => c.pointId))}::int[], ${arrayParam(counts.map((c) => c.count))}::int[]) as x(point_id, n)
            join alarm_points p on p.id = x.point_id
            join equipment q on q.id = p.equipment_id
            left join units u on u.id = q.unit_id
            group by q.id, q.name, u.name, q.equipment_type, p.condition`,
      );
      const byId = new Map<number, EquipmentLoad>();
      for (const row of rows) {
        let load = byId.get(row.id);
        if (!load) {
          load = {
            id: row.id,
            name: row.name,
            unit: row.unit,
            equipmentType: row.equipmentType,
            annunciations: 0,
            byCondition: {},
          };
          byId.set(row.id, load);
        }
        load.annunciations += row.n;
        load.byCondition[row.condition] = row.n;
      }
      return [...byId.values()].sort((a, b) => b.annunciations - a.annunciations || a.name.localeCompare(b.name));
    },

    /** Annunciations per plant day of the most loaded equipment: `cells[e][d]`. */
    async equipmentDays(
      window: KpiWindow,
      scope: KpiScope,
      equipmentIds: readonly number[],
      timeZone: string,
      tx: Executor = db,
    ): Promise<{ days: string[]; cells: number[][] }> {
      const starts = seriesBucketStarts(window, '1d', timeZone);
      const ids = equipmentIds.slice(0, HEATMAP_EQUIPMENT);
      const cells = ids.map(() => starts.map(() => 0));
      const resolved = await resolveScope(tx, scope);
      if (ids.length && starts.length && !resolved.empty) {
        const rows = await queryRows<{ equipmentId: number; day: number; n: number }>(
          tx,
          sql`select p.equipment_id as "equipmentId", width_bucket(${epochMs(sql`e.time`)}, ${arrayParam(starts)}::float8[]) - 1 as day,
                count(*)::int as n
              from alarm_events e join alarm_points p on p.id = e.point_id
              where e.counted and e.time >= ${timestampParam(window.from)} and e.time < ${timestampParam(window.to)}
                and p.equipment_id = any(${arrayParam(ids)}::int[]) ${scopeFilter(resolved, false, 'e')}
              group by 1, 2`,
        );
        for (const row of rows) cells[ids.indexOf(row.equipmentId)][row.day] = row.n;
      }
      return { days: starts.map(iso), cells };
    },

    /** An equipment's alarm points with their annunciations in the window, and its latest events. */
    async equipmentDetail(equipmentId: number, window: KpiWindow, tx: Executor = db) {
      const points = await queryRows<{
        tag: string;
        condition: string;
        description: string;
        priority: string;
        annunciations: number;
      }>(
        tx,
        sql`select p.tag, p.condition, p.description, p.priority, coalesce(sum(d.annunciations), 0)::int as annunciations
            from alarm_points p
            left join alarm_point_days d on d.point_id = p.id
              and d.day_start >= ${timestampParam(window.from)} and d.day_start < ${timestampParam(window.to)}
            where p.equipment_id = ${equipmentId} and not p.deleted
            group by p.id order by annunciations desc, p.tag, p.condition`,
      );
      const events = await queryRows<{ time: string; tag: string; condition: string; event: string; priority: string }>(
        tx,
        sql`select to_char(e.time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as time, p.tag, p.condition, e.event, e.priority
            from alarm_points p cross join lateral (
              select time, event, priority from alarm_events where point_id = p.id and time < ${timestampParam(window.to)}
              order by time desc limit ${RECENT_EVENTS}) e
            where p.equipment_id = ${equipmentId}
            order by e.time desc limit ${RECENT_EVENTS}`,
      );
      return { points, events };
    },

    /**
     * Live alarm state per console from each point's replay state (alarm_point_states), which also holds its
     * latest ALM and ACK: unacknowledged when no ACK came at or after that ALM. Standing: active and visible for
     * ≥ staleHours. No event is read.
     */
    async liveState(now: number, staleHours: number, scope: KpiScope, tx: Executor = db): Promise<ConsoleLiveState[]> {
      return queryRows<ConsoleLiveState>(
        tx,
        sql`select c.name as console,
              count(*) filter (where s.state->>'activeSince' is not null)::int as active,
              count(*) filter (where (s.state->>'lastAlarm')::float8
                > coalesce((s.state->>'lastAck')::float8, '-infinity'))::int as unacked,
              count(*) filter (where ((s.state->>'hiddenBy')::int & 1) <> 0)::int as shelved,
              count(*) filter (where ((s.state->>'hiddenBy')::int & 2) <> 0)::int as suppressed,
              count(*) filter (where ((s.state->>'hiddenBy')::int & 4) <> 0)::int as "outOfService",
              count(*) filter (where s.state->>'activeSince' is not null and (s.state->>'hiddenBy')::int = 0
                and (s.state->>'activeSince')::float8 <= ${now - staleHours * HOUR_MS})::int as standing,
              case when max(s.last_time) is null then null
                else to_char(max(s.last_time) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as "lastEventAt"
            from consoles c
            left join alarm_points p on p.console_id = c.id and not p.deleted
            left join units u on u.id = p.unit_id
            left join alarm_point_states s on s.point_id = p.id
            where true ${pointInScope(scope)}
            group by c.id, c.name order by c.name`,
      );
    },

    /** Abnormal alarms found (first seen) and handled, and library edits outside MOC, per period. */
    async periodCounts(windows: readonly KpiWindow[], scope: KpiScope, tx: Executor = db): Promise<PeriodCounts[]> {
      if (!windows.length) return [];
      const bounds = [...windows.map((w) => w.from), windows[windows.length - 1].to];
      const bucket = (column: string) =>
        sql`width_bucket(${epochMs(sql.raw(column))}, ${arrayParam(bounds)}::float8[])`;
      const pointScope = pointInScope(scope);
      const points = sql`join alarm_points p on p.id = x.point_id left join consoles c on c.id = p.console_id
        left join units u on u.id = p.unit_id`;
      const rows = await queryRows<{ kind: 'found' | 'handled' | 'outsideMoc'; k: number; n: number }>(
        tx,
        sql`select 'found' as kind, ${bucket('x.first_seen')} as k, count(*)::int as n from abnormal_alarms x ${points}
              where true ${pointScope} group by 2
            union all
            select 'handled', ${bucket('x.handled_at')}, count(*)::int from abnormal_alarms x ${points}
              where x.handled_at is not null and x.status = '已处置' ${pointScope} group by 2
            union all
            select 'outsideMoc', ${bucket('x.changed_at')}, count(*)::int from alarm_point_changes x ${points}
              where x.source = 'library' ${pointScope} group by 2`,
      );
      const counts = windows.map(() => ({ found: 0, handled: 0, outsideMoc: 0 }));
      // width_bucket: 0 before the first bound, windows.length + 1 after the last.
      for (const row of rows) if (row.k >= 1 && row.k <= windows.length) counts[row.k - 1][row.kind] += row.n;
      return counts;
    },

    /** Change requests applied in the window (point changes and operating conditions alike), for the trend axis. */
    async appliedChanges(window: KpiWindow, tx: Executor = db): Promise<AppliedChange[]> {
      return queryRows(
        tx,
        sql`select id as "changeRequestId", title,
              ${isoTime('applied_at')} as "appliedAt"
            from change_requests where status = 'applied'
              and applied_at >= ${timestampParam(window.from)} and applied_at < ${timestampParam(window.to)}
            order by applied_at, id`,
      );
    },

    /** Annunciations per alarm point in two windows/scopes, most changed first. */
    async pointDeltas(
      before: { window: KpiWindow; scope: KpiScope },
      after: { window: KpiWindow; scope: KpiScope },
      tx: Executor = db,
    ): Promise<PointDelta[]> {
      const a = await kpi.pointCounts(before.window, before.scope, tx);
      const b = await kpi.pointCounts(after.window, after.scope, tx);
      const byPoint = new Map<number, { before: number; after: number }>();
      for (const row of a) byPoint.set(row.pointId, { before: row.count, after: 0 });
      for (const row of b)
        byPoint.set(row.pointId, { before: byPoint.get(row.pointId)?.before ?? 0, after: row.count });
      if (!byPoint.size) return [];
      const ids = [...byPoint.keys()];
      const refs = await queryRows<{ id: number; tag: string; condition: string; description: string }>(
        tx,
        sql`select id, tag, condition, description from alarm_points where id = any(${arrayParam(ids)}::int[])`,
      );
      return refs
        .map((ref) => {
          const counts = byPoint.get(ref.id) as { before: number; after: number };
          return {
            tag: ref.tag,
            condition: ref.condition,
            description: ref.description,
            ...counts,
            delta: counts.after - counts.before,
          };
        })
        .sort(
          (x, y) =>
            Math.abs(y.delta) - Math.abs(x.delta) ||
            x.tag.localeCompare(y.tag) ||
            x.condition.localeCompare(y.condition),
        );
    },
  };
}

export type BoardsRepository = ReturnType<typeof createBoardsRepository>;
