/**
 * Opens the one database: embedded PGlite persisted in DATA_DIR by default, a PostgreSQL server when
 * DATABASE_URL is set. Both get the same drizzle schema and migrations.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import { type AppConfig, MEMORY_DATA_DIR } from '../config';
import { projectPath } from '../paths';
import { lockDataDir } from './lock';
import { type ChangeNotices, localNotices, postgresNotices } from './notices';
import { PgliteThread, type ThreadQueryOptions } from './pglite-thread';

export { requestBegan } from './pglite-thread';

import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or a transaction in progress. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  db: Database;
  kind: DatabaseKind;
  /** Change notices shared by every node on this database (server/db/notices.ts); this node listens from now on. */
  listen(): Promise<ChangeNotices>;
  close(): Promise<void>;
  /**
   * PostgreSQL: takes the session-level advisory lock `(classId, id)` on a connection of its own, held until
   * released or until that connection dies (the process ended, the network failed); undefined when another session
   * holds it. Absent on the embedded database, which one process alone opens.
   */
  sessionLock?(classId: number, id: number): Promise<SessionLock | undefined>;
}

export interface SessionLock {
  /** Settles when the lock's connection failed: the lock is no longer held. */
  readonly lost: Promise<void>;
  release(): Promise<void>;
}

export interface OpenDatabaseOptions {
  migrationsFolder?: string;
  /** An in-memory embedded database starts as a copy of this dump (`PGlite.dumpDataDir`), skipping initdb. */
  pgliteTemplate?: Blob;
}

/** Any constant shared by every API node: they serialise their migrations on it. */
const MIGRATION_LOCK_KEY = 7_183_220_491;

/** The database thread behind each embedded database opened here. */
const embeddedThreads = new WeakMap<Executor, PgliteThread>();

/** The PostgreSQL pool behind each database opened here. */
const postgresPools = new WeakMap<Executor, pg.Pool>();

/** The connection of the PostgreSQL transaction begun by `copyingTransaction` whose work is running, if any. */
const postgresCopyClient = new AsyncLocalStorage<pg.PoolClient>();

/** Loads `data` into `target` (`table (columns)`) on the embedded transaction or database behind `executor`. */
function embeddedCopy(executor: Executor): ((target: string, data: Uint8Array) => Promise<unknown>) | undefined {
  if (executor instanceof PgTransaction) {
    const transaction = PgliteThread.runningTransaction();
    return transaction && ((target, data) => transaction.copy(`copy ${target} from '/dev/blob'`, data));
  }
  const thread = embeddedThreads.get(executor);
  return (
    thread &&
    ((target, data) => thread.query(`copy ${target} from '/dev/blob'`, [], { data } satisfies ThreadQueryOptions))
  );
}

/** Loads `data` into `target` through `COPY … FROM STDIN` on the connection of a `copyingTransaction`. */
function postgresCopy(executor: Executor): ((target: string, data: Uint8Array) => Promise<unknown>) | undefined {
  const client = executor instanceof PgTransaction ? postgresCopyClient.getStore() : undefined;
  return (
    client &&
    ((target, data) => pipeline(Readable.from([data]), client.query(copyFromStdin(`copy ${target} from stdin`))))
  );
}

/** Whether `executor` is the embedded database or one of its transactions. */
export function isEmbedded(executor: Executor): boolean {
  return embeddedCopy(executor) !== undefined;
}

/**
 * Whether `copyFromBytes` loads into this executor: the embedded database and its transactions, and on PostgreSQL a
 * transaction begun by `copyingTransaction` (node-postgres has COPY only on a connection it was handed).
 * Elsewhere callers use multi-row inserts.
 */
export function canCopy(executor: Executor): boolean {
  return isEmbedded(executor) || postgresCopy(executor) !== undefined;
}

/**
 * `db.transaction(work)`, where `work` may COPY into its transaction on either engine (see canCopy): on
 * PostgreSQL the transaction runs on a connection checked out of the pool here, which COPY then uses. On a
 * transaction already begun, a savepoint in it, as drizzle's own.
 */
export async function copyingTransaction<T>(db: Executor, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const pool = postgresPools.get(db);
  if (!pool) return db.transaction(work);
  const client = await pool.connect();
  try {
    const onClient = drizzlePg({ client, schema }) as Database;
    return await postgresCopyClient.run(client, () => onClient.transaction(work));
  } finally {
    client.release();
  }
}

/**
 * Runs `COPY target FROM …` with `data` (COPY text) as its input, on the executor's own transaction (see
 * canCopy); `target` is `table (columns)`. The bytes are handed over before this returns, so the caller may
 * reuse `data` at once.
 */
export async function copyFromBytes(executor: Executor, target: string, data: Uint8Array): Promise<void> {
  const copy = embeddedCopy(executor) ?? postgresCopy(executor);
  if (!copy) throw new Error('COPY needs the embedded database or a copyingTransaction on PostgreSQL');
  await copy(target, data);
}

/**
 * The output of `copySql` (a `COPY … TO '/dev/blob'`) on the embedded database, outside any transaction: how
 * `npm run db:move` reads its tables page by page.
 */
export async function copyToBytes(executor: Executor, copySql: string): Promise<Uint8Array> {
  const thread = embeddedThreads.get(executor);
  if (!thread) throw new Error('COPY TO is only read from the embedded database');
  const { blob } = await thread.query(copySql);
  return blob ? new Uint8Array(await blob.arrayBuffer()) : new Uint8Array();
}

/**
 * Lets plain reads of other requests run between the statements of `executor`, a transaction on the embedded
 * database, instead of after its end: they see its writes so far, and a read never waits behind more than one
 * of its statements (docs/architecture.md, "Reads during an import"). The transaction's statements must stay
 * short. On PostgreSQL, and outside a transaction, nothing to do: other connections read the last commit.
 */
export async function shareReads(executor: Executor): Promise<void> {
  if (executor instanceof PgTransaction) await PgliteThread.runningTransaction()?.shareReads();
}

/**
 * Whether a transaction begun on `executor` now would wait for another to end: on the embedded database, which runs
 * one at a time, while one is open (an import lets other requests read between its statements, not write). Never on
 * PostgreSQL, nor on a transaction (a nested one is a savepoint in it).
 */
export function writesWait(executor: Executor): boolean {
  return embeddedThreads.get(executor)?.transactionOpen ?? false;
}

/** First key of the advisory locks on journal writes; the collector's lock of each source shares it (ids from 1). */
export const JOURNAL_LOCK_CLASS = 71_832;

/**
 * Makes `tx`, a transaction that writes the journal or what is derived from it (an import, a batch's removal,
 * detection), the only such one on every API node until it ends, so that imports and detection run once even when
 * several nodes are asked at the same moment: a transaction-level advisory lock on PostgreSQL, taken again at no
 * cost within the same transaction. The embedded database runs one transaction at a time anyway.
 */
export async function lockJournalWrites(tx: Executor): Promise<void> {
  if (isEmbedded(tx)) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${JOURNAL_LOCK_CLASS}::int, 0)`);
}

/**
 * VACUUM of `tables` (all when empty) on the embedded database, which has no autovacuum: until a table is
 * vacuumed after a write its visibility map is unset, and counts read the table instead of an index alone.
 * VACUUM cannot run inside a transaction: on one, and on PostgreSQL (autovacuum), it does nothing.
 */
export async function vacuumEmbedded(executor: Executor, tables: readonly string[] = []): Promise<void> {
  if (executor instanceof PgTransaction || !embeddedThreads.has(executor)) return;
  await executor.execute(sql.raw(`vacuum ${tables.join(', ')}`));
}

/** The migrations of the project folder (server/paths.ts), wherever the server was started from. */
export function defaultMigrationsFolder(): string {
  return projectPath('drizzle');
}

export async function openDatabase(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
  options: OpenDatabaseOptions = {},
): Promise<OpenDatabase> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (config.databaseUrl) return openPostgres(config.databaseUrl, migrationsFolder);
  return openPglite(config.dataDir, migrationsFolder, options.pgliteTemplate);
}

async function openPglite(dataDir: string, migrationsFolder: string, template?: Blob): Promise<OpenDatabase> {
  const inMemory = dataDir === MEMORY_DATA_DIR;
  const lock = inMemory ? undefined : await lockDataDir(dataDir);
  try {
    const client = await PgliteThread.create(inMemory ? { template } : { dataDir: path.join(dataDir, 'pglite') });
    const embedded = drizzlePglite({ client: client.asPglite(), schema });
    const db = embedded as Database;
    embeddedThreads.set(db, client);
    try {
      await migratePglite(embedded, { migrationsFolder });
      // Writes since the last vacuum (a seed, edits, a stopped import's rollback) get their visibility map
      // set; pages already all-visible are skipped, so a vacuumed database takes a fraction of a second.
      if (!inMemory) await vacuumEmbedded(db);
    } catch (error) {
      await client.close();
      throw error;
    }
    return {
      db,
      kind: 'pglite',
      listen: async () => localNotices(),
      async close() {
        try {
          await client.close();
        } finally {
          await lock?.release();
        }
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

async function sessionLock(pool: pg.Pool, classId: number, id: number): Promise<SessionLock | undefined> {
  const client = await pool.connect();
  let failed!: () => void;
  const lost = new Promise<void>((resolve) => {
    failed = resolve;
  });
  const onError = () => failed();
  client.on('error', onError);
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1::int, $2::int) as locked',
      [classId, id],
    );
    if (!rows[0]?.locked) {
      client.off('error', onError);
      client.release();
      return undefined;
    }
  } catch (error) {
    client.off('error', onError);
    client.release(error as Error);
    throw error;
  }
  let released = false;
  return {
    lost,
    async release() {
      if (released) return;
      released = true;
      client.off('error', onError);
      try {
        await client.query('select pg_advisory_unlock($1::int, $2::int)', [classId, id]);
        client.release();
      } catch (error) {
        // A broken connection: dropped from the pool, which ends the session and so the lock.
        client.release(error as Error);
      }
      failed();
    },
  };
}

async function openPostgres(databaseUrl: string, migrationsFolder: string): Promise<OpenDatabase> {
  // A request's reads already run side by side, each on a connection of its own (sideBySide): on a server of few
  // cores, parallel workers beside them only crowd the cores (a 10 M year's 30-day summary on 2 cores: 94 ms with
  // them, 30 without; docs/scale.md). An `options` parameter in DATABASE_URL replaces this one.
  const pool = new pg.Pool({ connectionString: databaseUrl, options: '-c max_parallel_workers_per_gather=0' });
  // A restart or failover closes idle connections: the pool drops them and the next query opens a fresh one.
  // Unheard, that 'error' event would end the process.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  try {
    // drizzle's migrator takes no lock: nodes starting together would race on the same DDL.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg({ client: pool, schema }) as Database;
  postgresPools.set(db, pool);
  return {
    db,
    kind: 'postgres',
    listen: () => postgresNotices(databaseUrl),
    close: () => pool.end(),
    sessionLock: (classId, id) => sessionLock(pool, classId, id),
  };
}
