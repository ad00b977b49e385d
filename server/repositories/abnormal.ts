/**
 * 异常报警配置 (settings) and abnormal-alarm detection. Detection runs the engine's rules
 * (server/domain/kpi/detection.ts) over each point's whole journal, read from the facts kept at ingest, and
 * over the floods of each console. It keeps one open record per point and kind: re-running updates it
 * instead of adding another (idempotent); a point handled or ignored gets a new record only for behaviour
 * seen after that record.
 */
import { sql } from 'drizzle-orm';
import { plantDayResolver } from '../../common/plantDays';
import type { Executor } from '../db';
import type { EpisodeKind } from '../db/schema';
import { type AbnormalSettings, resolveAbnormalSettings } from '../domain/abnormal/settings';
import { bucketStarts } from '../domain/kpi/buckets';
import { type AbnormalFinding, detectFromAnalysis } from '../domain/kpi/detection';
import { type Flood, floodsFromBuckets } from '../domain/kpi/floods';
import type { JournalAnalysis, PointAnalysis } from '../domain/kpi/journal';
import { DAY_MS, type KpiSettings, type KpiWindow, PRIORITIES, TEN_MINUTES_MS } from '../domain/kpi/types';
import { recomputePoints } from './journal';
import { episodeSeen, staleStretch } from './kpi';
import { arrayParam, epochMs, queryRows, timestampParam } from './raw-sql';

const SETTINGS_KEY = 'abnormal';

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
  const seen = (alias: string) => sql`${pointFilter(alias, pointIds)} and ${episodeSeen(alias, window, settings)}`;
  const { lo, hi } = staleStretch('e', window, settings);
  const facts = await queryRows<EpisodeFacts>(
    tx,
    sql`select e.point_id as "pointId", p.tag, p.condition, e.kind, e.first as "firstSeen", e.last as "lastSeen", e.count
        from (select e.point_id, e.kind,
                ${epochMs(sql`min(case e.kind when 'standing' then ${lo} else e.start_time end)`)} as first,
                ${epochMs(sql`max(case e.kind when 'chatter' then e.end_time when 'fleeting' then e.start_time else ${hi} end)`)} as last,
                (case e.kind when 'standing' then count(distinct e.activated_at) else count(*) end)::int as count
              from alarm_episodes e where ${seen('e')}
              group by e.point_id, e.kind) e
        join alarm_points p on p.id = e.point_id`,
  );
  // Runs of one point overlap: the annunciations they cover are counted once. Run k covers the annunciations
  // numbered [ordinal_k, ordinal_k + chatterCount); in order of ordinal, each run adds those after the previous
  // run's: one ordered pass over the runs, without reading the events.
  const covered = await queryRows<{ pointId: number; count: number }>(
    tx,
    sql`select point_id as "pointId", sum(added)::int as count
        from (select r.point_id,
                least(${settings.chatterCount}::int,
                      r.ordinal - lag(r.ordinal, 1, r.ordinal - ${settings.chatterCount}::int)
                        over (partition by r.point_id order by r.start_time)) as added
              from alarm_episodes r where r.kind = 'chatter' and ${seen('r')}) runs
        group by point_id`,
  );
  const coveredBy = new Map(covered.map((row) => [row.pointId, row.count]));
  for (const fact of facts) if (fact.kind === 'chatter') fact.count = coveredBy.get(fact.pointId) ?? fact.count;
  return facts;
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
  const facts = anyEpisodeRule ? await episodeFacts(tx, pointIds, window, settings.kpi) : [];
  const frequent = rules.frequent ? await frequentDays(tx, pointIds, settings.kpi, timeZone) : { refs: [], days: [] };

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
 * Flood contributors of the given consoles over their whole journal. Floods are made of whole 10-minute buckets,
 * so the rule needs each flooded bucket's annunciations per point, not their times: the database counts them in
 * one pass over the annunciations (a hash of the flooded buckets), and the engine's rule runs on an analysis
 * whose annunciations stand at their bucket's start — per point in flooded buckets, as the bucket's count
 * (n_k) elsewhere.
 */
async function detectFloodContributors(
  tx: Executor,
  consoleIds: readonly number[],
  settings: AbnormalSettings,
): Promise<PointFinding[]> {
  if (!consoleIds.length) return [];
  const rows = await queryRows<{ consoleId: number; start: number; n: number }>(
    tx,
    sql`select console_id as "consoleId", ${epochMs(sql`bucket_start`)} as "start", sum(urgent + high + medium + low)::int as n
        from alarm_load_10m where console_id = any(${arrayParam([...consoleIds])}::int[])
        group by console_id, bucket_start order by console_id, bucket_start`,
  );
  const consoles: { consoleId: number; starts: number[]; counts: Int32Array; window: KpiWindow; floods: Flood[] }[] =
    [];
  for (let i = 0; i < rows.length; ) {
    const consoleId = rows[i].consoleId;
    let j = i;
    while (j < rows.length && rows[j].consoleId === consoleId) j++;
    const window = { from: rows[i].start, to: rows[j - 1].start + TEN_MINUTES_MS };
    const starts = bucketStarts(window, TEN_MINUTES_MS);
    const counts = new Int32Array(starts.length);
    for (let k = i; k < j; k++) counts[Math.round((rows[k].start - window.from) / TEN_MINUTES_MS)] = rows[k].n;
    const floods = floodsFromBuckets(counts, starts, window.to, settings.kpi);
    if (floods.length) consoles.push({ consoleId, starts, counts, window, floods });
    i = j;
  }
  if (!consoles.length) return [];

  // The flooded buckets of every console, then each one's annunciations per point.
  const floodedConsoles: number[] = [];
  const floodedStarts: number[] = [];
  for (const { consoleId, starts, floods } of consoles) {
    let f = 0;
    for (const start of starts) {
      while (f < floods.length && start >= floods[f].end) f++;
      if (f < floods.length && start >= floods[f].start) {
        floodedConsoles.push(consoleId);
        floodedStarts.push(start);
      }
    }
  }
  const inFloods = await queryRows<{
    consoleId: number;
    start: number;
    pointId: number;
    n: number;
    tag: string;
    condition: string;
  }>(
    tx,
    sql`with flooded as (
          select c, to_timestamp(s / 1000) as bucket
          from unnest(${arrayParam(floodedConsoles)}::int[], ${arrayParam(floodedStarts)}::float8[]) as f(c, s)),
        counts as (
          select a.console_id, f.bucket, a.point_id, count(*)::int as n
          from alarm_events a
          join flooded f on f.c = a.console_id
            and f.bucket = date_bin('600 seconds'::interval, a.time, timestamptz '1970-01-01 00:00:00+00')
          where a.counted and a.time >= ${timestampParam(Math.min(...floodedStarts))}
            and a.time < ${timestampParam(Math.max(...floodedStarts) + TEN_MINUTES_MS)}
          group by a.console_id, f.bucket, a.point_id)
        select c.console_id as "consoleId", ${epochMs(sql`c.bucket`)} as "start", c.point_id as "pointId", c.n,
          p.tag, p.condition
        from counts c join alarm_points p on p.id = c.point_id
        order by c.console_id, c.bucket, c.point_id`,
  );

  const findings: PointFinding[] = [];
  let r = 0;
  for (const { consoleId, starts, counts, window, floods } of consoles) {
    while (r < inFloods.length && inFloods[r].consoleId < consoleId) r++;
    const pointIndex = new Map<number, number>();
    const points: JournalAnalysis['points'] = [{ id: 0, tag: '', condition: '', annunciations: 0 }];
    const pointIdOf: number[] = [0];
    const total = counts.reduce((sum, n) => sum + n, 0);
    const times = new Float64Array(total);
    const ids = new Int32Array(total);
    let n = 0;
    let f = 0;
    for (let k = 0; k < starts.length; k++) {
      while (f < floods.length && starts[k] >= floods[f].end) f++;
      const flooded = f < floods.length && starts[k] >= floods[f].start;
      if (!flooded) {
        times.fill(starts[k], n, n + counts[k]);
        n += counts[k];
        continue;
      }
      for (; r < inFloods.length && inFloods[r].consoleId === consoleId && inFloods[r].start === starts[k]; r++) {
        const row = inFloods[r];
        let index = pointIndex.get(row.pointId);
        if (index === undefined) {
          index = points.length;
          pointIndex.set(row.pointId, index);
          points.push({ id: index, tag: row.tag, condition: row.condition, annunciations: 0 });
          pointIdOf.push(row.pointId);
        }
        times.fill(starts[k], n, n + row.n);
        ids.fill(index, n, n + row.n);
        n += row.n;
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

export function createAbnormalRepository(db: Executor) {
  const repository = {
    async settings(tx: Executor = db): Promise<AbnormalSettings> {
      const [row] = await queryRows<{ value: unknown }>(
        tx,
        sql`select value from settings where key = ${SETTINGS_KEY}`,
      );
      return resolveAbnormalSettings(row?.value);
    },

    /** Saves the settings; a new chatterCount changes the stored chattering runs, so they are recomputed. */
    async saveSettings(value: AbnormalSettings, username: string, tx: Executor = db): Promise<AbnormalSettings> {
      const before = await repository.settings(tx);
      await tx.execute(sql`
        insert into settings (key, value, updated_by, updated_at) values (${SETTINGS_KEY}, ${JSON.stringify(value)}::jsonb, ${username}, now())
        on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`);
      if (before.kpi.chatterCount !== value.kpi.chatterCount) {
        const points = await queryRows<{ id: number }>(tx, sql`select distinct point_id as id from alarm_point_states`);
        await recomputePoints(
          tx,
          points.map((point) => point.id),
          value.kpi.chatterCount,
        );
      }
      return value;
    },

    /** Runs detection for the given points (all points when omitted) and the consoles they annunciate on. */
    async detect(timeZone: string, pointIds?: readonly number[], tx: Executor = db): Promise<DetectionResult> {
      const settings = await repository.settings(tx);
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
  return repository;
}

export type AbnormalRepository = ReturnType<typeof createAbnormalRepository>;
