/**
 * Journal rows stored as an import stores them (IngestSession in its own batch and transaction), for tests of what
 * the ingest writes beside the events and of the reads over it; and a random journal shaped to cut days.
 */
import { sql } from 'drizzle-orm';
import { PRIORITIES } from '../../contract/vocabulary';
import type { Database } from '../../server/db';
import type { JournalRow } from '../../server/domain/journal';
import { DAY_MS, type EventType } from '../../server/domain/kpi/types';
import { createRng } from '../../server/domain/simulator/random';
import { IngestSession, retagUnitConditions } from '../../server/repositories/journal';
import { queryRows } from '../../server/repositories/raw-sql';

/** Stores `rows` in 200-row steps, written every 300 rows; answers the new batch's id. */
export async function ingestRows(db: Database, rows: JournalRow[], chatterCount: number): Promise<number> {
  const [batch] = await queryRows<{ id: number }>(
    db,
    sql`insert into journal_batches (source, label) values ('import', 'test') returning id`,
  );
  await db.transaction(async (tx) => {
    const session = await IngestSession.open(tx, { source: 'import', batchId: batch.id, chatterCount, writeRows: 300 });
    for (let i = 0; i < rows.length; i += 200) await session.add(rows.slice(i, i + 200));
    await session.finish();
  });
  return batch.id;
}

/**
 * A back-dated switch of unit `unit` to a new operating condition `condition` at `at`, stored as the conditions
 * repository stores it, and the journal re-tagged from then on.
 */
export async function switchConditionBackDated(
  db: Database,
  unit: string,
  condition: string,
  at: number,
): Promise<void> {
  const [{ id: unitId }] = await queryRows<{ id: number }>(db, sql`select id from units where name = ${unit}`);
  const [{ id: conditionId }] = await queryRows<{ id: number }>(
    db,
    sql`insert into operating_conditions (unit_id, name) values (${unitId}, ${condition}) returning id`,
  );
  await db.execute(sql`insert into operating_condition_switches (unit_id, condition_id, switched_at, switched_by)
    values (${unitId}, ${conditionId}, ${new Date(at).toISOString()}, 'admin')`);
  await db.transaction((tx) => retagUnitConditions(tx, unitId, at));
}

const MIN = 60_000;
const EVENTS: EventType[] = ['ALM', 'ALM', 'ALM', 'RTN', 'RTN', 'ACK', 'SHLV', 'UNSHLV'];

/**
 * Bursts near midnights (chattering runs and fleeting annunciations crossing it) and quiet hours between; six points
 * M0–M5 over consoles 操作台0 and 操作台1 and units 装置0–装置2.
 */
export function randomJournal(seed: number, from: number, rows: number): JournalRow[] {
  const rng = createRng(seed);
  const journal: JournalRow[] = [];
  let time = from;
  for (let i = 0; i < rows; i++) {
    const gap = rng();
    // Every 60 rows a burst of one point from just before a midnight: runs and annunciations that cross it.
    const burst = i % 60 >= 52;
    if (i % 60 === 52) time = (Math.floor(time / DAY_MS) + 1) * DAY_MS - 5_000 - Math.floor(rng() * 10_000);
    else if (burst) time += Math.floor(rng() * 3_000);
    else
      time +=
        gap < 0.5
          ? Math.floor(rng() * 15_000)
          : gap < 0.95
            ? Math.floor(rng() * 10 * MIN)
            : Math.floor(rng() * 20 * 60 * MIN);
    const point = burst ? 0 : Math.floor(rng() * (i % 40 < 10 ? 2 : 6));
    journal.push({
      row: i + 2,
      time,
      tag: `M${point}`,
      condition: 'PVHI',
      event: burst ? (i % 2 ? 'RTN' : 'ALM') : EVENTS[Math.floor(rng() * EVENTS.length)],
      priority: PRIORITIES[point % PRIORITIES.length],
      console: `操作台${point % 2}`,
      unit: `装置${point % 3}`,
    });
  }
  const seen = new Set<string>();
  return journal.filter((row) => {
    const key = `${row.time}|${row.tag}|${row.event}`;
    return !seen.has(key) && seen.add(key);
  });
}
