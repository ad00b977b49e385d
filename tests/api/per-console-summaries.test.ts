/**
 * 报警性能看板 reads every console's KPI summary at once (`summaryPerConsole`: each aggregate read once and split by
 * console), and the whole scope's as their sum. Each must equal the summary asked for that console alone, and the
 * whole the summary of the scope, on random windows — edges inside a 10-minute
 * bucket, a day or a month, whole days, windows across a month's start — with random thresholds, for the whole
 * plant and within a unit, a console that has nothing and one that does not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../server/db';
import { DAY_MS, resolveKpiSettings } from '../../server/domain/kpi/types';
import { createRng } from '../../server/domain/simulator/random';
import { createKpiRepository, type KpiScope } from '../../server/repositories/kpi';
import { openTestDatabase, SLOW } from './helpers';
import { ingestRows, randomJournal } from './ingest-rows';

const MARCH = Date.UTC(2025, 2, 10, 22, 0);
/** Days before April: the second journal runs across the month's start. */
const END_OF_MARCH = Date.UTC(2025, 2, 28, 3, 0);

describe('every console summarised at once', { timeout: SLOW * 2 }, () => {
  let database: OpenDatabase;
  /** Times of the annunciations: windows start and end beside them, so the cut edges hold some. */
  let alarms: number[];
  beforeAll(async () => {
    database = await openTestDatabase();
    // The third: 24 points, each moving between the two consoles every 300 rows, so that the whole plant's top 10
    // is not any console's, and a point's count is split between consoles.
    const moving = randomJournal(3, Date.UTC(2025, 3, 5), 1500).map((row, index) => ({
      ...row,
      tag: `N${(index * 7) % 24}`,
      console: `操作台${Math.floor(index / 300) % 2}`,
    }));
    const unique = new Set<string>();
    const journals = [
      randomJournal(1, MARCH, 1500),
      randomJournal(2, END_OF_MARCH, 1500),
      moving.filter((row) => {
        const key = `${row.time}|${row.tag}|${row.event}`;
        return !unique.has(key) && unique.add(key);
      }),
    ];
    for (const journal of journals) await ingestRows(database.db, journal, 3);
    alarms = journals.flat().flatMap((row) => (row.event === 'ALM' ? [row.time] : []));
  }, SLOW);
  afterAll(() => database?.close());

  it('equals each console summarised alone', async () => {
    const kpi = createKpiRepository(database.db);
    const rng = createRng(7);
    const consoles = ['操作台0', '操作台1', '不存在的操作台'];
    const scopes: Omit<KpiScope, 'console'>[] = [{}, { unit: '装置1' }, { unit: '装置2' }];
    const nearAlarm = () => alarms[Math.floor(rng() * alarms.length)] + Math.floor(rng() * 2000) - 1000;
    let seen = 0;
    for (let trial = 0; trial < 40; trial++) {
      const settings = resolveKpiSettings({
        chatterSeconds: 1 + Math.floor(rng() * 120),
        fleetingSeconds: 1 + Math.floor(rng() * 60),
        staleHours: 1 + Math.floor(rng() * 6),
      });
      let [from, to] = [nearAlarm(), nearAlarm()].sort((a, b) => a - b);
      if (to <= from) to = from + DAY_MS;
      // Whole UTC days, whole days across April's start, cut edges.
      if (trial % 4 === 1) {
        from = Math.floor(from / DAY_MS) * DAY_MS;
        to = Math.ceil(to / DAY_MS) * DAY_MS;
      }
      if (trial % 4 === 2) {
        from = Date.UTC(2025, 2, 20) + Math.floor(rng() * 5) * DAY_MS;
        to = Date.UTC(2025, 3, 3, 7, 13);
      }
      // Over the moving points' weeks.
      if (trial % 4 === 3) {
        from = Date.UTC(2025, 3, 5) + Math.floor(rng() * 3) * DAY_MS;
        to = from + (3 + Math.floor(rng() * 20)) * DAY_MS + Math.floor(rng() * DAY_MS);
      }
      const window = { from, to };
      const scope = scopes[trial % scopes.length];
      const together = await kpi.summaryPerConsole(window, scope, consoles, settings);
      const alone = await Promise.all(
        consoles.map((name) => kpi.summary(window, { ...scope, console: name }, settings)),
      );
      expect(together.perConsole, JSON.stringify({ window, scope, settings })).toEqual(alone);
      expect(together.whole, JSON.stringify({ window, scope, settings })).toEqual(
        await kpi.summary(window, scope, settings),
      );
      seen += alone[0].annunciations + alone[1].annunciations;
      expect(alone[2].annunciations).toBe(0);
    }
    // The windows held load: the comparison was not of empty summaries.
    expect(seen).toBeGreaterThan(1000);
  });
});
