/**
 * Abnormal-alarm detection over the stored facts: equal to the engine's `detectAbnormal` over the raw journal on
 * seeded journals with bad actors (a chattering point with overlapping runs, floods, frequent days, shelving),
 * ingested in several sessions; and its work does not grow with one point's event count beyond one ordered pass:
 * on a point with N annunciations it issues as many statements for 10 N as for N, and no statement's plan
 * joins the events or episodes in a nested loop (a per-row search that made detection quadratic per point).
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIORITIES } from '../../contract/vocabulary';
import type { Executor, OpenDatabase } from '../../server/db';
import type { JournalRow } from '../../server/domain/journal';
import { detectAbnormal } from '../../server/domain/kpi/detection';
import type { EventType, JournalEvent } from '../../server/domain/kpi/types';
import { createRng, exponential } from '../../server/domain/simulator/random';
import { createDetectionRepository } from '../../server/repositories/detection';
import { ingestJournal } from '../../server/repositories/ingest';
import { queryRows } from '../../server/repositories/raw-sql';
import { openTestDatabase, SLOW } from './helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A 10-minute boundary, so the engine's buckets and the rollup's coincide. */
const BASE = Date.UTC(2025, 0, 6, 0, 0, 0);
const TIME_ZONE = 'Asia/Shanghai';
const CONSOLE = '检测操作台';

type Row = JournalRow & { console: string };

/**
 * Three days of a plant with bad actors: one point chattering in bursts (ALMs 2–40 s apart, RTNs overlapping
 * the next ALMs, more than 50 a day), shelved for a while; floods of many points; two standing alarms, one shelved
 * for a while; a fleeting alarm acknowledged before it returned; sparse background points; a quiet stretch and one last alarm at the end.
 */
function badActorJournal(seed: number): Row[] {
  const rng = createRng(seed);
  const rows: Row[] = [];
  const add = (time: number, tag: string, event: EventType) =>
    rows.push({
      row: rows.length + 2,
      time: Math.round(time),
      tag,
      condition: 'PVHI',
      event,
      priority: PRIORITIES[tag.length % PRIORITIES.length],
      console: CONSOLE,
    });
  // The journal starts on a bucket boundary, as the rollup's buckets do.
  add(BASE, 'START', 'ALM');
  add(BASE + 1000, 'START', 'RTN');
  for (let burst = 0; burst < 6; burst++) {
    let time = BASE + burst * 11 * HOUR + rng() * HOUR;
    const end = time + (1 + rng() * 3) * HOUR;
    while (time < end) {
      add(time, 'CH', 'ALM');
      add(time + 1000 + exponential(rng, 20_000), 'CH', 'RTN');
      time += 2000 + rng() * 38_000;
    }
  }
  add(BASE + 30 * HOUR, 'CH', 'SHLV');
  add(BASE + 31 * HOUR, 'CH', 'UNSHLV');
  for (let flood = 0; flood < 3; flood++) {
    const start = BASE + (5 + flood * 20) * HOUR + Math.floor(rng() * 6) * 10 * MINUTE;
    for (let i = 0; i < 40; i++) {
      const tag = `FL${Math.floor(rng() * 8)}`;
      const time = start + rng() * 25 * MINUTE;
      add(time, tag, 'ALM');
      add(time + rng() * 8000, tag, 'RTN');
    }
  }
  add(BASE + 2 * HOUR, 'ST', 'ALM');
  add(BASE + 40 * HOUR, 'ST', 'RTN');
  // Standing, acknowledged, shelved and unshelved while active: two stale spans of one activation.
  add(BASE + 3 * HOUR, 'ST2', 'ALM');
  add(BASE + 4 * HOUR, 'ST2', 'ACK');
  add(BASE + 30 * HOUR, 'ST2', 'SHLV');
  add(BASE + 32 * HOUR, 'ST2', 'UNSHLV');
  add(BASE + 45 * HOUR, 'ST2', 'ACK');
  add(BASE + 60 * HOUR, 'ST2', 'RTN');
  for (let i = 0; i < 60; i++) {
    const tag = `BG${i % 5}`;
    const time = BASE + rng() * 70 * HOUR;
    add(time, tag, 'ALM');
    add(time + rng() * 10 * MINUTE, tag, 'RTN');
  }
  // Fleeting, acknowledged before it returned.
  add(BASE + 20 * HOUR, 'FT', 'ALM');
  add(BASE + 20 * HOUR + 500, 'FT', 'ACK');
  add(BASE + 20 * HOUR + 1000, 'FT', 'RTN');
  add(BASE + 75 * HOUR, 'END', 'ALM');
  add(BASE + 75 * HOUR + 30_000, 'END', 'RTN');
  // Time order, then exact duplicates dropped (first kept), as the import does.
  rows.sort((a, b) => a.time - b.time || a.row - b.row);
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = `${row.time}|${row.tag}|${row.condition}|${row.event}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One point with `alarms` annunciations about every 20 s, each returning after 1 s + exp(60 s). */
function chatteringPoint(alarms: number): Row[] {
  const rng = createRng(alarms);
  const rows: Row[] = [];
  let time = BASE;
  for (let i = 0; i < alarms; i++) {
    time += 1 + Math.round(exponential(rng, 20_000));
    const rtn = time + 1000 + Math.round(exponential(rng, 60_000));
    rows.push({ row: 0, time, tag: 'BAD', condition: 'PVHI', event: 'ALM', priority: 'low', console: CONSOLE });
    rows.push({ row: 0, time: rtn, tag: 'BAD', condition: 'PVHI', event: 'RTN', priority: 'low', console: CONSOLE });
  }
  rows.sort((a, b) => a.time - b.time);
  rows.forEach((row, i) => {
    row.row = i + 2;
  });
  return rows;
}

async function ingest(database: OpenDatabase, parts: Row[][]): Promise<void> {
  for (const rows of parts) {
    const result = await ingestJournal(database.db, [{ rows, errors: [], errorCount: 0, rowsRead: rows.length }], {
      source: 'import',
      label: 'test',
      createdBy: 'test',
      timeZone: TIME_ZONE,
    });
    expect(result.errorCount).toBe(0);
  }
}

async function clear(database: OpenDatabase): Promise<void> {
  await database.db.execute(
    sql`truncate alarm_events, alarm_points, alarm_episodes, alarm_load_10m, alarm_plant_load_10m, alarm_point_days,
          alarm_point_states, abnormal_alarms, journal_batches, units, consoles cascade`,
  );
}

/** The executor, recording every statement run through it. */
function recording(db: Executor, statements: SQL[]): Executor {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'execute') return typeof value === 'function' ? value.bind(target) : value;
      return (query: SQL) => {
        statements.push(query);
        return (value as (query: SQL) => Promise<unknown>).call(target, query);
      };
    },
  });
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'CTE Name'?: string;
  'Subplan Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

const JOURNAL = ['alarm_events', 'alarm_episodes'];

/**
 * What in a plan makes the work grow with the square of one point's events: a join of the events or episodes with
 * the events or episodes (each run looking up its annunciations: the point's rows met row by row), or a nested
 * loop that searches them again for every row of an outer side of more than one row. Answered as descriptions,
 * none when the plan is free of both.
 */
function quadraticJoins(root: PlanNode): string[] {
  // A CTE scan reads the tables its CTE reads.
  const ctes = new Map<string, PlanNode>();
  const collect = (node: PlanNode) => {
    const name = node['Subplan Name']?.match(/^CTE (.+)$/)?.[1];
    if (name) ctes.set(name, node);
    node.Plans?.forEach(collect);
  };
  collect(root);
  const tables = (node: PlanNode): string[] => [
    ...(node['Relation Name'] ? [node['Relation Name']] : []),
    ...(node['Node Type'] === 'CTE Scan' && node['CTE Name'] ? tables(ctes.get(node['CTE Name']) as PlanNode) : []),
    ...(node['Subplan Name']?.startsWith('CTE ') ? [] : (node.Plans ?? []).flatMap(tables)),
  ];
  const found: string[] = [];
  const visit = (node: PlanNode) => {
    const type = node['Node Type'];
    if (/Nested Loop|Merge Join|Hash Join/.test(type) && node.Plans?.length === 2) {
      const [outer, inner] = node.Plans.map((side) => tables(side).filter((table) => JOURNAL.includes(table)));
      if (outer.length && inner.length) found.push(`${type} of ${outer.join(', ')} with ${inner.join(', ')}`);
      else if (type === 'Nested Loop' && inner.length && (node.Plans[0]['Plan Rows'] ?? 0) > 1) {
        found.push(`Nested Loop searching ${inner.join(', ')} for each of ${node.Plans[0]['Plan Rows']} rows`);
      }
    }
    node.Plans?.forEach(visit);
  };
  visit(root);
  return found;
}

const byTagKind = (a: { tag: string; kind: string }, b: { tag: string; kind: string }) =>
  a.tag === b.tag ? a.kind.localeCompare(b.kind) : a.tag.localeCompare(b.tag);

describe('abnormal-alarm detection from the stored facts', { timeout: SLOW * 4 }, () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, SLOW);
  afterAll(() => database?.close());

  const records = () =>
    queryRows<{ tag: string; condition: string; kind: string; firstSeen: number; lastSeen: number; count: number }>(
      database.db,
      sql`select p.tag, p.condition, a.kind, (extract(epoch from a.first_seen) * 1000)::float8 as "firstSeen",
            (extract(epoch from a.last_seen) * 1000)::float8 as "lastSeen", a.count
          from abnormal_alarms a join alarm_points p on p.id = a.point_id order by p.tag, a.kind`,
    );

  // Odd seeds: appended in three sessions (the replay goes on from the stored state, numbering the
  // annunciations on); even: the later half first, then the older half (the points are replayed afresh).
  for (const seed of [1, 2, 3, 4]) {
    it(`equals the engine over the whole journal, seed ${seed}`, async () => {
      await clear(database);
      const journal = badActorJournal(seed);
      const third = Math.floor(journal.length / 3);
      const half = Math.floor(journal.length / 2);
      const parts =
        seed % 2
          ? [journal.slice(0, third), journal.slice(third, 2 * third), journal.slice(2 * third)]
          : [journal.slice(half), journal.slice(0, half)];
      await ingest(database, parts);

      // The engine's order: time, then journal order — the order the stored ids follow within a point.
      const events: JournalEvent[] = parts
        .flat()
        .map((row, index) => ({ ...row, index, priority: row.priority ?? 'low' }))
        .sort((a, b) => a.time - b.time || a.index - b.index);
      const expected = detectAbnormal(
        events,
        { from: events[0].time, to: events[events.length - 1].time + 1 },
        {},
        { timeZone: TIME_ZONE },
      );
      const kinds = new Set(expected.map((finding) => finding.kind));
      expect([...kinds].sort()).toEqual(['chattering', 'fleeting', 'floodContributor', 'frequent', 'standing']);
      // Records left open by earlier sessions describe the journal as it was then: start from none. Detection of
      // every point joins what the sessions settled (points replayed afresh settled anew); on demand, it reads all.
      const pointIds = (await queryRows<{ id: number }>(database.db, sql`select id from alarm_points`)).map(
        (row) => row.id,
      );
      for (const named of [pointIds, undefined]) {
        await database.db.execute(sql`delete from abnormal_alarms`);
        await createDetectionRepository(database.db).detect(TIME_ZONE, named);
        expect(await records()).toEqual([...expected].sort(byTagKind));
      }
    });
  }

  // Appended in six to ten sessions cut at random rows: each session's detection keeps what it settled of its
  // points and its console's floods (point_detection_facts, console_flood_facts) and the next reads only what came
  // after. Each session finds, for its points and its console's floods, what the engine finds over the journal so far.
  for (const seed of [5, 6, 7, 8, 9, 10]) {
    it(`joins what earlier detections settled with what came after, seed ${seed}`, async () => {
      await clear(database);
      const journal = badActorJournal(seed);
      const rng = createRng(seed * 7919);
      // One cut between a fleeting annunciation's acknowledgement and its return, one inside the first flood.
      const fleeting = journal.findIndex((row) => row.tag === 'FT' && row.event === 'RTN');
      const inFlood = journal.indexOf(journal.filter((row) => row.tag.startsWith('FL'))[50]);
      const cuts = [
        inFlood,
        fleeting,
        ...Array.from({ length: 5 + Math.floor(rng() * 5) }, () => Math.floor(rng() * journal.length)),
      ].sort((a, b) => a - b);
      const parts = [0, ...cuts]
        .map((start, i) => journal.slice(start, cuts[i] ?? journal.length))
        .filter((part) => part.length);
      let imported = 0;
      for (const part of parts) {
        await database.db.execute(sql`delete from abnormal_alarms`);
        await ingest(database, [part]);
        imported += part.length;
        const events: JournalEvent[] = journal
          .slice(0, imported)
          .map((row, index) => ({ ...row, index, priority: row.priority ?? 'low' }));
        const tags = new Set(part.map((row) => row.tag));
        const last = events[events.length - 1].time;
        const expected = detectAbnormal(events, { from: events[0].time, to: last + 1 }, {}, { timeZone: TIME_ZONE })
          .filter((finding) => finding.kind !== 'floodContributor' && tags.has(finding.tag))
          .concat(
            // A flood still under way ends with the last 10-minute bucket, whole, as the stored loads have it.
            detectAbnormal(
              events,
              { from: events[0].time, to: Math.ceil((last + 1) / (10 * MINUTE)) * 10 * MINUTE },
              {},
              {
                timeZone: TIME_ZONE,
                enabled: {
                  floodContributor: true,
                  chattering: false,
                  fleeting: false,
                  standing: false,
                  frequent: false,
                },
              },
            ),
          );
        expect(await records()).toEqual(expected.sort(byTagKind));
      }
      // Over the whole journal (it ends quietly, no flood open), flood contributors joined from the settled floods too.
      const events: JournalEvent[] = journal.map((row, index) => ({ ...row, index, priority: row.priority ?? 'low' }));
      const expected = detectAbnormal(
        events,
        { from: events[0].time, to: events[events.length - 1].time + 1 },
        {},
        { timeZone: TIME_ZONE },
      );
      const pointIds = (await queryRows<{ id: number }>(database.db, sql`select id from alarm_points`)).map(
        (row) => row.id,
      );
      await database.db.execute(sql`delete from abnormal_alarms`);
      await createDetectionRepository(database.db).detect(TIME_ZONE, pointIds);
      expect(await records()).toEqual(expected.sort(byTagKind));
      const [settled] = await queryRows<{ runs: number; activations: number }>(
        database.db,
        sql`select sum(chatter_count)::int as runs, sum(standing_count)::int as activations from point_detection_facts`,
      );
      expect(settled.runs).toBeGreaterThan(0);
      expect(settled.activations).toBeGreaterThan(0);
      const [floods] = await queryRows<{ contributors: number }>(
        database.db,
        sql`select sum(jsonb_array_length(contributors))::int as contributors from console_flood_facts`,
      );
      expect(floods.contributors).toBeGreaterThan(0);
    });
  }

  it('does the same work for a point with 10 times as many annunciations, without nested loops over the journal', async () => {
    const statementsFor = async (alarms: number) => {
      await clear(database);
      await ingest(database, [chatteringPoint(alarms)]);
      const statements: SQL[] = [];
      const { findings } = await createDetectionRepository(recording(database.db, statements)).detect(TIME_ZONE);
      return { statements, findings };
    };
    const few = await statementsFor(400);
    const many = await statementsFor(4000);
    // Chattering, frequent and flood contributor at both sizes.
    expect(few.findings).toBe(3);
    expect(many.findings).toBe(3);
    expect(many.statements.length).toBe(few.statements.length);
    // A statement per query of the detection, the kept facts (point_detection_facts, console_flood_facts) written
    // once each.
    expect(many.statements.length).toBeLessThanOrEqual(15);

    const joins: string[] = [];
    for (const statement of many.statements) {
      const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(database.db, sql`explain (format json) ${statement}`);
      const plan = row['QUERY PLAN'];
      const [root] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
      joins.push(...quadraticJoins(root.Plan));
    }
    expect(joins).toEqual([]);
  });
});
