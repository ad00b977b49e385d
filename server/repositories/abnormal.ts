/**
 * 异常报警配置 (settings) and abnormal-alarm detection. Detection runs the engine's rules
 * (server/domain/kpi/detection.ts) over each point's whole journal, read from the facts kept at ingest, and
 * over the floods of each console. It keeps one open record per point and kind: re-running updates it
 * instead of adding another (idempotent); a point handled or ignored gets a new record only for behaviour
 * seen after that record.
 */
import { sql } from 'drizzle-orm';
import type { AbnormalSettings, KpiSettings } from '../../contract/kpiSettings';
import { PRIORITIES } from '../../contract/vocabulary';
import type { Executor } from '../db';
import type { EpisodeKind } from '../db/schema';
import { resolveAbnormalSettings } from '../domain/abnormal/settings';
import { bucketStarts } from '../domain/kpi/buckets';
import { type AbnormalFinding, detectFromAnalysis } from '../domain/kpi/detection';
import { floodsFromBuckets } from '../domain/kpi/floods';
import type { JournalAnalysis, PointAnalysis } from '../domain/kpi/journal';
import { type KpiWindow, TEN_MINUTES_MS } from '../domain/kpi/types';
import { recomputePoints } from './journal';
import { episodeSeen, staleStretch } from './kpi';
import { arrayParam, epochMs, queryRows } from './raw-sql';

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
    sql`select e.point_id as "pointId", p.tag, p.condition, e.kind,
          ${epochMs(sql`min(case e.kind when 'standing' then ${lo} else e.start_time end)`)} as "firstSeen",
          ${epochMs(sql`max(case e.kind when 'chatter' then e.end_time when 'fleeting' then e.start_time else ${hi} end)`)} as "lastSeen",
          (case e.kind when 'standing' then count(distinct e.activated_at) else count(*) end)::int as count
        from alarm_episodes e join alarm_points p on p.id = e.point_id
        where ${seen('e')}
        group by e.point_id, p.tag, p.condition, e.kind`,
  );
  // Runs of one point overlap: the annunciations they cover are counted once. The runs are few: each one looks
  // up its own annunciations (lateral), rather than every annunciation searching the runs.
  const covered = await queryRows<{ pointId: number; count: number }>(
    tx,
    sql`with runs as materialized (
          select r.point_id, r.start_time, r.end_time from alarm_episodes r where r.kind = 'chatter' and ${seen('r')})
        select r.point_id as "pointId", count(distinct a.time)::int as count
        from runs r cross join lateral (
          select a.time from alarm_events a
          where a.point_id = r.point_id and a.time >= r.start_time and a.time <= r.end_time and a.event = 'ALM' and a.counted) a
        group by r.point_id`,
  );
  const coveredBy = new Map(covered.map((row) => [row.pointId, row.count]));
  for (const fact of facts) if (fact.kind === 'chatter') fact.count = coveredBy.get(fact.pointId) ?? fact.count;
  return facts;
}

/**
 * Annunciations of the points that may be frequent, by point then time. A plant day lies within three
 * consecutive UTC days, so a point with more than frequentPerDay annunciations in a plant day has more than
 * that in some three-day stretch of the daily rollup; only those points are read.
 */
async function frequentCandidates(
  tx: Executor,
  pointIds: readonly number[] | undefined,
  settings: KpiSettings,
): Promise<{
  refs: { pointId: number; tag: string; condition: string }[];
  times: { pointId: number; time: number }[];
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
  if (!refs.length) return { refs, times: [] };
  const times = await queryRows<{ pointId: number; time: number }>(
    tx,
    sql`select point_id as "pointId", ${epochMs(sql`time`)} as "time" from alarm_events
        where point_id = any(${arrayParam(refs.map((ref) => ref.pointId))}::int[]) and event = 'ALM' and counted
        order by point_id, time`,
  );
  return { refs, times };
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
  const [bounds] = await queryRows<{ from: number | null; to: number | null }>(
    tx,
    sql`select ${epochMs(sql`(select min(start_time) from alarm_episodes e where ${pointFilter('e', pointIds)})`)} as "from",
          ${epochMs(sql`max(last_time)`)} + 1 as "to"
        from alarm_point_states s where ${pointFilter('s', pointIds)}`,
  );
  if (bounds.to === null) return [];
  const window = { from: Math.min(bounds.from ?? bounds.to, bounds.to), to: bounds.to };
  const { floodContributor: _perConsole, ...rules } = settings.rules;
  const anyEpisodeRule = rules.chattering || rules.fleeting || rules.standing;
  const facts = anyEpisodeRule ? await episodeFacts(tx, pointIds, window, settings.kpi) : [];
  const frequent = rules.frequent ? await frequentCandidates(tx, pointIds, settings.kpi) : { refs: [], times: [] };

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
  const annunciated = frequent.times;
  const times = new Float64Array(annunciated.length);
  const ids = new Int32Array(annunciated.length);
  annunciated.forEach((row, i) => {
    const point = points[indexOf.get(row.pointId) as number];
    point.annunciations++;
    times[i] = row.time;
    ids[i] = point.id;
  });
  const analysis: JournalAnalysis = {
    window,
    settings: settings.kpi,
    annunciations: {
      length: annunciated.length,
      times,
      pointIds: ids,
      priorities: new Uint8Array(annunciated.length).fill(PRIORITIES.length - 1),
    },
    points,
  };
  const byRef = new Map(points.map((point) => [`${point.tag}\u0000${point.condition}`, pointIdOf[point.id]]));
  return detectFromAnalysis(analysis, { enabled: { ...rules, floodContributor: false }, timeZone }).map((finding) => ({
    ...finding,
    pointId: byRef.get(`${finding.tag}\u0000${finding.condition}`) as number,
  }));
}

/**
 * Flood contributors of one console over its whole journal. The engine's rule runs on an analysis whose
 * annunciations outside floods stand at their bucket start (they only make n_k) and whose annunciations in
 * floods are the real ones (they decide the contributors).
 */
async function detectFloodContributors(
  tx: Executor,
  consoleId: number,
  settings: AbnormalSettings,
): Promise<PointFinding[]> {
  const buckets = await queryRows<{ start: number; n: number }>(
    tx,
    sql`select ${epochMs(sql`bucket_start`)} as "start", sum(urgent + high + medium + low)::int as n
        from alarm_load_10m where console_id = ${consoleId} group by bucket_start order by bucket_start`,
  );
  if (!buckets.length) return [];
  const window = { from: buckets[0].start, to: buckets[buckets.length - 1].start + TEN_MINUTES_MS };
  const starts = bucketStarts(window, TEN_MINUTES_MS);
  const counts = new Int32Array(starts.length);
  for (const bucket of buckets) counts[Math.round((bucket.start - window.from) / TEN_MINUTES_MS)] = bucket.n;
  const floods = floodsFromBuckets(counts, starts, window.to, settings.kpi);
  if (!floods.length) return [];

  const inFloods = await queryRows<{ pointId: number; time: number; tag: string; condition: string }>(
    tx,
    // Each flood reads its own stretch of the journal through the time index (lateral; `offset 0` keeps the
    // planner from flattening it into a comparison of every flood with every annunciation of the console).
    sql`select e.point_id as "pointId", ${epochMs(sql`e.time`)} as "time", p.tag, p.condition
        from unnest(${arrayParam(floods.map((f) => f.start))}::float8[], ${arrayParam(floods.map((f) => f.end))}::float8[]) as f(s, e)
        cross join lateral (
          select a.id, a.point_id, a.time from alarm_events a
          where a.counted and a.console_id = ${consoleId}
            and a.time >= to_timestamp(f.s / 1000) and a.time < to_timestamp(f.e / 1000)
          offset 0) e
        join alarm_points p on p.id = e.point_id
        order by e.time, e.id`,
  );
  const pointIndex = new Map<number, number>();
  const points: JournalAnalysis['points'] = [{ id: 0, tag: '', condition: '', annunciations: 0 }];
  const pointIdOf: number[] = [0];
  const total = counts.reduce((sum, n) => sum + n, 0);
  const times = new Float64Array(total);
  const ids = new Int32Array(total);
  let n = 0;
  let f = 0;
  let r = 0;
  for (let k = 0; k < starts.length; k++) {
    while (f < floods.length && starts[k] >= floods[f].end) f++;
    const flooded = f < floods.length && starts[k] >= floods[f].start;
    if (!flooded) {
      times.fill(starts[k], n, n + counts[k]);
      n += counts[k];
      continue;
    }
    const end = k + 1 < starts.length ? starts[k + 1] : window.to;
    for (; r < inFloods.length && inFloods[r].time < end; r++) {
      const row = inFloods[r];
      let index = pointIndex.get(row.pointId);
      if (index === undefined) {
        index = points.length;
        pointIndex.set(row.pointId, index);
        points.push({ id: index, tag: row.tag, condition: row.condition, annunciations: 0 });
        pointIdOf.push(row.pointId);
      }
      times[n] = row.time;
      ids[n++] = index;
    }
  }
  const analysis: JournalAnalysis = {
    window,
    settings: settings.kpi,
    annunciations: { length: n, times, pointIds: ids, priorities: new Uint8Array(n).fill(PRIORITIES.length - 1) },
    points,
  };
  const byRef = new Map(points.map((point, index) => [`${point.tag}\u0000${point.condition}`, pointIdOf[index]]));
  return detectFromAnalysis(analysis, {
    enabled: { chattering: false, fleeting: false, standing: false, frequent: false, floodContributor: true },
    floodContributorTop: settings.floodContributorTop,
  }).map((finding) => ({ ...finding, pointId: byRef.get(`${finding.tag}\u0000${finding.condition}`) as number }));
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
        for (const { id } of consoles) findings.push(...(await detectFloodContributors(tx, id, settings)));
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
