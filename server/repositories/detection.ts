/**
 * Abnormal-alarm detection, under 异常报警配置's rules (kpi-settings.ts). Detection runs the engine's rules
 * (server/domain/kpi/detection.ts) over each point's whole journal, read from the facts kept at ingest, and
 * over the floods of each console. It keeps one open record per point and kind: re-running updates it
 * instead of adding another (idempotent); a point handled or ignored gets a new record only for behaviour
 * seen after that record.
 */
import { sql } from 'drizzle-orm';
import { plantDayResolver } from '../../common/plantDays';
import type { AbnormalSettings, KpiSettings } from '../../contract/kpiSettings';
import { PRIORITIES } from '../../contract/vocabulary';
import { type Executor, lockJournalWrites } from '../db';
import type { EpisodeKind } from '../db/schema';
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

/** The point filter of a detection on table alias `alias`: the given points, or all. */
const pointFilter = (alias: string, pointIds: readonly number[] | undefined) =>
  pointIds ? sql`${sql.raw(alias)}.point_id = any(${arrayParam([...pointIds])}::int[])` : sql`true`;

interface EpisodeFacts {
  pointId: number;
  tag: string;
  condition: string;
  kind: EpisodeKind;
  firstSeen: number;
  lastSeen: number;
  count: number;
}

/**
 * Chattering, fleeting and standing facts of the given points over their whole journal, from the episodes kept
 * at ingest (server/domain/ingest/replay.ts), aggregated per point as the engine's pass aggregates them:
 * chattering spans its first run's start to its last run's end and counts the annunciations in any run;
 * fleeting spans its first to its last fleeting annunciation and counts them; standing spans its first to its
 * last stale moment and counts the activations that went stale.
 */
async function episodeFacts(
  tx: Executor,
  pointIds: readonly number[] | undefined,
  window: KpiWindow,
  settings: KpiSettings,
): Promise<EpisodeFacts[]> {
  const seen = sql`${pointFilter('e', pointIds)} and ${episodeSeen('e', window, settings)}`;
  const { lo, hi } = staleStretch('e', window, settings);
  const c = sql`${settings.chatterCount}::int`;
  // One read of the episodes, each kind aggregated on its own (a distinct count over all of them would sort them
  // all). Runs of one point overlap: the annunciations they cover are counted once. Run k covers the annunciations
  // numbered [ordinal_k, ordinal_k + chatterCount); in order of ordinal, each run adds those after the previous
  // run's: one ordered pass over the runs, without reading the events.
  return queryRows<EpisodeFacts>(
    tx,
    sql`with seen as not materialized (select e.* from alarm_episodes e where ${seen}),
        facts as (
          select point_id, 'chatter' as kind, min(start_time) as first, max(end_time) as last, sum(added)::int as count
          from (select point_id, start_time, end_time,
                  least(${c}, ordinal - lag(ordinal, 1, ordinal - ${c}) over (partition by point_id order by start_time)) as added
                from seen where kind = 'chatter') runs
          group by point_id
          union all
          select point_id, 'fleeting', min(start_time), max(start_time), count(*)::int
          from seen where kind = 'fleeting' group by point_id
          union all
          select e.point_id, 'standing', min(${lo}), max(${hi}), count(distinct e.activated_at)::int
          from seen e where e.kind = 'standing' group by e.point_id)
        select f.point_id as "pointId", p.tag, p.condition, f.kind, ${epochMs(sql`f.first`)} as "firstSeen",
          ${epochMs(sql`f.last`)} as "lastSeen", f.count
        from facts f join alarm_points p on p.id = f.point_id`,
  );
}

/**
 * The plant days over `frequentPerDay` of the points that may be frequent, by point then day: their count and
 * first and last annunciation. A plant day lies within three consecutive UTC days, so a point with more than
 * frequentPerDay annunciations in a plant day has more than that in some three-day stretch of the daily rollup;
 * only those points are counted. The database counts per plant day (days cut at the boundaries the engine's
 * `plantDayResolver` gives), so only the days over the threshold travel, not every annunciation.
 */
async function frequentDays(
  tx: Executor,
  pointIds: readonly number[] | undefined,
  settings: KpiSettings,
  timeZone: string,
): Promise<{
  refs: { pointId: number; tag: string; condition: string }[];
  days: { pointId: number; count: number; first: number; last: number }[];
}> {
  // The frame takes in every row of the neighbouring days, whatever scope (console, unit, condition) they count.
  const refs = await queryRows<{ pointId: number; tag: string; condition: string }>(
    tx,
    sql`select p.id as "pointId", p.tag, p.condition from alarm_points p where p.id in (
          select point_id from (
            select point_id, sum(annunciations) over (partition by point_id order by day_start
              range between interval '1 day' preceding and interval '1 day' following) as around
            from alarm_point_days d where ${pointFilter('d', pointIds)}) w
          where around > ${settings.frequentPerDay})`,
  );
  if (!refs.length) return { refs, days: [] };
  const ids = arrayParam(refs.map((ref) => ref.pointId));
  const [span] = await queryRows<{ from: number; to: number }>(
    tx,
    sql`select ${epochMs(sql`min(day_start)`)} as "from", ${epochMs(sql`max(day_start)`)} as "to"
        from alarm_point_days where point_id = any(${ids}::int[])`,
  );
  // Plant-day starts from before the first UTC day to after the last: every annunciation lies between two.
  const dayOf = plantDayResolver(timeZone);
  const starts: number[] = [];
  for (let day = dayOf(span.from - DAY_MS); day.start <= span.to + 2 * DAY_MS; day = dayOf(day.end)) {
    starts.push(day.start);
  }
  const days = await queryRows<{ pointId: number; count: number; first: number; last: number }>(
    tx,
    sql`select point_id as "pointId", count(*)::int as count, ${epochMs(sql`min(time)`)} as "first",
          ${epochMs(sql`max(time)`)} as "last"
        from alarm_events
        where point_id = any(${ids}::int[]) and event = 'ALM' and counted
        group by point_id, width_bucket(time, (select array_agg(to_timestamp(s / 1000) order by s)
                                               from unnest(${arrayParam(starts)}::float8[]) as d(s)))
        having count(*) > ${settings.frequentPerDay}
        order by point_id, min(time)`,
  );
  return { refs, days };
}

/**
 * Chattering, fleeting, standing and frequent findings of the given points (all when omitted) over their whole
 * journal: the stored facts are assembled into the engine's analysis and its rules decide (detectFromAnalysis).
 * Open standing spans are seen up to the latest event of these points.
 */
async function detectPerPoint(
  tx: Executor,
  pointIds: readonly number[] | undefined,
  settings: AbnormalSettings,
  timeZone: string,
): Promise<PointFinding[]> {
  // The whole journal: up to the latest event of these points, from the epoch (an earlier start than any stored
  // episode's changes nothing, and finding the earliest would read them all).
  const [bounds] = await queryRows<{ to: number | null }>(
    tx,
    sql`select ${epochMs(sql`max(last_time)`)} + 1 as "to" from alarm_point_states s where ${pointFilter('s', pointIds)}`,
  );
  if (bounds.to === null) return [];
  const window = { from: Math.min(0, bounds.to), to: bounds.to };
  const { floodContributor: _perConsole, ...rules } = settings.rules;
  const anyEpisodeRule = rules.chattering || rules.fleeting || rules.standing;
  let facts: EpisodeFacts[] = [];
  const frequent: Awaited<ReturnType<typeof frequentDays>> = { refs: [], days: [] };
  // Facts are per point: a few hundred points per statement, so a reader let in beside an embedded import never
  // waits behind a whole import's points at once (docs/performance.md "Reads during an import").
  for (let offset = 0; offset < (pointIds?.length ?? 1); offset += DETECTION_POINTS) {
    const some = pointIds?.slice(offset, offset + DETECTION_POINTS);
    // concat, not push(...): a whole journal's frequent days can outnumber the arguments a call may take.
    if (anyEpisodeRule) facts = facts.concat(await episodeFacts(tx, some, window, settings.kpi));
    if (rules.frequent) {
      const found = await frequentDays(tx, some, settings.kpi, timeZone);
      frequent.refs = frequent.refs.concat(found.refs);
      frequent.days = frequent.days.concat(found.days);
    }
  }

  const points: PointAnalysis[] = [];
  const pointIdOf: number[] = [];
  const indexOf = new Map<number, number>();
  const pointOf = (pointId: number, tag: string, condition: string) => {
    let index = indexOf.get(pointId);
    if (index === undefined) {
      index = points.length;
      indexOf.set(pointId, index);
      points.push({ id: index, tag, condition, annunciations: 0 });
      pointIdOf.push(pointId);
    }
    return points[index];
  };
  for (const fact of facts) {
    const point = pointOf(fact.pointId, fact.tag, fact.condition);
    const episode = { firstSeen: fact.firstSeen, lastSeen: fact.lastSeen, count: fact.count };
    if (fact.kind === 'chatter') point.chattering = episode;
    else if (fact.kind === 'fleeting') point.fleeting = episode;
    else point.standing = episode;
  }
  for (const ref of frequent.refs) pointOf(ref.pointId, ref.tag, ref.condition);
  // The frequent rule reads, per point and plant day, the count and the first and last annunciation: each day
  // over the threshold stands as its first annunciation `count − 1` times, then its last.
  const length = frequent.days.reduce((sum, day) => sum + day.count, 0);
  const times = new Float64Array(length);
  const ids = new Int32Array(length);
  let n = 0;
  for (const day of frequent.days) {
    const point = points[indexOf.get(day.pointId) as number];
    point.annunciations += day.count;
    times.fill(day.first, n, n + day.count - 1);
    times[n + day.count - 1] = day.last;
    ids.fill(point.id, n, n + day.count);
    n += day.count;
  }
  const analysis: JournalAnalysis = {
    window,
    settings: settings.kpi,
    annunciations: { length, times, pointIds: ids, priorities: new Uint8Array(length).fill(PRIORITIES.length - 1) },
    points,
  };
  const byRef = new Map(points.map((point) => [`${point.tag}\u0000${point.condition}`, pointIdOf[point.id]]));
  return detectFromAnalysis(analysis, { enabled: { ...rules, floodContributor: false }, timeZone }).map((finding) => ({
    ...finding,
    pointId: byRef.get(`${finding.tag}\u0000${finding.condition}`) as number,
  }));
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

/**
 * Flood contributors of the given consoles over their whole journal. Floods are made of whole 10-minute buckets,
 * so the rule needs each flood's annunciations per point, not their times: the database counts them in one pass
 * over the annunciations (a hash of the flooded buckets), and the engine's rule runs on an analysis whose
 * annunciations stand at their bucket's start, n_k of them in each bucket — in a flood's buckets, the flood's
 * annunciations per point, dealt out in turn. Results travel as arrays: a bad actor keeps its console in flood
 * for weeks, thousands of buckets.
 */
async function detectFloodContributors(
  tx: Executor,
  consoleIds: readonly number[],
  settings: AbnormalSettings,
  eventsPerStatement: number,
): Promise<PointFinding[]> {
  if (!consoleIds.length) return [];
  const loads = await queryRows<{ consoleId: number; starts: number[]; counts: number[] }>(
    tx,
    sql`select console_id as "consoleId", array_agg(start order by start) as starts, array_agg(n order by start) as counts
        from (select console_id, ${epochMs(sql`bucket_start`)} as start, sum(urgent + high + medium + low)::int as n
              from alarm_load_10m where console_id = any(${arrayParam([...consoleIds])}::int[])
              group by console_id, bucket_start) b
        group by console_id order by console_id`,
  );
  const consoles: { starts: number[]; counts: Int32Array; window: KpiWindow; floods: Flood[]; first: number }[] = [];
  // The flooded buckets of every console, each with the number of its flood among all consoles' floods.
  const floodedConsoles: number[] = [];
  const floodedStarts: number[] = [];
  const floodedIn: number[] = [];
  let floodCount = 0;
  for (const load of loads) {
    const window = { from: load.starts[0], to: load.starts[load.starts.length - 1] + TEN_MINUTES_MS };
    const starts = bucketStarts(window, TEN_MINUTES_MS);
    const counts = new Int32Array(starts.length);
    load.starts.forEach((start, i) => {
      counts[Math.round((start - window.from) / TEN_MINUTES_MS)] = load.counts[i];
    });
    const floods = floodsFromBuckets(counts, starts, window.to, settings.kpi);
    if (!floods.length) continue;
    consoles.push({ starts, counts, window, floods, first: floodCount });
    let f = 0;
    for (const start of starts) {
      while (f < floods.length && start >= floods[f].end) f++;
      if (f < floods.length && start >= floods[f].start) {
        floodedConsoles.push(load.consoleId);
        floodedStarts.push(start);
        floodedIn.push(floodCount + f);
      }
    }
    floodCount += floods.length;
  }
  if (!consoles.length) return [];

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
  const contributors = new Map(
    [...perFlood].map(([flood, counts]) => {
      const points = [...counts.keys()].sort((a, b) => a - b);
      return [flood, { points, counts: points.map((pointId) => counts.get(pointId) as number) }];
    }),
  );
  const pointIds = [...new Set([...perFlood.values()].flatMap((counts) => [...counts.keys()]))];
  const refs = await queryRows<{ id: number; tag: string; condition: string }>(
    tx,
    sql`select id, tag, condition from alarm_points where id = any(${arrayParam(pointIds)}::int[])`,
  );
  const refOf = new Map(refs.map((ref) => [ref.id, ref]));

  const findings: PointFinding[] = [];
  for (const { starts, counts, window, floods, first } of consoles) {
    const pointIndex = new Map<number, number>();
    const points: JournalAnalysis['points'] = [{ id: 0, tag: '', condition: '', annunciations: 0 }];
    const pointIdOf: number[] = [0];
    const total = counts.reduce((sum, n) => sum + n, 0);
    const times = new Float64Array(total);
    const ids = new Int32Array(total);
    let n = 0;
    let f = 0;
    // The flood being dealt out: its points and what is left of their counts.
    let dealing: { points: number[]; counts: number[] } | undefined;
    let next = 0;
    let left = 0;
    for (let k = 0; k < starts.length; k++) {
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
    const analysis: JournalAnalysis = {
      window,
      settings: settings.kpi,
      annunciations: { length: n, times, pointIds: ids, priorities: new Uint8Array(n).fill(PRIORITIES.length - 1) },
      points,
    };
    const byRef = new Map(points.map((point, index) => [`${point.tag}\u0000${point.condition}`, pointIdOf[index]]));
    const found = detectFromAnalysis(analysis, {
      enabled: { chattering: false, fleeting: false, standing: false, frequent: false, floodContributor: true },
      floodContributorTop: settings.floodContributorTop,
    });
    for (const finding of found) {
      findings.push({ ...finding, pointId: byRef.get(`${finding.tag}\u0000${finding.condition}`) as number });
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
      const findings = await detectPerPoint(tx, pointIds, settings, timeZone);
      if (settings.rules.floodContributor) {
        // Floods are made of annunciations, which the daily rollup holds per point and console.
        const consoles = await queryRows<{ id: number }>(
          tx,
          sql`select distinct console_id as id from alarm_point_days d where ${pointFilter('d', pointIds)}`,
        );
        findings.push(
          ...(await detectFloodContributors(
            tx,
            consoles.map((row) => row.id),
            settings,
            options.floodEventsPerStatement ?? FLOOD_EVENTS_PER_STATEMENT,
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
