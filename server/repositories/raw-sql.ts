/** Raw-SQL helpers that behave the same on PGlite and node-postgres. */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db';

/** Rows of a raw query; both drivers answer `{rows}`. */
export async function queryRows<T>(tx: Executor, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
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
