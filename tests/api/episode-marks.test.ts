/**
 * The episode marks (alarm_episode_marks, kept by triggers on alarm_episodes) stay exact after every writer of
 * episodes — an import, a second import that closes open spans, a new chatterCount (recompute), a back-dated
 * operating-condition switch (retagging) and the removal of a batch — and so do the month marks kept from them by
 * triggers on alarm_episode_marks; the KPI summary's points with a chattering run or a fleeting annunciation, read
 * from them for whole days and months, equal the raw definition (episodeSeen over every episode) on random
 * windows: edges off the day, windows ending at UTC midnight or a threshold after it, runs crossing midnight,
 * spans equal to the thresholds, windows holding whole months of the journal.
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KpiSettings } from '../../contract/kpiSettings';
import type { OpenDatabase } from '../../server/db';
import { DAY_MS, type KpiWindow, resolveKpiSettings } from '../../server/domain/kpi/types';
import { createRng } from '../../server/domain/simulator/random';
import { deleteJournalBatch } from '../../server/repositories/ingest';
import { episodePoints, episodeSeen, resolveScope } from '../../server/repositories/kpi';
import { createKpiSettingsRepository } from '../../server/repositories/kpi-settings';
import { queryRows } from '../../server/repositories/raw-sql';
import { openTestDatabase, SLOW } from './helpers';
import { ingestRows, randomJournal, switchConditionBackDated } from './ingest-rows';

const MIN = 60_000;
/** Three days before midnight, so that runs cross it. */
const BASE = Date.UTC(2025, 2, 10, 22, 0);
describe('episode marks', { timeout: SLOW * 4 }, () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, SLOW);
  afterAll(() => database?.close());

  type Period = 'day' | 'month';
  const periodOf: Record<Period, SQL> = {
    day: sql`date_bin('1 day', start_time, timestamptz '1970-01-01 00:00:00+00')`,
    month: sql`date_trunc('month', start_time, 'UTC')`,
  };
  /** The marks of each day or month as their definition gives them from the episodes. */
  const definedMarks = (period: Period) =>
    queryRows<Record<string, string>>(
      database.db,
      sql`select ${periodOf[period]}::text as start, point_id::text as point,
            console_id::text as console, unit_id::text as unit, operating_condition as condition,
            (min(end_time - start_time) filter (where kind = 'chatter'))::text as chatter,
            (min(end_time - start_time) filter (where kind = 'fleeting'))::text as fleeting
          from alarm_episodes where kind in ('chatter', 'fleeting') and end_time is not null
          group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    );
  const storedMarks = (period: Period) =>
    queryRows<Record<string, string>>(
      database.db,
      sql`select ${sql.raw(period === 'day' ? 'day_start' : 'month_start')}::text as start, point_id::text as point,
            console_id::text as console, unit_id::text as unit, operating_condition as condition,
            shortest_chatter::text as chatter, shortest_fleeting::text as fleeting
          from ${sql.raw(period === 'day' ? 'alarm_episode_marks' : 'alarm_episode_month_marks')} order by 1, 2, 3, 4, 5`,
    );

  const rawPoints = async (window: KpiWindow, settings: KpiSettings, condition?: string) => {
    const rows = await queryRows<{ key: string }>(
      database.db,
      sql`select distinct e.point_id || ':' || e.kind as key from alarm_episodes e
          where ${episodeSeen('e', window, settings)}
            ${condition === undefined ? sql`` : sql`and e.operating_condition = ${condition}`}`,
    );
    return rows.map((row) => row.key).sort();
  };
  const markedPoints = async (window: KpiWindow, settings: KpiSettings, condition?: string) => {
    const scope = await resolveScope(database.db, { condition });
    const rows = await episodePoints(database.db, window, scope, settings);
    return rows.map((row) => `${row.pointId}:${row.kind}`).sort();
  };

  /** Short stored episodes (spans in seconds), the crossing ones those that end on a later UTC day. */
  const shortEpisodes = () =>
    queryRows<{ seconds: number; end: number; crossing: boolean }>(
      database.db,
      sql`select extract(epoch from end_time - start_time)::float8 as seconds,
            (extract(epoch from end_time) * 1000)::float8 as "end",
            date_bin('1 day', start_time, timestamptz '1970-01-01 00:00:00+00')
              <> date_bin('1 day', end_time, timestamptz '1970-01-01 00:00:00+00') as crossing
          from alarm_episodes
          where kind in ('chatter', 'fleeting') and end_time is not null and end_time - start_time <= interval '10 minutes'`,
    );

  let trials = 0;
  const check = async (seed: number) => {
    const marks = await storedMarks('day');
    expect(marks.length).toBeGreaterThan(0);
    expect(marks).toEqual(await definedMarks('day'));
    const monthMarks = await storedMarks('month');
    expect(new Set(monthMarks.map((mark) => mark.start)).size).toBeGreaterThan(1);
    expect(monthMarks).toEqual(await definedMarks('month'));
    const rng = createRng(seed);
    const short = await shortEpisodes();
    const exact = short.map((episode) => episode.seconds);
    const crossing = short.filter((episode) => episode.crossing);
    expect(crossing.length).toBeGreaterThan(0);
    const [range] = await queryRows<{ lo: number; hi: number }>(
      database.db,
      sql`select (extract(epoch from min(start_time)) * 1000)::float8 as lo, (extract(epoch from max(start_time)) * 1000)::float8 as hi
          from alarm_episodes`,
    );
    const midnight = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
    const monthStart = (ms: number, months = 0) => {
      const date = new Date(ms);
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
    };
    for (let trial = 0; trial < 24; trial++) {
      const threshold = () =>
        exact.length && rng() < 0.5
          ? Math.max(1, exact[Math.floor(rng() * exact.length)])
          : 1 + Math.floor(rng() * 120);
      const settings = resolveKpiSettings({ chatterSeconds: threshold(), fleetingSeconds: threshold(), staleHours: 2 });
      let from = range.lo - DAY_MS / 2 + Math.floor(rng() * (range.hi - range.lo + DAY_MS));
      let to = from + Math.floor(rng() * 4 * DAY_MS);
      const shape = trial % 6;
      // At midnight; a threshold after it (the last whole day just counts); the start at midnight; at, just
      // before or just after the end of a run or annunciation that crossed midnight; whole UTC months of the
      // journal (the month marks) with days around them, the edges at, before or after a month's start.
      if (shape === 1) to = midnight(to);
      if (shape === 2) to = midnight(to) + settings.chatterSeconds * 1000;
      if (shape === 3) from = midnight(from);
      if (shape === 4) {
        const episode = crossing[Math.floor(rng() * crossing.length)];
        settings.chatterSeconds = Math.max(1, Math.ceil(episode.seconds));
        settings.fleetingSeconds = settings.chatterSeconds + 1;
        to = episode.end + Math.floor(rng() * 3) - 1;
        from = to - Math.floor(rng() * 3 * DAY_MS) - DAY_MS;
      }
      if (shape === 5) {
        from = monthStart(range.lo) + (trial % 4 === 1 ? 0 : Math.floor((rng() - 0.3) * 20 * DAY_MS));
        to = monthStart(range.hi, 1) + (trial % 4 === 3 ? 0 : Math.floor((rng() - 0.7) * 20 * DAY_MS));
        if (monthStart(from, 1) >= monthStart(to)) from = monthStart(from, -1);
      }
      if (to <= from) to = from + DAY_MS * 2;
      const condition = trial % 5 === 4 ? '开车' : undefined;
      const window = { from, to };
      expect(await markedPoints(window, settings, condition), JSON.stringify({ window, settings, condition })).toEqual(
        await rawPoints(window, settings, condition),
      );
      trials++;
    }
  };

  it('stay exact after every writer and answer as the raw episodes do', async () => {
    const { db } = database;
    const settings = createKpiSettingsRepository(db);
    const chatterCount = (await settings.read()).kpi.chatterCount;
    const first = randomJournal(1, BASE, 1200);
    const last = first[first.length - 1].time;
    await ingestRows(db, first, chatterCount);
    await check(11);

    // A second import after the first, closing the spans left open, and one of older events (replay from start).
    const second = await ingestRows(db, randomJournal(2, last + MIN, 800), chatterCount);
    await check(12);
    await ingestRows(db, randomJournal(3, BASE - 2 * DAY_MS, 600), chatterCount);
    await check(13);

    const saved = await settings.read();
    await settings.save({ ...saved, kpi: { ...saved.kpi, chatterCount: saved.kpi.chatterCount + 1 } }, 'admin');
    await check(14);

    await switchConditionBackDated(db, '装置1', '开车', BASE + DAY_MS + 90 * MIN);
    expect((await storedMarks('day')).filter((mark) => mark.condition === '开车').length).toBeGreaterThan(0);
    await check(15);

    expect(await deleteJournalBatch(db, second, 'Asia/Shanghai')).toBeGreaterThan(0);
    await check(16);
    expect(trials).toBe(6 * 24);
  });

  it('keep the month marks equal to the day marks after any update of them: a shortest risen, a day moved', async () => {
    const { db } = database;
    const dayMarksByMonth = () =>
      queryRows<Record<string, string>>(
        db,
        sql`select date_trunc('month', day_start, 'UTC')::text as start, point_id::text as point, console_id::text as console,
              unit_id::text as unit, operating_condition as condition, min(shortest_chatter)::text as chatter,
              min(shortest_fleeting)::text as fleeting
            from alarm_episode_marks group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
      );
    const before = await storedMarks('month');
    // Each point's shortest day of a month rises past the others'; half the days of one point move to another unit.
    await db.execute(sql`update alarm_episode_marks m set shortest_fleeting = shortest_fleeting + interval '1 hour',
        shortest_chatter = shortest_chatter + interval '1 hour'
      from (select distinct on (point_id, date_trunc('month', day_start, 'UTC')) day_start, point_id from alarm_episode_marks
            order by point_id, date_trunc('month', day_start, 'UTC'), shortest_fleeting nulls last) shortest
      where m.day_start = shortest.day_start and m.point_id = shortest.point_id`);
    await db.execute(sql`update alarm_episode_marks set unit_id = unit_id + 100
      where point_id = (select min(point_id) from alarm_episode_marks) and extract(day from day_start)::int % 2 = 0`);
    const after = await storedMarks('month');
    expect(after).not.toEqual(before);
    expect(after).toEqual(await dayMarksByMonth());
  });
});
