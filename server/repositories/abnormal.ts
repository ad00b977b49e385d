/**
 * 异常报警配置 (settings) and abnormal-alarm detection. Detection runs the engine's rules
 * (server/domain/kpi/detection.ts) over each point's whole journal, and floods per console, and keeps one
 * open record per point and kind: re-running updates it instead of adding another (idempotent); a point
 * handled or ignored gets a new record only for behaviour seen after that record.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { type AbnormalSettings, resolveAbnormalSettings } from '../domain/abnormal/settings';
import { bucketStarts } from '../domain/kpi/buckets';
import { type AbnormalFinding, detectAbnormal, detectFromAnalysis } from '../domain/kpi/detection';
import { floodsFromBuckets } from '../domain/kpi/floods';
import type { JournalAnalysis } from '../domain/kpi/journal';
import { type JournalEvent, PRIORITIES, TEN_MINUTES_MS } from '../domain/kpi/types';
import { recomputePoints } from './journal';
import { arrayParam, epochMs, queryRows } from './raw-sql';

const SETTINGS_KEY = 'abnormal';
const DETECTION_CHUNK = 500;

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

/** Chattering, fleeting, standing and frequent findings of the given points over their whole journal. */
async function detectPerPoint(
  tx: Executor,
  pointIds: readonly number[],
  settings: AbnormalSettings,
  timeZone: string,
): Promise<PointFinding[]> {
  const findings: PointFinding[] = [];
  const { floodContributor: _perConsole, ...rules } = settings.rules;
  for (let offset = 0; offset < pointIds.length; offset += DETECTION_CHUNK) {
    const chunk = pointIds.slice(offset, offset + DETECTION_CHUNK);
    const refs = await queryRows<{ id: number; tag: string; condition: string }>(
      tx,
      sql`select id, tag, condition from alarm_points where id = any(${arrayParam(chunk)}::int[])`,
    );
    const refById = new Map(refs.map((ref) => [ref.id, ref]));
    // ACK changes nothing the rules read; leaving it out saves a third of the rows.
    const rows = await queryRows<{
      pointId: number;
      time: number;
      event: JournalEvent['event'];
      priority: JournalEvent['priority'];
    }>(
      tx,
      sql`select point_id as "pointId", ${epochMs(sql`time`)} as "time", event, priority from alarm_events
          where point_id = any(${arrayParam(chunk)}::int[]) and event <> 'ACK' order by time, id`,
    );
    if (!rows.length) continue;
    const events: JournalEvent[] = rows.map((row) => {
      const ref = refById.get(row.pointId) as { tag: string; condition: string };
      return { time: row.time, tag: ref.tag, condition: ref.condition, event: row.event, priority: row.priority };
    });
    const ids = new Map(refs.map((ref) => [`${ref.tag}\u0000${ref.condition}`, ref.id]));
    const window = { from: events[0].time, to: events[events.length - 1].time + 1 };
    for (const finding of detectAbnormal(events, window, settings.kpi, {
      enabled: { ...rules, floodContributor: false },
      timeZone,
    })) {
      findings.push({ ...finding, pointId: ids.get(`${finding.tag}\u0000${finding.condition}`) as number });
    }
  }
  return findings;
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
    sql`select e.point_id as "pointId", ${epochMs(sql`e.time`)} as "time", p.tag, p.condition
        from unnest(${arrayParam(floods.map((f) => f.start))}::float8[], ${arrayParam(floods.map((f) => f.end))}::float8[]) as f(s, e)
        join alarm_events e on e.counted and e.console_id = ${consoleId}
          and e.time >= to_timestamp(f.s / 1000) and e.time < to_timestamp(f.e / 1000)
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
      const ids =
        pointIds ??
        (await queryRows<{ id: number }>(tx, sql`select point_id as id from alarm_point_states`)).map((row) => row.id);
      if (!ids.length) return { findings: 0 };
      const findings = await detectPerPoint(tx, ids, settings, timeZone);
      if (settings.rules.floodContributor) {
        const consoles = await queryRows<{ id: number }>(
          tx,
          sql`select distinct console_id as id from alarm_events where point_id = any(${arrayParam([...ids])}::int[])`,
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
