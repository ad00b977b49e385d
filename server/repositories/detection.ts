/**
 * Abnormal-alarm detection, under 异常报警配置's rules (kpi-settings.ts). Detection runs the engine's rules
 * (server/domain/kpi/detection.ts) over each point's whole journal, read from the facts kept at ingest, and
 * over the floods of each console. It keeps one open record per point and kind: re-running updates it
 * instead of adding another (idempotent); a point handled or ignored gets a new record only for behaviour
 * seen after that record.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import { plantDayResolver } from '../../common/plantDays';
import {
  type AbnormalSettings,
  CHATTER_MAX_SECONDS,
  FLEETING_MAX_SECONDS,
  type KpiSettings,
} from '../../contract/kpiSettings';
import { PRIORITIES } from '../../contract/vocabulary';
import { type Executor, lockJournalWrites } from '../db';
import { pointDetectionFacts } from '../db/schema';
import { bucketStarts } from '../domain/kpi/buckets';
import { type AbnormalFinding, detectFromAnalysis } from '../domain/kpi/detection';
import { type Flood, floodsFromBuckets } from '../domain/kpi/floods';
import type { JournalAnalysis, PointAnalysis } from '../domain/kpi/journal';
import { DAY_MS, type KpiWindow, TEN_MINUTES_MS } from '../domain/kpi/types';
import { episodeSeen, staleStretch } from './kpi';
import { readKpiSettings } from './kpi-settings';
import { arrayParam, epochMs, queryRows, timestampParam } from './raw-sql';

interface PointFinding extends AbnormalFinding {
  pointId: number;
}

async function saveFindings(tx: Executor, findings: PointFinding[]): Promise<void> {
  for (let offset = 0; offset < findings.length; offset += 2000) {
    const chunk = findings.slice(offset, offset + 2000);
    await tx.execute(sql`
      insert into abnormal_alarms (point_id, kind, first_seen, last_seen, count)
      select p, k, to_timestamp(f / 1000), to_timestamp(l / 1000), c
      from unnest(${arrayParam(chunk.map((x) => x.pointId))}::int[], ${arrayParam(chunk.map((x) => x.kind))}::text[],
                  ${arrayParam(chunk.map((x) => x.firstSeen))}::float8[], ${arrayParam(chunk.map((x) => x.lastSeen))}::float8[],
                  ${arrayParam(chunk.map((x) => x.count))}::int[]) as x(p, k, f, l, c)
      where not exists (select 1 from abnormal_alarms a where a.point_id = x.p and a.kind = x.k
                          and a.status <> '未处置' and a.last_seen >= to_timestamp(x.l / 1000))
      on conflict (point_id, kind) where status = '未处置' do update
        set first_seen = excluded.first_seen, last_seen = excluded.last_seen, count = excluded.count, updated_at = now()`);
  }
}

/** Points whose facts one statement of a detection reads at most. */
const DETECTION_POINTS = 250;

/** The per-point kinds whose facts are kept between detections (point_detection_facts). */
const SETTLED_KINDS = ['chatter', 'fleeting', 'standing', 'frequent'] as const;
type SettledKind = (typeof SETTLED_KINDS)[number];

/** Seen behaviour of one kind: its first and last moment and its count (frequent: the largest day's). */
interface Seen {
  first: number | null;
  last: number | null;
  count: number;
}

/** Seen behaviour before `before`, with the mark the next episodes are counted against (see the table). */
interface Settled extends Seen {
  before: number | null;
  mark: number | null;
}

const NOTHING_SETTLED: Settled = { before: null, first: null, last: null, count: 0, mark: null };

type PointFacts = Record<SettledKind, Settled>;

/** Two disjoint stretches of behaviour as one: counts added, or for frequent the larger day. */
function joined(a: Seen, b: Seen, kind: SettledKind | 'floodContributor'): Seen {
  const pick = (x: number | null, y: number | null, f: (p: number, q: number) => number) =>
    x === null ? y : y === null ? x : f(x, y);
  return {
    first: pick(a.first, b.first, Math.min),
    last: pick(a.last, b.last, Math.max),
    count: kind === 'frequent' ? Math.max(a.count, b.count) : a.count + b.count,
  };
}

/** The settings and plant time zone the kept facts depend on. */
const basisOf = (settings: KpiSettings, timeZone: string) => JSON.stringify([settings, timeZone]);

/** The per-kind columns of point_detection_facts (`<kind>_<field>`), as the schema declares them. */
const SETTLED_COLUMNS = Object.values(getTableColumns(pointDetectionFacts)).flatMap((column) => {
  const [kind, field] = column.name.split('_') as [SettledKind, keyof Settled];
  return SETTLED_KINDS.includes(kind)
    ? [{ kind, field, type: column.getSQLType(), int: column.dataType === 'number' }]
    : [];
});

const columnOf = ({ kind, field }: { kind: SettledKind; field: keyof Settled }) => `${kind}_${field}`;

/** The kept facts of the given points, those kept under `basis`. */
async function readSettled(tx: Executor, pointIds: readonly number[], basis: string): Promise<Map<number, PointFacts>> {
  const columns = SETTLED_COLUMNS.map((column) => {
    const name = sql.identifier(columnOf(column));
    return sql`${column.int ? name : epochMs(sql`${name}`)} as ${sql.identifier(columnOf(column))}`;
  });
  const rows = await queryRows<{ pointId: number } & Record<string, number | null>>(
    tx,
    sql`select point_id as "pointId", ${sql.join(columns, sql`, `)} from point_detection_facts
        where point_id = any(${arrayParam([...pointIds])}::int[]) and basis = ${basis}`,
  );
  return new Map(
    rows.map((row) => {
      const at = (kind: SettledKind, field: keyof Settled) => row[columnOf({ kind, field })] ?? null;
      const kinds = SETTLED_KINDS.map((kind) => {
        const settled: Settled = {
          before: at(kind, 'before'),
          first: at(kind, 'first'),
          last: at(kind, 'last'),
          count: at(kind, 'count') ?? 0,
          mark: at(kind, 'mark'),
        };
        return [kind, settled] as const;
      });
      return [row.pointId, Object.fromEntries(kinds) as PointFacts];
    }),
  );
}

async function saveSettled(tx: Executor, facts: Map<number, PointFacts>, basis: string): Promise<void> {
  const records = [...facts].map(([pointId, point]) => {
    const record: Record<string, unknown> = { point_id: pointId };
    for (const column of SETTLED_COLUMNS) {
      const value = point[column.kind][column.field];
      record[columnOf(column)] = column.int || value === null ? value : new Date(value).toISOString();
    }
    return record;
  });
  const names = sql.raw(SETTLED_COLUMNS.map(columnOf).join(', '));
  const types = sql.raw(SETTLED_COLUMNS.map((column) => `${columnOf(column)} ${column.type}`).join(', '));
  const updates = sql.raw(
    SETTLED_COLUMNS.map((column) => `${columnOf(column)} = excluded.${columnOf(column)}`).join(', '),
  );
  await tx.execute(sql`
    insert into point_detection_facts (point_id, basis, ${names})
    select point_id, ${basis}, ${names}
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(point_id int, ${types})
    on conflict (point_id) do update set basis = excluded.basis, ${updates}`);
}

/** A point's behaviour seen since its settled facts: all of it, and the part now settled (up to `before`). */
interface Recent {
  pointId: number;
  tag: string;
  condition: string;
  /** The point's last replayed event; appended events come after it. */
  lastTime: number | null;
  seen: Partial<Record<SettledKind, { all: Seen; settled: Settled }>>;
}

interface EpisodeRow extends Record<`${'chatter' | 'fleeting' | 'standing'}Before`, number | null> {
  pointId: number;
  tag: string;
  condition: string;
  lastTime: number | null;
  /** Null for a point without episodes since its settled facts. */
  kind: 'chatter' | 'fleeting' | 'standing' | null;
  first: number | null;
  last: number | null;
  count: number | null;
  settledFirst: number | null;
  settledLast: number | null;
  settledCount: number | null;
  settledMark: number | null;
}

/**
 * Chattering, fleeting and standing facts of the given points from the episodes kept at ingest
 * (server/domain/ingest/replay.ts) that start at or after each point's settled `before`, aggregated per point as the
 * engine's pass aggregates them: chattering spans its first run's start to its last run's end and counts the
 * annunciations in any run; fleeting spans its first to its last fleeting annunciation and counts them; standing
 * spans its first to its last stale moment and counts the activations that went stale. Each comes whole and for
 * the part now settled: an appended event comes after the point's last one, so no chattering run can start more
 * than CHATTER_MAX_SECONDS before it, no fleeting annunciation more than FLEETING_MAX_SECONDS, and no standing span
 * before the one still open.
 */
async function episodeFacts(
  tx: Executor,
  pointIds: readonly number[],
  settled: Map<number, PointFacts>,
  window: KpiWindow,
  settings: KpiSettings,
): Promise<Recent[]> {
  const stored = pointIds.map((pointId) => settled.get(pointId) ?? ({} as Partial<PointFacts>));
  const values = (kind: SettledKind, field: 'before' | 'mark') =>
    arrayParam(stored.map((p) => p[kind]?.[field] ?? null));
  const { lo, hi } = staleStretch('e', window, settings);
  const c = sql`${settings.chatterCount}::int`;
  const stamp = (column: string) => epochMs(sql.raw(column));
  // With facts settled, each kind is read from the episodes' key (point, kind, start) from where they end; without
  // (a first import, detection afresh), the points' episodes in one pass.
  const episodes = stored.some((facts) => facts.chatter)
    ? sql`cut c cross join lateral (
            select * from alarm_episodes e
            where e.point_id = c.point_id and e.kind = 'chatter' and e.start_time >= coalesce(c.cs, '-infinity'::timestamptz)
            union all
            select * from alarm_episodes e
            where e.point_id = c.point_id and e.kind = 'fleeting' and e.start_time >= coalesce(c.fs, '-infinity'::timestamptz)
            union all
            select * from alarm_episodes e
            where e.point_id = c.point_id and e.kind = 'standing' and e.start_time >= coalesce(c.ss, '-infinity'::timestamptz)) e`
    : sql`alarm_episodes e join cut c on c.point_id = e.point_id and e.point_id = any(${arrayParam([...pointIds])}::int[])`;
  const rows = await queryRows<EpisodeRow>(
    tx,
    sql`with cut as materialized (
          select x.p as point_id, x.cs, x.cm, x.fs, x.ss, x.sm, s.last_time,
            greatest(s.last_time - make_interval(secs => ${CHATTER_MAX_SECONDS}), x.cs) as c_before,
            greatest(s.last_time - make_interval(secs => ${FLEETING_MAX_SECONDS}), x.fs) as f_before,
            greatest(least(s.last_time, to_timestamp((s.state ->> 'spanStart')::float8 / 1000)), x.ss) as s_before
          from (select p, to_timestamp(cs / 1000) as cs, cm, to_timestamp(fs / 1000) as fs, to_timestamp(ss / 1000) as ss,
                  to_timestamp(sm / 1000) as sm
                from unnest(${arrayParam([...pointIds])}::int[], ${values('chatter', 'before')}::float8[],
                            ${values('chatter', 'mark')}::int[], ${values('fleeting', 'before')}::float8[],
                            ${values('standing', 'before')}::float8[], ${values('standing', 'mark')}::float8[])
                  as u(p, cs, cm, fs, ss, sm)) x
          left join alarm_point_states s on s.point_id = x.p),
        seen as not materialized (
          select e.*, c.cm, c.sm, c.c_before, c.f_before, c.s_before
          from ${episodes} where ${episodeSeen('e', window, settings)}),
        facts as (
          select point_id, 'chatter' as kind, min(start_time) as first, max(end_time) as last, sum(added)::int as count,
            min(start_time) filter (where start_time < c_before) as s_first,
            max(end_time) filter (where start_time < c_before) as s_last,
            coalesce(sum(added) filter (where start_time < c_before), 0)::int as s_count,
            (max(ordinal) filter (where start_time < c_before))::float8 as s_mark
          from (select point_id, start_time, end_time, ordinal, c_before,
                  least(${c}, ordinal - lag(ordinal, 1, coalesce(cm, ordinal - ${c})) over (partition by point_id order by start_time)) as added
                from seen where kind = 'chatter') runs
          group by point_id
          union all
          select point_id, 'fleeting', min(start_time), max(start_time), count(*)::int,
            min(start_time) filter (where start_time < f_before), max(start_time) filter (where start_time < f_before),
            (count(*) filter (where start_time < f_before))::int, null::float8
          from seen where kind = 'fleeting' group by point_id
          union all
          -- An activation's spans follow each other: only the last settled activation may go on after the cut.
          select e.point_id, 'standing', min(${lo}), max(${hi}),
            (count(distinct e.activated_at) filter (where e.activated_at is distinct from e.sm))::int,
            min(${lo}) filter (where e.start_time < e.s_before), max(${hi}) filter (where e.start_time < e.s_before),
            (count(distinct e.activated_at) filter (where e.start_time < e.s_before and e.activated_at is distinct from e.sm))::int,
            ${epochMs(sql`max(e.activated_at) filter (where e.start_time < e.s_before)`)}
          from seen e where e.kind = 'standing' group by e.point_id)
        select c.point_id as "pointId", p.tag, p.condition, ${stamp('c.last_time')} as "lastTime",
          ${stamp('c.c_before')} as "chatterBefore", ${stamp('c.f_before')} as "fleetingBefore",
          ${stamp('c.s_before')} as "standingBefore", f.kind, ${stamp('f.first')} as "first", ${stamp('f.last')} as "last",
          f.count, ${stamp('f.s_first')} as "settledFirst", ${stamp('f.s_last')} as "settledLast",
          f.s_count as "settledCount", f.s_mark as "settledMark"
        from cut c join alarm_points p on p.id = c.point_id
        left join facts f on f.point_id = c.point_id
        order by c.point_id`,
  );
  const recent = new Map<number, Recent>();
  for (const row of rows) {
    let point = recent.get(row.pointId);
    if (!point) {
      point = { pointId: row.pointId, tag: row.tag, condition: row.condition, lastTime: row.lastTime, seen: {} };
      for (const kind of ['chatter', 'fleeting', 'standing'] as const) {
        point.seen[kind] = {
          all: { first: null, last: null, count: 0 },
          settled: { ...NOTHING_SETTLED, before: row[`${kind}Before`] },
        };
      }
      recent.set(row.pointId, point);
    }
    const seen = row.kind && point.seen[row.kind];
    if (!seen) continue;
    seen.all = { first: row.first, last: row.last, count: row.count ?? 0 };
    seen.settled = {
      ...seen.settled,
      first: row.settledFirst,
      last: row.settledLast,
      count: row.settledCount ?? 0,
      mark: row.settledMark,
    };
  }
  return [...recent.values()];
}

/**
 * The plant days over `frequentPerDay` of the given points that start at or after each point's settled `before`
 * (all its days when none), by point then day: their count and first and last annunciation. A plant day lies
 * within three consecutive UTC days, so a point with more than frequentPerDay annunciations in a plant day has
 * more than that in some three-day stretch of the daily rollup; only those points are counted. The database
 * counts per plant day (days cut at the boundaries the engine's `plantDayResolver` gives), so only the days over
 * the threshold travel, not every annunciation.
 */
async function frequentDays(
  tx: Executor,
  pointIds: readonly number[],
  since: readonly (number | null)[],
  settings: KpiSettings,
  timeZone: string,
): Promise<{ pointId: number; count: number; first: number; last: number }[]> {
  const from = sql`unnest(${arrayParam([...pointIds])}::int[], ${arrayParam([...since])}::float8[]) as x(p, since)`;
  // From `early` ms before the point's `since`: a range on the point's index.
  const after = (column: string, early = 0) =>
    sql`${sql.raw(column)} >= coalesce(to_timestamp((x.since - ${early}) / 1000), '-infinity'::timestamptz)`;
  // The frame takes in every row of the neighbouring days, whatever scope (console, unit, condition) they count;
  // from the UTC day before the first plant day counted, every day a counted plant day touches is summed.
  const candidates = await queryRows<{ pointId: number; since: number | null }>(
    tx,
    sql`select x.p as "pointId", x.since from ${from} where exists (
          select 1 from (
            select sum(annunciations) over (order by day_start
              range between interval '1 day' preceding and interval '1 day' following) as around
            from alarm_point_days d
            where d.point_id = x.p and ${after('d.day_start', DAY_MS)}) w
          where around > ${settings.frequentPerDay})`,
  );
  if (!candidates.length) return [];
  const ids = arrayParam(candidates.map((row) => row.pointId));
  const [span] = await queryRows<{ from: number; to: number }>(
    tx,
    sql`select ${epochMs(sql`min(day_start)`)} as "from", ${epochMs(sql`max(day_start)`)} as "to"
        from alarm_point_days where point_id = any(${ids}::int[])`,
  );
  // Plant-day starts from before the first UTC day to after the last: every annunciation lies between two.
  const dayOf = plantDayResolver(timeZone);
  const starts: number[] = [];
  const earliest = Math.max(span.from, Math.min(...candidates.map((row) => row.since ?? span.from)));
  for (let day = dayOf(earliest - DAY_MS); day.start <= span.to + 2 * DAY_MS; day = dayOf(day.end)) {
    starts.push(day.start);
  }
  return queryRows<{ pointId: number; count: number; first: number; last: number }>(
    tx,
    sql`select a.point_id as "pointId", count(*)::int as count, ${epochMs(sql`min(a.time)`)} as "first",
          ${epochMs(sql`max(a.time)`)} as "last"
        from unnest(${ids}::int[], ${arrayParam(candidates.map((row) => row.since))}::float8[]) as x(p, since)
        join alarm_events a on a.point_id = x.p and ${after('a.time')}
        where a.event = 'ALM' and a.counted
        group by a.point_id, width_bucket(a.time, (select array_agg(to_timestamp(s / 1000) order by s)
                                                 from unnest(${arrayParam(starts)}::float8[]) as d(s)))
        having count(*) > ${settings.frequentPerDay}
        order by a.point_id, min(a.time)`,
  );
}

/**
 * Chattering, fleeting, standing and frequent findings of the given points over their whole journal. What was
 * settled at an earlier detection (point_detection_facts) is joined with what the journal holds after it, so an
 * appended import reads the episodes and annunciations it may have changed, not each point's whole history;
 * `afresh` reads it all (after the settings changed). The assembled facts go through the engine's rules
 * (detectFromAnalysis); a point is frequent with the plant days over the threshold, as the engine's rule has it.
 * Open standing spans are seen up to the latest event of these points.
 */
async function detectPerPoint(
  tx: Executor,
  pointIds: readonly number[],
  settings: AbnormalSettings,
  timeZone: string,
  afresh: boolean,
): Promise<PointFinding[]> {
  // The whole journal: up to the latest event of these points, from the epoch (an earlier start than any stored
  // episode's changes nothing, and finding the earliest would read them all).
  const [bounds] = await queryRows<{ to: number | null }>(
    tx,
    sql`select ${epochMs(sql`max(last_time)`)} + 1 as "to" from alarm_point_states s
        where s.point_id = any(${arrayParam([...pointIds])}::int[])`,
  );
  if (bounds.to === null) return [];
  const window = { from: Math.min(0, bounds.to), to: bounds.to };
  const basis = basisOf(settings.kpi, timeZone);
  const dayOf = plantDayResolver(timeZone);
  const points: PointAnalysis[] = [];
  const pointIdOf: number[] = [];
  const frequent: PointFinding[] = [];
  // A few hundred points per statement, so a reader let in beside an embedded import never waits behind a whole
  // import's points at once (docs/performance.md "Reads during an import").
  for (let offset = 0; offset < pointIds.length; offset += DETECTION_POINTS) {
    const some = pointIds.slice(offset, offset + DETECTION_POINTS);
    const settled = afresh ? new Map<number, PointFacts>() : await readSettled(tx, some, basis);
    const recent = await episodeFacts(tx, some, settled, window, settings.kpi);
    const days = await frequentDays(
      tx,
      recent.map((point) => point.pointId),
      recent.map((point) => settled.get(point.pointId)?.frequent.before ?? null),
      settings.kpi,
      timeZone,
    );
    const daysOf = new Map<number, typeof days>();
    for (const day of days) {
      const list = daysOf.get(day.pointId);
      if (list) list.push(day);
      else daysOf.set(day.pointId, [day]);
    }
    const kept = new Map<number, PointFacts>();
    for (const point of recent) {
      const before = settled.get(point.pointId);
      // The plant days before the one of the point's last event are whole: later events come after it.
      const frequentBefore = point.lastTime === null ? null : dayOf(point.lastTime).start;
      const over = daysOf.get(point.pointId) ?? [];
      const overSettled = over.filter((day) => frequentBefore !== null && day.first < frequentBefore);
      const dayFacts = (list: typeof over): Seen => ({
        first: list[0]?.first ?? null,
        last: list.at(-1)?.last ?? null,
        count: list.reduce((largest, day) => Math.max(largest, day.count), 0),
      });
      point.seen.frequent = {
        all: dayFacts(over),
        settled: { before: frequentBefore, mark: null, ...dayFacts(overSettled) },
      };
      const facts = {} as PointFacts;
      const whole = {} as Record<SettledKind, Seen>;
      for (const kind of SETTLED_KINDS) {
        const old = before?.[kind] ?? NOTHING_SETTLED;
        const seen = point.seen[kind] as { all: Seen; settled: Settled };
        whole[kind] = joined(old, seen.all, kind);
        facts[kind] = {
          ...joined(old, seen.settled, kind),
          before: seen.settled.before ?? old.before,
          mark: seen.settled.mark ?? old.mark,
        };
      }
      kept.set(point.pointId, facts);
      const index = points.length;
      const analysis: PointAnalysis = { id: index, tag: point.tag, condition: point.condition, annunciations: 0 };
      const episode = (seen: Seen) =>
        seen.first === null || seen.last === null
          ? undefined
          : { firstSeen: seen.first, lastSeen: seen.last, count: seen.count };
      analysis.chattering = episode(whole.chatter);
      analysis.fleeting = episode(whole.fleeting);
      analysis.standing = episode(whole.standing);
      points.push(analysis);
      pointIdOf.push(point.pointId);
      const days = episode(whole.frequent);
      if (settings.rules.frequent && days) {
        frequent.push({
          pointId: point.pointId,
          tag: point.tag,
          condition: point.condition,
          kind: 'frequent',
          ...days,
        });
      }
    }
    await saveSettled(tx, kept, basis);
  }

  const analysis: JournalAnalysis = {
    window,
    settings: settings.kpi,
    annunciations: {
      length: 0,
      times: new Float64Array(0),
      pointIds: new Int32Array(0),
      priorities: new Uint8Array(0),
    },
    points,
  };
  const { floodContributor: _perConsole, frequent: _days, ...rules } = settings.rules;
  const found = detectFromAnalysis(analysis, {
    enabled: { ...rules, frequent: false, floodContributor: false },
    timeZone,
  });
  const byRef = new Map(points.map((point) => [`${point.tag}\u0000${point.condition}`, pointIdOf[point.id]]));
  return found
    .map((finding) => ({ ...finding, pointId: byRef.get(`${finding.tag}\u0000${finding.condition}`) as number }))
    .concat(frequent);
}

/**
 * Annunciations (of every console) that one statement of the flood count spans at most, bar a single bucket's: on
 * the embedded database a read waits behind the statement under way (docs/performance.md "Reads during an import").
 */
const FLOOD_EVENTS_PER_STATEMENT = 100_000;

interface FloodChunk {
  consoles: number[];
  starts: number[];
  floods: number[];
  from: number;
  to: number;
}

/**
 * The flooded buckets (console, start, flood number) cut into runs in time order whose time range holds at most
 * `limit` annunciations by the consoles' loads, each counted by a statement of its own.
 */
function floodChunks(
  consoles: readonly number[],
  starts: readonly number[],
  floods: readonly number[],
  loads: readonly { starts: number[]; counts: number[] }[],
  limit: number,
): FloodChunk[] {
  // Annunciations before each bucket start, all consoles together.
  const perStart = new Map<number, number>();
  for (const load of loads) {
    load.starts.forEach((start, i) => {
      perStart.set(start, (perStart.get(start) ?? 0) + load.counts[i]);
    });
  }
  const times = [...perStart.keys()].sort((a, b) => a - b);
  const before = new Float64Array(times.length + 1);
  times.forEach((time, i) => {
    before[i + 1] = before[i] + (perStart.get(time) as number);
  });
  const upTo = (time: number) => {
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (times[mid] < time) lo = mid + 1;
      else hi = mid;
    }
    return before[lo];
  };
  const order = starts.map((_, i) => i).sort((a, b) => starts[a] - starts[b] || consoles[a] - consoles[b]);
  const chunks: FloodChunk[] = [];
  let chunk: FloodChunk | undefined;
  for (const i of order) {
    const end = starts[i] + TEN_MINUTES_MS;
    if (!chunk || upTo(end) - upTo(chunk.from) > limit) {
      chunk = { consoles: [], starts: [], floods: [], from: starts[i], to: end };
      chunks.push(chunk);
    }
    chunk.consoles.push(consoles[i]);
    chunk.starts.push(starts[i]);
    chunk.floods.push(floods[i]);
    chunk.to = Math.max(chunk.to, end);
  }
  return chunks;
}

/** A console's settled floods (console_flood_facts): the cut and, per contributing point, what it contributed. */
interface SettledFloods {
  before: number;
  contributors: Map<number, Seen>;
  /** A flood under way at the cut: its start and each point's annunciations in it before the cut. */
  open: { start: number; counts: Map<number, number> } | null;
}

async function readSettledFloods(
  tx: Executor,
  consoleIds: readonly number[],
  basis: string,
): Promise<Map<number, SettledFloods>> {
  const rows = await queryRows<{
    consoleId: number;
    before: number;
    contributors: [number, number, number, number][];
    openFlood: { start: number; counts: [number, number][] } | null;
  }>(
    tx,
    sql`select console_id as "consoleId", ${epochMs(sql`before`)} as "before", contributors, open_flood as "openFlood"
        from console_flood_facts where console_id = any(${arrayParam([...consoleIds])}::int[]) and basis = ${basis}`,
  );
  return new Map(
    rows.map((row) => [
      row.consoleId,
      {
        before: row.before,
        contributors: new Map(
          row.contributors.map(([pointId, first, last, count]) => [pointId, { first, last, count }]),
        ),
        open: row.openFlood && { start: row.openFlood.start, counts: new Map(row.openFlood.counts) },
      },
    ]),
  );
}

async function saveSettledFloods(tx: Executor, facts: Map<number, SettledFloods>, basis: string): Promise<void> {
  if (!facts.size) return;
  const records = [...facts].map(([consoleId, { before, contributors, open }]) => ({
    console_id: consoleId,
    before: new Date(before).toISOString(),
    contributors: [...contributors].map(([pointId, seen]) => [pointId, seen.first, seen.last, seen.count]),
    open_flood: open && { start: open.start, counts: [...open.counts] },
  }));
  await tx.execute(sql`
    insert into console_flood_facts (console_id, basis, before, contributors, open_flood)
    select console_id, ${basis}, before, contributors, open_flood
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
      as x(console_id int, before timestamptz, contributors jsonb, open_flood jsonb)
    on conflict (console_id) do update set basis = excluded.basis, before = excluded.before,
      contributors = excluded.contributors, open_flood = excluded.open_flood`);
}

/** Contributions per point joined: first and last seen, counts added. */
function joinContributions(into: Map<number, Seen>, from: Iterable<[number, Seen]>): Map<number, Seen> {
  const joinedMap = new Map(into);
  for (const [pointId, seen] of from) {
    const known = joinedMap.get(pointId);
    joinedMap.set(pointId, known ? joined(known, seen, 'floodContributor') : seen);
  }
  return joinedMap;
}

/**
 * Where a console's floods may be settled: the latest bucket start, up to that of its last bucket, that no flood
 * runs on to (a flood starting there is not settled). The state of the flood rule there is "no flood", so the next
 * detection takes it up from there as a pass from the first bucket would.
 */
function floodCut(floods: readonly Flood[], lastStart: number): number {
  let cut = lastStart;
  for (let i = floods.length - 1; i >= 0; i--) {
    if (floods[i].start < cut && cut <= floods[i].end) cut = floods[i].start;
  }
  return cut;
}

/**
 * Flood contributors of the given consoles over their whole journal. What an earlier detection settled of a
 * console's floods (console_flood_facts) is joined with the floods after its cut, so an appended import reads the
 * loads and annunciations after it, not the console's whole history; `afresh` reads it all. Floods are made of
 * whole 10-minute buckets, so the rule needs each flood's annunciations per point, not their times: the database
 * counts them in one pass over the annunciations (a hash of the flooded buckets), and the engine's rule runs on an
 * analysis whose annunciations stand at their bucket's start, n_k of them in each bucket — in a flood's buckets,
 * the flood's annunciations per point, dealt out in turn. Results travel as arrays: a bad actor keeps its console
 * in flood for weeks, thousands of buckets.
 */
async function detectFloodContributors(
  tx: Executor,
  consoleIds: readonly number[],
  settings: AbnormalSettings,
  eventsPerStatement: number,
  afresh: boolean,
): Promise<PointFinding[]> {
  if (!consoleIds.length) return [];
  const basis = JSON.stringify([settings.kpi, settings.floodContributorTop]);
  const settled = afresh ? new Map<number, SettledFloods>() : await readSettledFloods(tx, consoleIds, basis);
  const loads = await queryRows<{ consoleId: number; starts: number[]; counts: number[] }>(
    tx,
    sql`select console_id as "consoleId", array_agg(start order by start) as starts, array_agg(n order by start) as counts
        from (select l.console_id, ${epochMs(sql`l.bucket_start`)} as start, sum(l.urgent + l.high + l.medium + l.low)::int as n
              from unnest(${arrayParam([...consoleIds])}::int[],
                          ${arrayParam(consoleIds.map((id) => settled.get(id)?.before ?? null))}::float8[]) as x(c, before)
              join alarm_load_10m l on l.console_id = x.c
                and l.bucket_start >= coalesce(to_timestamp(x.before / 1000), '-infinity'::timestamptz)
              group by l.console_id, l.bucket_start) b
        group by console_id order by console_id`,
  );
  const consoles: {
    consoleId: number;
    starts: number[];
    counts: Int32Array;
    window: KpiWindow;
    floods: Flood[];
    first: number;
    /** The flood under way at the stored cut, taken up here. */
    carried: SettledFloods['open'];
    /** The flood still under way at the last bucket (its index), or -1. */
    open: number;
    cut: number;
    /** The flood number under which the open flood's last bucket is counted apart. */
    tail: number;
  }[] = [];
  // The flooded buckets of every console, each with the number of its flood among all consoles' floods.
  const floodedConsoles: number[] = [];
  const floodedStarts: number[] = [];
  const floodedIn: number[] = [];
  let floodCount = 0;
  for (const load of loads) {
    const stored = settled.get(load.consoleId);
    const carried = stored?.open ?? null;
    const lastStart = load.starts[load.starts.length - 1];
    // A flood under way at the cut stands as one bucket just before it, holding the flood's annunciations so far:
    // the rule is in that flood again at the cut, as a pass from the first bucket would be.
    const from = stored ? stored.before - (carried ? TEN_MINUTES_MS : 0) : load.starts[0];
    const window = { from, to: lastStart + TEN_MINUTES_MS };
    const starts = bucketStarts(window, TEN_MINUTES_MS);
    const counts = new Int32Array(starts.length);
    load.starts.forEach((start, i) => {
      counts[Math.round((start - window.from) / TEN_MINUTES_MS)] = load.counts[i];
    });
    if (carried) counts[0] = [...carried.counts.values()].reduce((sum, n) => sum + n, 0);
    const floods = floodsFromBuckets(counts, window, settings.kpi);
    // A flood still under way is settled up to the last bucket, which may yet gain annunciations.
    const last = floods.length - 1;
    const open = last >= 0 && floods[last].end === window.to && floods[last].start < lastStart ? last : -1;
    const tail = -1 - consoles.length;
    consoles.push({
      consoleId: load.consoleId,
      starts,
      counts,
      window,
      floods,
      first: floodCount,
      carried,
      open,
      cut: open >= 0 ? lastStart : floodCut(floods, lastStart),
      tail,
    });
    let f = 0;
    for (const start of starts) {
      while (f < floods.length && start >= floods[f].end) f++;
      // The stand-in bucket of a carried flood holds no events.
      if (f < floods.length && start >= floods[f].start && !(carried && start === window.from)) {
        floodedConsoles.push(load.consoleId);
        floodedStarts.push(start);
        floodedIn.push(f === open && start === lastStart ? tail : floodCount + f);
      }
    }
    floodCount += floods.length;
  }

  const perFlood = new Map<number, Map<number, number>>();
  for (const chunk of floodChunks(floodedConsoles, floodedStarts, floodedIn, loads, eventsPerStatement)) {
    const rows = await queryRows<{ flood: number; points: number[]; counts: number[] }>(
      tx,
      sql`with flooded as (
            select c, to_timestamp(s / 1000) as bucket, f
            from unnest(${arrayParam(chunk.consoles)}::int[], ${arrayParam(chunk.starts)}::float8[],
                        ${arrayParam(chunk.floods)}::int[]) as x(c, s, f)),
          counts as (
            select f.f, a.point_id, count(*)::int as n
            from alarm_events a
            join flooded f on f.c = a.console_id
              and f.bucket = date_bin('600 seconds'::interval, a.time, timestamptz '1970-01-01 00:00:00+00')
            where a.counted and a.time >= ${timestampParam(chunk.from)} and a.time < ${timestampParam(chunk.to)}
            group by f.f, a.point_id)
          select f as flood, array_agg(point_id) as points, array_agg(n) as counts
          from counts group by f`,
    );
    // A flood cut between two statements has its counts added up.
    for (const row of rows) {
      const counts = perFlood.get(row.flood) ?? new Map<number, number>();
      perFlood.set(row.flood, counts);
      row.points.forEach((pointId, i) => {
        counts.set(pointId, (counts.get(pointId) ?? 0) + row.counts[i]);
      });
    }
  }
  // A carried flood's annunciations before the cut join its counts; an open flood's are kept without its last bucket.
  const partial = new Map<number, Map<number, number>>();
  const addCounts = (flood: number, counts: Map<number, number> | undefined) => {
    const into = perFlood.get(flood) ?? new Map<number, number>();
    perFlood.set(flood, into);
    for (const [pointId, n] of counts ?? []) into.set(pointId, (into.get(pointId) ?? 0) + n);
  };
  for (const { consoleId, carried, open, first, tail } of consoles) {
    if (carried) addCounts(first, carried.counts);
    if (open < 0) continue;
    partial.set(consoleId, new Map(perFlood.get(first + open)));
    addCounts(first + open, perFlood.get(tail));
    perFlood.delete(tail);
  }
  const contributors = new Map(
    [...perFlood].map(([flood, counts]) => {
      const points = [...counts.keys()].sort((a, b) => a - b);
      return [flood, { points, counts: points.map((pointId) => counts.get(pointId) as number) }];
    }),
  );
  const pointIds = [
    ...new Set([
      ...[...perFlood.values()].flatMap((counts) => [...counts.keys()]),
      ...[...settled.values()].flatMap((facts) => [...facts.contributors.keys()]),
    ]),
  ];
  const refs = await queryRows<{ id: number; tag: string; condition: string }>(
    tx,
    sql`select id, tag, condition from alarm_points where id = any(${arrayParam(pointIds)}::int[])`,
  );
  const refOf = new Map(refs.map((ref) => [ref.id, ref]));

  const kept = new Map<number, SettledFloods>();
  const found = new Map<number, Map<number, Seen>>(
    [...settled].map(([consoleId, facts]) => [consoleId, facts.contributors]),
  );
  for (const { consoleId, starts, counts, window, floods, first, carried, open, cut } of consoles) {
    // Floods are found apart before and after the cut, or the start of the flood under way at it.
    const split = open >= 0 ? floods[open].start : cut;
    // A carried flood began before its stand-in bucket.
    const startOf = (time: number) => (carried && time === window.from ? carried.start : time);
    const pointIndex = new Map<number, number>();
    const points: JournalAnalysis['points'] = [{ id: 0, tag: '', condition: '', annunciations: 0 }];
    const pointIdOf: number[] = [0];
    const total = counts.reduce((sum, n) => sum + n, 0);
    const times = new Float64Array(total);
    const ids = new Int32Array(total);
    let n = 0;
    let f = 0;
    // Annunciations before the split: those of the floods now settled.
    let beforeSplit = 0;
    // The flood being dealt out: its points and what is left of their counts.
    let dealing: { points: number[]; counts: number[] } | undefined;
    let next = 0;
    let left = 0;
    for (let k = 0; k < starts.length; k++) {
      if (starts[k] === split) beforeSplit = n;
      while (f < floods.length && starts[k] >= floods[f].end) f++;
      times.fill(starts[k], n, n + counts[k]);
      const flooded = f < floods.length && starts[k] >= floods[f].start;
      if (!flooded) {
        n += counts[k];
        continue;
      }
      if (starts[k] === floods[f].start) {
        dealing = contributors.get(first + f);
        next = 0;
        left = dealing?.counts[0] ?? 0;
      }
      for (const end = n + counts[k]; n < end; n++) {
        while (dealing && left === 0 && next + 1 < dealing.points.length) left = dealing.counts[++next];
        if (!dealing || left === 0) continue;
        left--;
        const pointId = dealing.points[next];
        let index = pointIndex.get(pointId);
        if (index === undefined) {
          const ref = refOf.get(pointId);
          index = points.length;
          pointIndex.set(pointId, index);
          points.push({ id: index, tag: ref?.tag ?? '', condition: ref?.condition ?? '', annunciations: 0 });
          pointIdOf.push(pointId);
        }
        ids[n] = index;
      }
    }
    // The contributors of the floods of [from, to) — annunciations [start, end) — as the engine's rule finds them,
    // per point. No flood runs on over the cut: the floods before it and those after are found apart.
    const contributions = (from: number, to: number, start: number, end: number) => {
      if (to <= from) return [];
      const analysis: JournalAnalysis = {
        window: { from, to },
        settings: settings.kpi,
        annunciations: {
          length: end - start,
          times: times.subarray(start, end),
          pointIds: ids.subarray(start, end),
          priorities: new Uint8Array(end - start).fill(PRIORITIES.length - 1),
        },
        points,
      };
      const byRef = new Map(points.map((point, index) => [`${point.tag}\u0000${point.condition}`, pointIdOf[index]]));
      return detectFromAnalysis(analysis, {
        enabled: { chattering: false, fleeting: false, standing: false, frequent: false, floodContributor: true },
        floodContributorTop: settings.floodContributorTop,
      }).map(
        (finding) =>
          [
            byRef.get(`${finding.tag}\u0000${finding.condition}`) as number,
            { first: startOf(finding.firstSeen), last: finding.lastSeen, count: finding.count },
          ] as [number, Seen],
      );
    };
    const settledBefore = joinContributions(
      settled.get(consoleId)?.contributors ?? new Map<number, Seen>(),
      contributions(window.from, split, 0, beforeSplit),
    );
    found.set(consoleId, joinContributions(settledBefore, contributions(split, window.to, beforeSplit, n)));
    const underWay = open >= 0 && { start: startOf(floods[open].start), counts: partial.get(consoleId) ?? new Map() };
    if (cut > window.from) kept.set(consoleId, { before: cut, contributors: settledBefore, open: underWay || null });
  }
  await saveSettledFloods(tx, kept, basis);

  const findings: PointFinding[] = [];
  for (const contributions of found.values()) {
    for (const [pointId, seen] of contributions) {
      const ref = refOf.get(pointId);
      if (!ref || seen.first === null || seen.last === null) continue;
      findings.push({
        pointId,
        tag: ref.tag,
        condition: ref.condition,
        kind: 'floodContributor',
        firstSeen: seen.first,
        lastSeen: seen.last,
        count: seen.count,
      });
    }
  }
  return findings;
}

export interface DetectionResult {
  /** Findings written (new or updated open records). */
  findings: number;
}

export interface DetectionOptions {
  /** Annunciations one statement of the flood count spans at most (FLOOD_EVENTS_PER_STATEMENT unless given). */
  floodEventsPerStatement?: number;
}

export function createDetectionRepository(db: Executor, options: DetectionOptions = {}) {
  return {
    /** Runs detection for the given points (all points when omitted) and the consoles they annunciate on. */
    async detect(timeZone: string, pointIds?: readonly number[], tx: Executor = db): Promise<DetectionResult> {
      await lockJournalWrites(tx);
      const settings = await readKpiSettings(tx);
      if (pointIds && !pointIds.length) return { findings: 0 };
      // Every point with a journal, read afresh, when none are named (the settings changed).
      const points =
        pointIds ??
        (await queryRows<{ id: number }>(tx, sql`select point_id as id from alarm_point_states order by point_id`)).map(
          (row) => row.id,
        );
      const findings = await detectPerPoint(tx, points, settings, timeZone, pointIds === undefined);
      if (settings.rules.floodContributor) {
        // Floods are made of annunciations, which the daily rollup holds per point and console.
        const consoles = await queryRows<{ id: number }>(
          tx,
          pointIds
            ? sql`select distinct console_id as id from alarm_point_days where point_id = any(${arrayParam([...pointIds])}::int[])`
            : sql`select distinct console_id as id from alarm_point_days`,
        );
        findings.push(
          ...(await detectFloodContributors(
            tx,
            consoles.map((row) => row.id),
            settings,
            options.floodEventsPerStatement ?? FLOOD_EVENTS_PER_STATEMENT,
            pointIds === undefined,
          )),
        );
      }
      await saveFindings(tx, findings);
      return { findings: findings.length };
    },

    async openCount(tx: Executor = db): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from abnormal_alarms where status = '未处置'`,
      );
      return row.n;
    },
  };
}

export type DetectionRepository = ReturnType<typeof createDetectionRepository>;
