/**
 * Property test: the KPI summary assembled from ingest-time aggregates equals the engine's
 * `computeKpiSummary` over the raw journal, on seeded random journals ingested in several sessions (appends
 * and older data, which forces the replay from scratch), for random windows and console scopes. The rollups an
 * appending session adds to are those a rebuild over the whole journal makes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIORITIES } from '../../contract/vocabulary';
import type { OpenDatabase } from '../../server/db';
import type { JournalRow } from '../../server/domain/journal';
import { computeKpiSummary } from '../../server/domain/kpi/summary';
import { type EventType, type JournalEvent, resolveKpiSettings } from '../../server/domain/kpi/types';
import { createRng } from '../../server/domain/simulator/random';
import { IngestSession, rebuildRollups } from '../../server/repositories/journal';
import { createKpiRepository } from '../../server/repositories/kpi';
import { queryRows } from '../../server/repositories/raw-sql';
import { openTestDatabase, SLOW } from './helpers';

const HOUR = 3_600_000;
const BASE = Date.UTC(2025, 0, 6, 0, 3, 17);
const CONSOLES = ['甲操作台', '乙操作台'];

/** A journal with the awkward cases: shelving, same-instant events, chatter, fleeting and long activations. */
function randomJournal(seed: number): (JournalRow & { console: string })[] {
  const rng = createRng(seed);
  const rows: (JournalRow & { console: string })[] = [];
  const points = Array.from({ length: 12 }, (_, i) => ({
    tag: `T${i % 7}`,
    condition: i < 7 ? 'PVHI' : 'PVLO',
    console: CONSOLES[i % 2],
  }));
  const weights: [EventType, number][] = [
    ['ALM', 10],
    ['RTN', 7],
    ['ACK', 2],
    ['SHLV', 1],
    ['UNSHLV', 1],
    ['SUPP', 0.5],
    ['UNSUPP', 0.5],
    ['OOS', 0.3],
    ['INS', 0.3],
  ];
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  const pick = (): EventType => {
    let r = rng() * total;
    for (const [event, w] of weights) {
      r -= w;
      if (r < 0) return event;
    }
    return 'ALM';
  };
  let time = BASE;
  for (let i = 0; i < 1500; i++) {
    const gap = rng();
    // Bursts (chatter, floods), same instants and long quiet stretches (stale alarms).
    time +=
      gap < 0.15
        ? 0
        : gap < 0.6
          ? Math.floor(rng() * 20_000)
          : gap < 0.97
            ? Math.floor(rng() * 600_000)
            : Math.floor(rng() * 30 * HOUR);
    const point = points[Math.floor(rng() * (i % 50 < 10 ? 2 : points.length))];
    rows.push({
      row: i + 2,
      time,
      ...point,
      event: pick(),
      priority: PRIORITIES[Math.floor(rng() * PRIORITIES.length)],
    });
  }
  return rows;
}

/** Exact duplicates dropped, first kept, as the import does. */
function dedupe<T extends JournalRow>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = `${row.time}|${row.tag}|${row.condition}|${row.event}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

describe('KPI summary from rollups equals the engine over the raw journal', { timeout: SLOW * 4 }, () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, SLOW);
  afterAll(() => database?.close());

  // Odd seeds: appended in three sessions (replay continues from stored state); even: older half second.
  // Seeds 3 and 4 write every 250 rows, while the next rows are replayed; 1 and 2 once per session.
  for (const seed of [1, 2, 3, 4]) {
    it(`seed ${seed}`, async () => {
      const { db } = database;
      await db.execute(
        'truncate alarm_events, alarm_points, alarm_episodes, alarm_load_10m, alarm_plant_load_10m, alarm_point_days, alarm_point_states, units, consoles cascade' as never,
      );
      const journal = dedupe(randomJournal(seed));
      const rng = createRng(seed * 7);
      const half = Math.floor(journal.length / 2);
      const third = Math.floor(journal.length / 3);
      const parts =
        seed % 2
          ? [journal.slice(0, third), journal.slice(third, 2 * third), journal.slice(2 * third)]
          : [journal.slice(half), journal.slice(0, half)];
      const settings = resolveKpiSettings({ chatterCount: 3 });
      for (const part of parts) {
        await db.transaction(async (tx) => {
          const session = await IngestSession.open(tx, {
            source: 'import',
            batchId: null,
            chatterCount: settings.chatterCount,
            writeRows: seed > 2 ? 250 : undefined,
          });
          for (let i = 0; i < part.length; i += 200) await session.add(part.slice(i, i + 200));
          await session.finish();
        });
      }

      // Appending sessions add their counts to the rollups; rebuilt from the journal, they are the same.
      const rollups = () =>
        Promise.all(
          ['alarm_load_10m', 'alarm_plant_load_10m', 'alarm_point_days'].map((table) =>
            queryRows(db, sql`select * from ${sql.identifier(table)} order by 1, 2, 3`),
          ),
        );
      const added = await rollups();
      await db.transaction((tx) => rebuildRollups(tx, BASE, journal[journal.length - 1].time));
      expect(await rollups()).toEqual(added);

      // The engine's order: time, then journal (file) order — the order stored ids follow within a point.
      const stored = parts.flat();
      const events: (JournalEvent & { console: string })[] = stored
        .map((row, index) => ({ ...row, index, priority: row.priority ?? 'low' }))
        .sort((a, b) => a.time - b.time || a.index - b.index);
      const kpi = createKpiRepository(db);
      const end = journal[journal.length - 1].time;
      for (let trial = 0; trial < 6; trial++) {
        const from = BASE + Math.floor(rng() * (end - BASE) * 0.7);
        const to = from + Math.floor(rng() * (end - from + HOUR));
        const scope = trial % 3 === 0 ? { console: CONSOLES[trial % 2] } : {};
        const scoped = scope.console ? events.filter((event) => event.console === scope.console) : events;
        const kpiSettings = resolveKpiSettings({
          chatterSeconds: 30 + trial * 20,
          fleetingSeconds: 5 + trial,
          staleHours: 1 + trial * 3,
        });
        const expected = computeKpiSummary(scoped, { from, to, settings: kpiSettings });
        const actual = await kpi.summary({ from, to }, scope, kpiSettings);
        expect(actual).toEqual(expected);
      }
    });
  }
});
