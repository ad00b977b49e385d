/**
 * The journal in monthly partitions on PostgreSQL (docs/scale.md). The migrations create `alarm_events` and
 * `alarm_episodes` as plain tables on both engines; on PostgreSQL, the step after them turns each into a table
 * partitioned by month of its time (`time`, `start_time`), once, keeping its rows, indexes and id sequence. The
 * embedded database keeps the plain tables.
 *
 * Layout: one partition per month over a run of months without gaps, and two catch-alls, `…_before` (every time
 * before the first month) and `…_after` (every time after the last), so that any row has a place. They are range
 * partitions, not a DEFAULT one: with a default partition PostgreSQL cannot read the partitions in time order, and
 * "a point's latest event" (`order by time desc limit 1`, 系统运行看板, the library) would touch every month instead
 * of stopping at the newest that has one.
 *
 * Maintenance (at start-up and every day, `maintainPartitions`):
 * - the months run from the first that holds rows (at most ten years back) to three months ahead of the current
 *   one; a catch-all holding rows of a month that should have its own (an import of an old journal) is split;
 * - with a retention (JOURNAL_RETENTION_MONTHS), the months before it are dropped whole — a partition dropped is
 *   no row deleted, no vacuum — while the 10-minute and daily rollups, which the boards read, are kept;
 * - the parents' planner statistics are refreshed: autovacuum analyzes the partitions but never their parents.
 *
 * The triggers of a table move to its partitioned parent: statement triggers there see the rows of every partition
 * a statement touched. Dropping a month fires none: the episode marks of its days stay, as the rollups do.
 *
 * The partition key is part of every unique key: the events' primary key is (id, time) and their duplicate rule
 * (point, time, event) holds as before; the episodes' key (point, kind, start) already holds it.
 */
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../repositories/raw-sql';
import { type Database, type Executor, JOURNAL_LOCK_CLASS, lockJournalWrites } from '.';

export interface PartitionedTable {
  table: string;
  key: string;
  primaryKey: string[];
}

export const PARTITIONED_TABLES: readonly PartitionedTable[] = [
  { table: 'alarm_events', key: 'time', primaryKey: ['id', 'time'] },
  { table: 'alarm_episodes', key: 'start_time', primaryKey: ['point_id', 'kind', 'start_time'] },
];

/** Months created ahead of the current one. */
const MONTHS_AHEAD = 3;
/** Rows in the default partition older than this many months stay there (a hostile journal may date to 1900). */
const MONTHS_BACK = 120;

const MONTH_NAME = /_p(\d{4})(\d{2})$/;

/** Start of the UTC month of `ms`, `months` later. */
export function monthStart(ms: number, months = 0): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
}

export function partitionName(table: string, month: number): string {
  const date = new Date(month);
  return `${table}_p${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month a partition's name holds, or undefined for the default partition. */
export function partitionMonth(name: string): number | undefined {
  const match = MONTH_NAME.exec(name);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, 1) : undefined;
}

/** The months of [from, to], each as its start. */
export function monthsBetween(from: number, to: number): number[] {
  const months: number[] = [];
  for (let month = monthStart(from); month <= to; month = monthStart(month, 1)) months.push(month);
  return months;
}

/** The first month kept when `retentionMonths` months are kept besides the current one. */
export function retentionCutoff(now: number, retentionMonths: number): number {
  return monthStart(now, -retentionMonths);
}

const ident = (name: string) => sql.identifier(name);
const literal = (ms: number) => sql.raw(`'${new Date(ms).toISOString()}'`);

async function isPartitioned(tx: Executor, table: string): Promise<boolean> {
  const [row] = await queryRows<{ kind: string }>(
    tx,
    sql`select relkind::text as kind from pg_class where oid = ${`public.${table}`}::regclass`,
  );
  return row.kind === 'p';
}

async function partitionsOf(tx: Executor, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = ${`public.${table}`}::regclass order by 1`,
  );
  return rows.map((row) => row.name);
}

/**
 * Refreshes the planner statistics of `table` after a write of rows timed within `written` (epoch ms), as autovacuum
 * would once it saw the commit. On a partitioned table, the partitions of those months and the catch-alls, not the
 * parent: analyzing it samples every month and recurses into each, a cost that grows with the journal (0.7 → 5.8 s
 * an import over a 10 M year). The parent is analyzed only before its first statistics (the first import); the
 * maintenance refreshes it every day.
 */
export async function analyzeWritten(tx: Executor, table: string, written: { from: number; to: number }) {
  const [parent] = await queryRows<{ partitioned: boolean; analyzed: boolean }>(
    tx,
    sql`select relkind = 'p' as partitioned, reltuples >= 0 as analyzed from pg_class where oid = ${`public.${table}`}::regclass`,
  );
  if (!parent.partitioned || !parent.analyzed) {
    await tx.execute(sql`analyze ${ident(table)}`);
    return;
  }
  const first = monthStart(written.from);
  for (const name of await partitionsOf(tx, table)) {
    const month = partitionMonth(name);
    if (month === undefined || (month >= first && month <= written.to)) await tx.execute(sql`analyze ${ident(name)}`);
  }
}

/** Months (starts) holding rows in `from`, a table or partition, within [lo, hi). */
async function monthsHeld(tx: Executor, from: string, key: string, lo: number, hi: number): Promise<number[]> {
  const rows = await queryRows<{ month: number }>(
    tx,
    sql`select distinct (extract(epoch from date_trunc('month', ${ident(key)}, 'UTC')) * 1000)::float8 as month
        from ${ident(from)} where ${ident(key)} >= ${literal(lo)} and ${ident(key)} < ${literal(hi)}`,
  );
  return rows.map((row) => row.month).sort((a, b) => a - b);
}

type CatchAll = 'before' | 'after';

const catchAllOf = (table: string, side: CatchAll) => `${table}_${side}`;

async function createMonths(tx: Executor, table: string, months: number[]): Promise<string[]> {
  const names: string[] = [];
  for (const month of months) {
    const name = partitionName(table, month);
    await tx.execute(
      sql`create table ${ident(name)} partition of ${ident(table)}
          for values from (${literal(month)}) to (${literal(monthStart(month, 1))})`,
    );
    names.push(name);
  }
  return names;
}

/**
 * Creates the catch-all of `side`, bounded by `bound` (the first month for `before`, the end of the last for
 * `after`), and `months` between it and the monthly partitions. A catch-all already there is detached first and its
 * rows routed again through the parent: those of the new months land in theirs.
 */
async function rebuildCatchAll(
  tx: Executor,
  table: string,
  side: CatchAll,
  bound: number,
  months: number[],
): Promise<string[]> {
  const name = catchAllOf(table, side);
  const old = `${name}_old`;
  const [{ present }] = await queryRows<{ present: boolean }>(
    tx,
    sql`select to_regclass(${`public.${name}`}) is not null as present`,
  );
  if (present) {
    await tx.execute(sql`alter table ${ident(table)} detach partition ${ident(name)}`);
    await tx.execute(sql`alter table ${ident(name)} rename to ${ident(old)}`);
  }
  const created = await createMonths(tx, table, months);
  const range =
    side === 'before' ? sql`from (minvalue) to (${literal(bound)})` : sql`from (${literal(bound)}) to (maxvalue)`;
  await tx.execute(sql`create table ${ident(name)} partition of ${ident(table)} for values ${range}`);
  if (present) {
    await tx.execute(sql`insert into ${ident(table)} select * from ${ident(old)}`);
    await tx.execute(sql`drop table ${ident(old)}`);
  }
  return created;
}

async function statements(tx: Executor, query: SQL): Promise<string[]> {
  return (await queryRows<{ statement: string }>(tx, query)).map((row) => row.statement);
}

/** Turns the plain table into a partitioned one with the same columns, rows, indexes and id sequence. */
async function convert(tx: Executor, spec: PartitionedTable, now: number): Promise<void> {
  const { table, key, primaryKey } = spec;
  const single = `${table}_single`;
  const regclass = `public.${table}`;
  const indexes = await statements(
    tx,
    sql`select pg_get_indexdef(indexrelid) as statement from pg_index
        where indrelid = ${regclass}::regclass and not indisprimary order by indexrelid`,
  );
  const [primary] = await queryRows<{ name: string }>(
    tx,
    sql`select conname as name from pg_constraint where conrelid = ${regclass}::regclass and contype = 'p'`,
  );
  const owned = await queryRows<{ sequence: string; column: string }>(
    tx,
    sql`select s.relname as sequence, a.attname as column from pg_depend d
        join pg_class s on s.oid = d.objid and s.relkind = 'S'
        join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
        where d.refobjid = ${regclass}::regclass and d.deptype = 'a'`,
  );
  // Triggers (the episode marks' rollup) are not carried by `like`: recreated on the new table once its rows are in.
  const triggers = await statements(
    tx,
    sql`select pg_get_triggerdef(oid) as statement from pg_trigger
        where tgrelid = ${regclass}::regclass and not tgisinternal order by tgname`,
  );
  // The old indexes' names are taken again by the new table; rows are copied faster without them.
  for (const name of await statements(
    tx,
    sql`select indexrelid::regclass::text as statement from pg_index
        where indrelid = ${regclass}::regclass and not indisprimary`,
  )) {
    await tx.execute(sql`drop index ${sql.raw(name)}`);
  }
  await tx.execute(sql`alter table ${ident(table)} drop constraint ${ident(primary.name)}`);
  await tx.execute(sql`alter table ${ident(table)} rename to ${ident(single)}`);
  await tx.execute(
    sql`create table ${ident(table)} (like ${ident(single)} including defaults including constraints)
        partition by range (${ident(key)})`,
  );
  const held = await monthsHeld(tx, single, key, monthStart(now, -MONTHS_BACK), monthStart(now, MONTHS_AHEAD + 1));
  const first = Math.min(monthStart(now), ...held);
  const last = monthStart(now, MONTHS_AHEAD);
  await createMonths(tx, table, monthsBetween(first, last));
  await rebuildCatchAll(tx, table, 'before', first, []);
  await rebuildCatchAll(tx, table, 'after', monthStart(last, 1), []);
  await tx.execute(sql`insert into ${ident(table)} select * from ${ident(single)}`);
  await tx.execute(
    sql`alter table ${ident(table)} add constraint ${ident(primary.name)}
        primary key (${sql.join(primaryKey.map(ident), sql`, `)})`,
  );
  for (const statement of indexes) await tx.execute(sql.raw(statement));
  for (const statement of triggers) await tx.execute(sql.raw(statement));
  for (const { sequence, column } of owned) {
    await tx.execute(sql`alter sequence ${ident(sequence)} owned by ${ident(table)}.${ident(column)}`);
  }
  await tx.execute(sql`drop table ${ident(single)}`);
}

/** One table's maintenance (see maintainPartitions), on a partitioned table. */
async function maintainTable(
  tx: Executor,
  { table, key }: PartitionedTable,
  now: number,
  retentionMonths: number | undefined,
  cover: PartitionMaintenance['cover'],
): Promise<MaintenanceReport> {
  const report: MaintenanceReport = { created: [], dropped: [], deleted: 0 };
  const months = (await partitionsOf(tx, table))
    .map(partitionMonth)
    .filter((month): month is number => month !== undefined)
    .sort((a, b) => a - b);
  const first = months[0];
  const last = months[months.length - 1];
  const ahead = monthStart(now, MONTHS_AHEAD);
  const cutoff = retentionMonths === undefined ? undefined : retentionCutoff(now, retentionMonths);
  // Months before the retention are never given a partition again.
  const lowest = Math.max(monthStart(now, -MONTHS_BACK), cutoff ?? Number.NEGATIVE_INFINITY);
  const wanted = [
    ...monthsBetween(monthStart(now), ahead),
    ...(await monthsHeld(tx, catchAllOf(table, 'before'), key, lowest, first)),
    ...(await monthsHeld(tx, catchAllOf(table, 'after'), key, monthStart(last, 1), monthStart(ahead, 1))),
    ...(cover ? monthsBetween(Math.max(cover.from, lowest), Math.min(cover.to, ahead)) : []),
  ];
  const newFirst = Math.min(first, ...wanted);
  const newLast = Math.max(last, ...wanted);
  if (newFirst < first) {
    report.created.push(
      ...(await rebuildCatchAll(tx, table, 'before', newFirst, monthsBetween(newFirst, monthStart(first, -1)))),
    );
  }
  if (newLast > last) {
    report.created.push(
      ...(await rebuildCatchAll(
        tx,
        table,
        'after',
        monthStart(newLast, 1),
        monthsBetween(monthStart(last, 1), newLast),
      )),
    );
  }
  if (cutoff === undefined) return report;
  const before = catchAllOf(table, 'before');
  if (newFirst >= cutoff) {
    const [{ n }] = await queryRows<{ n: number }>(
      tx,
      sql`with gone as (delete from ${ident(before)} where ${ident(key)} < ${literal(cutoff)} returning 1)
          select count(*)::int as n from gone`,
    );
    report.deleted += n;
    return report;
  }
  // The months before the cutoff are dropped, and the catch-all before them, all older, replaced by an empty one.
  await tx.execute(sql`alter table ${ident(table)} detach partition ${ident(before)}`);
  const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${ident(before)}`);
  report.deleted += n;
  await tx.execute(sql`drop table ${ident(before)}`);
  for (const month of monthsBetween(newFirst, cutoff - 1)) {
    const name = partitionName(table, month);
    await tx.execute(sql`drop table ${ident(name)}`);
    report.dropped.push(name);
  }
  await rebuildCatchAll(tx, table, 'before', cutoff, []);
  return report;
}

export interface PartitionMaintenance {
  /** Months of raw journal kept besides the current one; unlimited when absent. */
  retentionMonths?: number;
  now?: number;
  /** Also creates the partitions of these months (a bulk load about to write them). */
  cover?: { from: number; to: number };
}

export interface MaintenanceReport {
  /** Partitions created, by name. */
  created: string[];
  /** Partitions dropped by the retention, by name. */
  dropped: string[];
  /** Rows of months before the retention deleted from the catch-all before the first month. */
  deleted: number;
}

/**
 * Partitions the journal (once), creates the months ahead and those a catch-all holds rows of, and drops the
 * months before the retention. Each table's work is one transaction holding the journal's lock
 * (`lockJournalWrites`), so it never runs beside an import, on any node; `wait: false` skips a table whose lock
 * is held (the next run catches up).
 */
export async function maintainPartitions(
  db: Database,
  { retentionMonths, now = Date.now(), cover }: PartitionMaintenance = {},
  { wait = true }: { wait?: boolean } = {},
): Promise<MaintenanceReport> {
  const report: MaintenanceReport = { created: [], dropped: [], deleted: 0 };
  for (const spec of PARTITIONED_TABLES) {
    await db.transaction(async (tx) => {
      if (wait) await lockJournalWrites(tx);
      else {
        const [{ locked }] = await queryRows<{ locked: boolean }>(
          tx,
          sql`select pg_try_advisory_xact_lock(${JOURNAL_LOCK_CLASS}::int, 0) as locked`,
        );
        if (!locked) return;
      }
      if (!(await isPartitioned(tx, spec.table))) await convert(tx, spec, now);
      const done = await maintainTable(tx, spec, now, retentionMonths, cover);
      report.created.push(...done.created);
      report.dropped.push(...done.dropped);
      report.deleted += done.deleted;
    });
  }
  // Autovacuum analyzes the partitions, never the parents the planner also needs figures of.
  for (const { table } of PARTITIONED_TABLES) await db.execute(sql`analyze ${ident(table)}`);
  return report;
}
