/**
 * The rollups kept by triggers — the monthly point rollup (alarm_point_months, from alarm_point_days) and the day
 * vectors of the 10-minute load (alarm_load_days, from alarm_load_10m) — equal what they derive from after every
 * writer — an import, an appending one, an older one (rebuilt days), a back-dated operating-condition switch
 * (retagging), the removal of a batch, a rebuild and emptying — and what is read through them equals the events
 * counted directly: the annunciations per point and per 10-minute bucket over windows holding whole months and days,
 * at and off their starts, whole plant, one console, one operating condition.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIORITIES } from '../../contract/vocabulary';
import type { OpenDatabase } from '../../server/db';
import type { JournalRow } from '../../server/domain/journal';
import { bucketStarts, countPerBucket } from '../../server/domain/kpi/buckets';
import { DAY_MS, type KpiWindow, TEN_MINUTES_MS } from '../../server/domain/kpi/types';
import { createRng } from '../../server/domain/simulator/random';
import { deleteJournalBatch } from '../../server/repositories/ingest';
import { rebuildRollups } from '../../server/repositories/journal';
import { createKpiRepository, type KpiScope } from '../../server/repositories/kpi';
import { queryRows } from '../../server/repositories/raw-sql';
import { openTestDatabase, SLOW } from './helpers';
import { ingestRows, switchConditionBackDated } from './ingest-rows';

const HOUR = 3_600_000;
/** Mid-January: the journals cross several month starts, February's short one among them. */
const BASE = Date.UTC(2025, 0, 17, 5, 30);
const CHATTER_COUNT = 3;

/** Annunciations and returns of eight points over `days` days from `from`, an event every few hours on average. */
function sparseJournal(seed: number, from: number, days: number): JournalRow[] {
  const rng = createRng(seed);
  const rows: JournalRow[] = [];
  const gap = (days * DAY_MS) / 500;
  let time = from;
  for (let i = 0; time < from + days * DAY_MS; i++) {
    time += Math.floor(rng() * 2 * gap) + 1;
    const point = Math.floor(rng() * 8);
    rows.push({
      row: i + 2,
      time,
      tag: `P${point}`,
      condition: 'PVHI',
      event: rng() < 0.6 ? 'ALM' : 'RTN',
      priority: PRIORITIES[point % PRIORITIES.length],
      console: `操作台${point % 2}`,
      unit: `装置${point % 3}`,
    });
  }
  return rows;
}

describe('rollups kept by triggers', { timeout: SLOW * 4 }, () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, SLOW);
  afterAll(() => database?.close());

  const byKey = sql`order by 1, 2, 3, 4, 5`;
  const storedMonths = () =>
    queryRows<Record<string, string | number>>(
      database.db,
      sql`select month_start::text as month, point_id, console_id, unit_id, operating_condition, annunciations
          from alarm_point_months ${byKey}`,
    );
  const summedDays = () =>
    queryRows<Record<string, string | number>>(
      database.db,
      sql`select date_trunc('month', day_start, 'UTC')::text as month, point_id, console_id, unit_id, operating_condition,
            sum(annunciations)::int as annunciations
          from alarm_point_days group by 1, 2, 3, 4, 5 ${byKey}`,
    );

  /** Annunciations per point in the window counted from the events, as pointCounts answers them. */
  const countedEvents = (window: KpiWindow, scope: KpiScope) =>
    queryRows<{ pointId: number; count: number }>(
      database.db,
      sql`select e.point_id as "pointId", count(*)::int as count from alarm_events e
          join consoles c on c.id = e.console_id
          where e.counted and e.time >= ${new Date(window.from).toISOString()} and e.time < ${new Date(window.to).toISOString()}
            ${scope.console === undefined ? sql`` : sql`and c.name = ${scope.console}`}
            ${scope.condition === undefined ? sql`` : sql`and e.operating_condition = ${scope.condition}`}
          group by 1 order by 1`,
    );

  type LoadDay = { day: string; consoleId: number; counts: string } & Record<(typeof PRIORITIES)[number], number>;
  const storedLoadDays = () =>
    queryRows<LoadDay>(
      database.db,
      sql`select day_start::text as day, console_id as "consoleId", urgent, high, medium, low, encode(counts, 'hex') as counts
          from alarm_load_days order by 1, 2`,
    );
  /** The 10-minute rows packed by UTC day here: per console and for the plant (0), 144 big-endian int4 counts. */
  const packedBuckets = async () => {
    const rows = await queryRows<{ day: string; dayMs: number; start: number; consoleId: number } & LoadDay>(
      database.db,
      sql`select date_trunc('day', bucket_start, 'UTC')::text as day, (extract(epoch from bucket_start) * 1000)::float8 as start,
            (extract(epoch from date_trunc('day', bucket_start, 'UTC')) * 1000)::float8 as "dayMs",
            console_id as "consoleId", urgent, high, medium, low
          from alarm_load_10m`,
    );
    const days = new Map<string, { day: string; consoleId: number; sums: number[]; counts: Int32Array }>();
    for (const row of rows) {
      for (const consoleId of [0, row.consoleId]) {
        const key = `${row.day}|${String(consoleId).padStart(6, '0')}`;
        let day = days.get(key);
        if (!day) {
          day = { day: row.day, consoleId, sums: [0, 0, 0, 0], counts: new Int32Array(144) };
          days.set(key, day);
        }
        PRIORITIES.forEach((priority, index) => {
          day.sums[index] += row[priority];
          day.counts[(row.start - row.dayMs) / TEN_MINUTES_MS] += row[priority];
        });
      }
    }
    return [...days.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, { day, consoleId, sums, counts }]) => ({
        day,
        consoleId,
        ...Object.fromEntries(PRIORITIES.map((priority, index) => [priority, sums[index]])),
        counts: Buffer.from(
          new Uint8Array(counts.length * 4).map((_, i) => (counts[i >> 2] >>> (8 * (3 - (i & 3)))) & 255),
        ).toString('hex'),
      }));
  };

  /** Annunciations per 10-minute bucket of the window (bucketStarts) counted from the events. */
  const eventsPerBucket = async (window: KpiWindow, scope: KpiScope) => {
    const times = await queryRows<{ time: number }>(
      database.db,
      sql`select (extract(epoch from e.time) * 1000)::float8 as time from alarm_events e
          join consoles c on c.id = e.console_id
          where e.counted and e.time >= ${new Date(window.from).toISOString()} and e.time < ${new Date(window.to).toISOString()}
            ${scope.console === undefined ? sql`` : sql`and c.name = ${scope.console}`}
            ${scope.condition === undefined ? sql`` : sql`and e.operating_condition = ${scope.condition}`}
          order by 1`,
    );
    return countPerBucket(
      times.map((row) => row.time),
      bucketStarts(window, TEN_MINUTES_MS),
    );
  };

  let windows = 0;
  const check = async (seed: number) => {
    const months = await storedMonths();
    expect(months).toEqual(await summedDays());
    expect(await storedLoadDays()).toEqual(await packedBuckets());
    const [range] = await queryRows<{ lo: number; hi: number }>(
      database.db,
      sql`select (extract(epoch from min(time)) * 1000)::float8 as lo, (extract(epoch from max(time)) * 1000)::float8 as hi
          from alarm_events`,
    );
    const rng = createRng(seed);
    const monthStart = (time: number) => {
      const date = new Date(time);
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    };
    const kpi = createKpiRepository(database.db);
    for (let trial = 0; trial < 12; trial++) {
      let from = range.lo - 5 * DAY_MS + Math.floor(rng() * (range.hi - range.lo) * 0.5);
      let to = from + 35 * DAY_MS + Math.floor(rng() * 60 * DAY_MS);
      // At a month start, a day or an hour off one, or anywhere.
      const shape = trial % 4;
      if (shape === 1) from = monthStart(from);
      if (shape === 2) to = monthStart(to) + (rng() < 0.5 ? DAY_MS : -HOUR);
      if (shape === 3) [from, to] = [monthStart(from) - DAY_MS, monthStart(to)];
      const scope: KpiScope = trial % 3 === 1 ? { console: '操作台1' } : trial % 6 === 2 ? { condition: '开车' } : {};
      const window = { from, to };
      const counted = (await kpi.pointCounts(window, scope))
        .map(({ pointId, count }) => ({ pointId, count }))
        .sort((a, b) => a.pointId - b.pointId);
      expect(counted, JSON.stringify({ window, scope })).toEqual(await countedEvents(window, scope));
      // Off the 10-minute grid too: the cut pieces come from the events, the whole days from their vectors.
      const offGrid = { from: from + (trial % 2) * 7 * 60_000, to: to - (trial % 3) * 3 * 60_000 };
      expect(await kpi.perTenMinutes(offGrid, scope), JSON.stringify({ offGrid, scope })).toEqual(
        await eventsPerBucket(offGrid, scope),
      );
      windows++;
    }
    return months.length;
  };

  it('equal the days summed by month after every writer, and answer as the events do', async () => {
    const { db } = database;
    const first = sparseJournal(1, BASE, 80);
    await ingestRows(db, first, CHATTER_COUNT);
    expect(await check(1)).toBeGreaterThan(0);

    // Appended (counts added to stored days), then older events (the days rebuilt from the events).
    const appended = await ingestRows(db, sparseJournal(2, first[first.length - 1].time + HOUR, 50), CHATTER_COUNT);
    await check(2);
    await ingestRows(db, sparseJournal(3, BASE - 40 * DAY_MS, 60), CHATTER_COUNT);
    await check(3);

    await switchConditionBackDated(db, '装置1', '开车', BASE + 20 * DAY_MS);
    expect((await storedMonths()).some((month) => month.operating_condition === '开车')).toBe(true);
    await check(4);

    expect(await deleteJournalBatch(db, appended, 'Asia/Shanghai')).toBeGreaterThan(0);
    await check(5);
    await db.transaction((tx) => rebuildRollups(tx, BASE - 50 * DAY_MS, BASE + 200 * DAY_MS));
    await check(6);
    expect(windows).toBe(6 * 12);

    await db.execute(sql`truncate alarm_point_days`);
    expect(await storedMonths()).toEqual([]);
    await db.execute(sql`truncate alarm_load_10m`);
    expect(await storedLoadDays()).toEqual([]);
  });
});
