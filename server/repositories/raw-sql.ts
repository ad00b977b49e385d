/** Raw-SQL helpers that behave the same on PGlite and node-postgres. */
import { type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../db';

/** Rows of a raw query; both drivers answer `{rows}`. */
export async function queryRows<T>(tx: Executor, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Rows of a raw query, each sent as one JSON text and parsed here. On the embedded database this halves the
 * CPU of wide results: PGlite decodes every field in JavaScript and its thread copies every row object to
 * the main one (the 100,000-point library export: ≈ 9 s → 5 s of CPU). Values come as JSON gives them:
 * `bigint` and `numeric` as numbers, timestamps as ISO text. The query's order is kept.
 */
export async function queryJsonRows<T>(tx: Executor, query: SQL): Promise<T[]> {
  const rows = await queryRows<{ row: string }>(tx, sql`select row_to_json(q)::text as row from (${query}) q`);
  return rows.map(({ row }) => JSON.parse(row) as T);
}

/** One array as one bound parameter (drizzle would otherwise spread it into a list). */
export function arrayParam(values: readonly unknown[]): SQL {
  return sql`${sql.param(values)}`;
}

/** A timestamptz column or expression as epoch milliseconds (a JS number on both drivers). */
export function epochMs(column: SQL): SQL<number> {
  return sql<number>`(extract(epoch from ${column}) * 1000)::float8`;
}

/** Epoch milliseconds as a timestamptz parameter. */
export function timestampParam(ms: number): SQL {
  return sql`to_timestamp(${ms}::float8 / 1000)`;
}

/** A timestamptz column as ISO 8601 UTC text, the same on both drivers. */
export const isoTime = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Independent reads: side by side on the database (PostgreSQL's pool, or queued at once to the embedded
 * database's thread), one after another inside a transaction, which is a single connection.
 */
export async function sideBySide<T extends readonly unknown[]>(
  tx: Executor,
  ...reads: { [K in keyof T]: () => Promise<T[K]> }
): Promise<T> {
  if (!(tx instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as unknown as Promise<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
