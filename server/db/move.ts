/**
 * `npm run db:move`: copies the embedded database of DATA_DIR into an empty PostgreSQL database (README,
 * 「从内置数据库迁移到 PostgreSQL」). All or nothing: the target is migrated first (an empty, migrated schema
 * counts as empty, so a failed move can simply be run again), then every table is copied, every sequence set
 * and every table verified in ONE transaction on the target, which commits only when the row counts and
 * checksums of all tables match the source's.
 *
 * Tables are read from the embedded database by `COPY … TO` in runs of heap pages (a TID range, so no sort
 * and no offset) and streamed into PostgreSQL's `COPY … FROM STDIN` in the text format, byte for byte.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { queryRows } from '../repositories/raw-sql';
import { copyToBytes, type Database, openDatabase } from '.';
import { maintainPartitions } from './partitions';

/** Heap pages (8 KB each) read by one COPY from the embedded database: at most 16 MB of table per run. */
const PAGE_RUN = 2048;

export interface MovedTable {
  table: string;
  rows: number;
  /** Order-independent sum of the rows' md5 digests, the same on both sides. */
  checksum: string;
}

export interface MoveReport {
  tables: MovedTable[];
  sequences: number;
}

interface SourceTable {
  name: string;
  columns: string[];
  /** Tables its foreign keys point to: copied before it. */
  needs: string[];
  blocks: number;
}

export class MoveRefusedError extends Error {
  override name = 'MoveRefusedError';
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const columnList = (table: SourceTable) => table.columns.map(ident).join(', ');

/** The same text for the same row on both engines: UTC timestamps, and digests summed as numbers. */
const checksumSql = (table: SourceTable) =>
  `select count(*)::text as rows,
     coalesce(sum(('x' || left(md5(row(${columnList(table)})::text), 15))::bit(60)::bigint::numeric), 0)::text
       as checksum
   from ${ident(table.name)}`;

async function sourceTables(db: Database): Promise<SourceTable[]> {
  const rows = await queryRows<SourceTable>(
    db,
    sql`select c.relname as name,
          array(select a.attname::text from pg_attribute a
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                order by a.attnum) as columns,
          array(select distinct r.relname::text from pg_constraint k join pg_class r on r.oid = k.confrelid
                where k.conrelid = c.oid and k.contype = 'f' and k.confrelid <> c.oid) as needs,
          (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as blocks
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
        order by c.relname`,
  );
  return dependencyOrder(rows);
}

/** Tables ordered so that a table comes after those its foreign keys name. */
export function dependencyOrder<T extends { name: string; needs: string[] }>(tables: T[]): T[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: T[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: T) => {
    if (placed.has(table.name) || visiting.has(table.name)) return;
    visiting.add(table.name);
    for (const need of table.needs) {
      const needed = byName.get(need);
      if (needed) place(needed);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) place(table);
  return ordered;
}

interface SourceSequence {
  sequence: string;
  table: string;
  column: string;
  lastValue: string;
  isCalled: boolean;
}

async function sourceSequences(db: Database): Promise<SourceSequence[]> {
  const owned = await queryRows<Omit<SourceSequence, 'lastValue' | 'isCalled'>>(
    db,
    sql`select s.relname as sequence, t.relname as table, a.attname as column
        from pg_class s
        join pg_namespace n on n.oid = s.relnamespace
        join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
        join pg_class t on t.oid = d.refobjid
        join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where s.relkind = 'S' and n.nspname = 'public'
        order by s.relname`,
  );
  const sequences: SourceSequence[] = [];
  for (const entry of owned) {
    const [state] = await queryRows<{ lastValue: string; isCalled: boolean }>(
      db,
      sql.raw(`select last_value::text as "lastValue", is_called as "isCalled" from ${ident(entry.sequence)}`),
    );
    sequences.push({ ...entry, ...state });
  }
  return sequences;
}

/** Refuses a target any of whose tables holds a row. */
async function assertEmpty(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
  );
  for (const { name } of rows) {
    const { rows: any } = await client.query(`select 1 from ${ident(name)} limit 1`);
    if (any.length) {
      throw new MoveRefusedError(
        `目标数据库不是空的：表 ${name} 已有数据。db:move 只迁入空的 PostgreSQL 数据库，请新建一个数据库（createdb）后再试。`,
      );
    }
  }
}

/** The pages of one embedded table, one COPY per run of heap pages. */
async function* tablePages(db: Database, table: SourceTable): AsyncGenerator<Uint8Array> {
  for (let first = 0; first < table.blocks; first += PAGE_RUN) {
    const bytes = await copyToBytes(
      db,
      `copy (select ${columnList(table)} from ${ident(table.name)}
             where ctid >= '(${first},0)'::tid and ctid < '(${first + PAGE_RUN},0)'::tid) to '/dev/blob'`,
    );
    if (bytes.length) yield bytes;
  }
}

export interface MoveOptions {
  dataDir: string;
  targetUrl: string;
  /** Hears each table once it is copied. */
  progress?: (table: MovedTable) => void;
}

export async function moveEmbeddedDatabase({ dataDir, targetUrl, progress }: MoveOptions): Promise<MoveReport> {
  if (!fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    throw new MoveRefusedError(`数据目录 ${dataDir} 中没有内置数据库：请用 DATA_DIR 指向服务器使用的数据目录。`);
  }
  const probe = new pg.Client({ connectionString: targetUrl });
  await probe.connect();
  try {
    await assertEmpty(probe);
  } finally {
    await probe.end();
  }
  // Takes the data directory's lock (a running server refuses the move) and brings both to the same migrations.
  const source = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    const target = await openDatabase({ dataDir, databaseUrl: targetUrl });
    try {
      // The journal's months get their partitions before the rows arrive (not the default partition).
      const [span] = await queryRows<{ from: number | null; to: number | null }>(
        source.db,
        sql`select (extract(epoch from least((select min(time) from alarm_events),
                                              (select min(start_time) from alarm_episodes))) * 1000)::float8 as "from",
                   (extract(epoch from greatest((select max(time) from alarm_events),
                                                (select max(start_time) from alarm_episodes))) * 1000)::float8 as "to"`,
      );
      const cover = span.from === null || span.to === null ? undefined : { from: span.from, to: span.to };
      await maintainPartitions(target.db, { cover });
    } finally {
      await target.close();
    }
    await source.db.execute(sql`set timezone to 'UTC'`);
    const tables = await sourceTables(source.db);
    const sequences = await sourceSequences(source.db);

    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    try {
      await client.query(`set timezone to 'UTC'`);
      await client.query('begin');
      await assertEmpty(client);
      // Rows arrive as the source holds them: triggers that derive one table from another (the episode marks)
      // would otherwise write what is copied after them, or again what was copied before.
      const triggers = async (verb: 'disable' | 'enable') => {
        for (const table of tables) await client.query(`alter table ${ident(table.name)} ${verb} trigger user`);
      };
      await triggers('disable');
      const moved: MovedTable[] = [];
      for (const table of tables) {
        await pipeline(
          Readable.from(tablePages(source.db, table)),
          client.query(copyFrom(`copy ${ident(table.name)} (${columnList(table)}) from stdin`)),
        );
        const [expected] = await queryRows<Omit<MovedTable, 'table'>>(source.db, sql.raw(checksumSql(table)));
        const { rows } = await client.query<Omit<MovedTable, 'table'>>(checksumSql(table));
        const [found] = rows;
        if (found.rows !== expected.rows || found.checksum !== expected.checksum) {
          throw new Error(
            `表 ${table.name} 校验不一致：内置数据库 ${expected.rows} 行（校验和 ${expected.checksum}），` +
              `PostgreSQL ${found.rows} 行（校验和 ${found.checksum}）；已全部回滚。`,
          );
        }
        const entry = { table: table.name, rows: Number(expected.rows), checksum: expected.checksum };
        moved.push(entry);
        progress?.(entry);
      }
      await triggers('enable');
      for (const entry of sequences) {
        // Past both the source's position and the largest id copied, whichever is further.
        await client.query(
          `select setval($1::regclass, greatest($2::bigint, (select max(${ident(entry.column)}) from ${ident(entry.table)})),
                         true)
           where $3 or exists (select 1 from ${ident(entry.table)})`,
          [ident(entry.sequence), entry.lastValue, entry.isCalled],
        );
      }
      await client.query('commit');
      return { tables: moved, sequences: sequences.length };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      await client.end();
    }
  } finally {
    await source.close();
  }
}
