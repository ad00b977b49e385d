/**
 * The journal in monthly partitions on PostgreSQL (docs/scale.md): partitions ahead of time, old months given their
 * own, a point's latest event read newest month first, the retention dropping months while the boards still answer
 * from the rollups, an import refreshing the statistics of the months it wrote only, and the one-time conversion of a
 * plain journal.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../server/db';
import { maintainPartitions, monthStart, partitionName } from '../../server/db/partitions';
import { queryRows } from '../../server/repositories/raw-sql';
import { build, multipartFile, openTestDatabase, SLOW, type TestApp, type TestUser } from './helpers';

const count = async (db: Executor, table: string) =>
  (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n;

const partitions = async (db: Executor, table: string) =>
  (
    await queryRows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = ${table}::regclass order by 1`,
    )
  ).map((row) => row.name);

const kind = async (db: Executor, table: string) =>
  (
    await queryRows<{ kind: string }>(
      db,
      sql`select relkind::text as kind from pg_class where oid = ${table}::regclass`,
    )
  )[0].kind;

/** Imports `content` as a journal file over HTTP, as `user`; what the import answers. */
async function importJournal(t: TestApp, user: TestUser, content: string) {
  const { payload, headers } = multipartFile(content, 'journal.csv');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/alarm/mock/import',
    payload,
    headers: { ...headers, ...user.authorization },
  });
  return response.json().data as { imported: number; duplicates: number };
}

/** A chattering point and a quiet one, in March 2025. */
const MARCH = [
  'Time,TAG,Condition,Event,Console',
  ...Array.from({ length: 6 }, (_, i) => [
    `2025-03-01 08:00:${String(i * 5).padStart(2, '0')},PI-1,PVHI,ALM,一号操作台`,
    `2025-03-01 08:00:${String(i * 5 + 2).padStart(2, '0')},PI-1,PVHI,RTN,一号操作台`,
  ]).flat(),
  '2025-03-10 12:00:00,PI-2,PVLO,ALM,一号操作台',
].join('\n');

describe('the journal in monthly partitions', { timeout: SLOW }, () => {
  let t: TestApp;
  let engineer: TestUser;

  beforeAll(async () => {
    t = await build();
    engineer = await t.createUser({ permissions: ['alarm-mock-view', 'alarm-board-over-view'] });
  }, SLOW);
  afterAll(() => t?.close());

  const upload = () => importJournal(t, engineer, MARCH);
  const summary = async () =>
    (
      await t.app.inject({
        url: '/api/kpi/summary?from=2025-03-01T00:00:00.000Z&to=2025-04-01T00:00:00.000Z',
        headers: engineer.authorization,
      })
    ).json().data;

  it('partitions events and episodes by month, the current one and three ahead, between two catch-alls', async () => {
    const now = Date.now();
    for (const table of ['alarm_events', 'alarm_episodes']) {
      expect(await kind(t.database.db, table)).toBe('p');
      expect(await partitions(t.database.db, table)).toEqual(
        expect.arrayContaining([
          `${table}_before`,
          `${table}_after`,
          ...[0, 1, 2, 3].map((ahead) => partitionName(table, monthStart(now, ahead))),
        ]),
      );
    }
  });

  it('gives an old month a partition of its own, and the months after it, keeping the duplicate rule', async () => {
    expect(await upload()).toMatchObject({ imported: 13, duplicates: 0 });
    expect(await count(t.database.db, 'alarm_events_before')).toBe(13);

    const report = await maintainPartitions(t.database.db);
    expect(report.created).toEqual(
      expect.arrayContaining(['alarm_events_p202503', 'alarm_events_p202504', 'alarm_episodes_p202503']),
    );
    expect(await count(t.database.db, 'alarm_events_before')).toBe(0);
    expect(await count(t.database.db, 'alarm_events_p202503')).toBe(13);
    expect(await count(t.database.db, 'alarm_episodes_p202503')).toBeGreaterThan(0);

    expect(await upload()).toMatchObject({ imported: 0, duplicates: 13 });
  });

  it("reads a point's latest event from the newest months first, stopping at the first that has one", async () => {
    // The plan the tables of a large journal get (these few rows would rather be sorted in memory).
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain (analyze, costs off) select time from alarm_events
            where point_id = (select id from alarm_points where tag = 'PI-1') and event = 'ALM'
            order by time desc limit 1`,
      );
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).not.toContain('Merge Append');
    expect(text).toMatch(/Index Only Scan Backward using \S+ on alarm_events_before .*\(never executed\)/);
  });

  it('drops the months before the retention, while the boards still answer from the rollups', async () => {
    const before = await summary();
    expect(before.annunciations).toBe(7);

    const report = await maintainPartitions(t.database.db, { retentionMonths: 12 });
    expect(report.dropped).toEqual(expect.arrayContaining(['alarm_events_p202503', 'alarm_episodes_p202503']));
    expect(await partitions(t.database.db, 'alarm_events')).not.toContain('alarm_events_p202503');
    expect(await count(t.database.db, 'alarm_events')).toBe(0);
    expect(await count(t.database.db, 'alarm_load_10m')).toBeGreaterThan(0);

    const after = await summary();
    // Rates, peaks, top 10 and priorities come from the rollups; chattering and fleeting runs went with the month.
    const fromRollups = ({ annunciations, avgPer10Min, peak10Min, top10, priorityDistribution }: typeof before) => ({
      annunciations,
      avgPer10Min,
      peak10Min,
      top10,
      priorityDistribution,
    });
    expect(fromRollups(after)).toEqual(fromRollups(before));

    // A month older than the retention is not given a partition again: it is deleted from the catch-all.
    expect(await upload()).toMatchObject({ imported: 13 });
    const again = await maintainPartitions(t.database.db, { retentionMonths: 12 });
    expect(again.created).not.toContain('alarm_events_p202503');
    expect(again.deleted).toBeGreaterThanOrEqual(13);
    expect(await count(t.database.db, 'alarm_events')).toBe(0);
  });
});

/** `pairs` ALM/RTN pairs of PI-3 in the month, a minute apart: enough rows for the import to refresh statistics. */
const monthOf = (month: string, pairs: number) =>
  [
    'Time,TAG,Condition,Event,Console',
    ...Array.from({ length: pairs }, (_, i) => {
      const at = `${month}-02 ${String(Math.floor(i / 30)).padStart(2, '0')}:${String((i % 30) * 2).padStart(2, '0')}`;
      return [`${at}:00,PI-3,PVHI,ALM,一号操作台`, `${at}:30,PI-3,PVHI,RTN,一号操作台`];
    }).flat(),
  ].join('\n');

describe('planner statistics after an import', { timeout: SLOW }, () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('are refreshed for the months the import wrote, not for every month of the journal', async () => {
    t = await build();
    const engineer = await t.createUser({ permissions: ['alarm-mock-view'] });
    const upload = (content: string) => importJournal(t, engineer, content);
    const analyses = async () =>
      new Map(
        (
          await queryRows<{ name: string; n: number }>(
            t.database.db,
            sql`select relname as name, analyze_count::int as n from pg_stat_user_tables where relname like 'alarm_events_%'`,
          )
        ).map((row) => [row.name, row.n]),
      );

    expect(await upload(monthOf('2025-03', 40))).toMatchObject({ imported: 80 });
    await maintainPartitions(t.database.db);
    const before = await analyses();
    expect(await upload(monthOf('2025-04', 40))).toMatchObject({ imported: 80 });
    const after = await analyses();
    expect(after.get('alarm_events_p202504')).toBe((before.get('alarm_events_p202504') ?? 0) + 1);
    expect(after.get('alarm_events_before')).toBe((before.get('alarm_events_before') ?? 0) + 1);
    expect(after.get('alarm_events_p202503')).toBe(before.get('alarm_events_p202503'));
    expect(after.get('alarm_events_p202505')).toBe(before.get('alarm_events_p202505'));
  });
});

describe('an existing plain journal', { timeout: SLOW }, () => {
  it('is turned into monthly partitions once, keeping its rows, keys, indexes and ids', async () => {
    // Migrated only: the tables as the migrations leave them, before any node maintained them.
    const database = await openTestDatabase();
    const { db } = database;
    try {
      expect(await kind(db, 'alarm_events')).toBe('r');
      await db.execute(sql`
        insert into alarm_events (time, point_id, event, priority, console_id, source)
        select timestamptz '2025-01-15T00:00:00Z' + make_interval(days => n * 20), n, 'ALM', 'high', 1, 'import'
        from generate_series(1, 5) n`);
      const [{ max }] = await queryRows<{ max: number }>(db, sql`select max(id)::int as max from alarm_events`);

      await maintainPartitions(db);
      expect(await kind(db, 'alarm_events')).toBe('p');
      expect(await count(db, 'alarm_events')).toBe(5);
      expect(await count(db, 'alarm_events_before')).toBe(0);
      expect(await partitions(db, 'alarm_events')).toEqual(
        expect.arrayContaining(['alarm_events_p202502', 'alarm_events_p202503', 'alarm_events_p202504']),
      );
      const keys = await queryRows<{ definition: string }>(
        db,
        sql`select pg_get_constraintdef(oid) as definition from pg_constraint
            where conrelid = 'alarm_events'::regclass and contype = 'p'`,
      );
      expect(keys).toEqual([{ definition: 'PRIMARY KEY (id, "time")' }]);
      const indexes = await queryRows<{ name: string }>(
        db,
        sql`select indexrelid::regclass::text as name from pg_index where indrelid = 'alarm_events'::regclass order by 1`,
      );
      expect(indexes.map((index) => index.name)).toEqual([
        'alarm_events_batch_idx',
        'alarm_events_counted_time_idx',
        'alarm_events_pkey',
        'alarm_events_point_time_event_idx',
      ]);

      const [added] = await queryRows<{ id: number }>(
        db,
        sql`insert into alarm_events (time, point_id, event, priority, console_id, source)
            values (now(), 99, 'ALM', 'low', 1, 'import') returning id::int`,
      );
      expect(added.id).toBeGreaterThan(max);
      await expect(
        db.execute(sql`insert into alarm_events (time, point_id, event, priority, console_id, source)
                       values ('2025-02-04T00:00:00Z', 1, 'ALM', 'low', 1, 'import')`),
      ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
      // Once: a second run finds the tables partitioned.
      await maintainPartitions(db);
      expect(await count(db, 'alarm_events')).toBe(6);
    } finally {
      await database.close();
    }
  });
});
