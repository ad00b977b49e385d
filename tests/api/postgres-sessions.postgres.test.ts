/**
 * The server's PostgreSQL connections: no parallel workers beside a request's reads, which already run side by side
 * on connections of their own (docs/scale.md, "PostgreSQL settings"), unless DATABASE_URL's `options` say otherwise.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { queryRows } from '../../server/repositories/raw-sql';
import { testConfig, testDatabaseUrl } from './helpers';

/** The setting as the server's pooled connections see it. */
async function parallelWorkers(databaseUrl: string): Promise<string> {
  const database = await openDatabase(testConfig({ databaseUrl }));
  try {
    const [row] = await queryRows<{ workers: string }>(
      database.db,
      sql`select current_setting('max_parallel_workers_per_gather') as workers`,
    );
    return row.workers;
  } finally {
    await database.close();
  }
}

/** The api-postgres project runs this file, with TEST_DATABASE_URL set. */
const databaseUrl = testDatabaseUrl as string;

describe("the server's PostgreSQL connections", () => {
  it('start no parallel workers by default', async () => {
    expect(await parallelWorkers(databaseUrl)).toBe('0');
  });

  it('take the options of DATABASE_URL instead when it has some', async () => {
    const url = new URL(databaseUrl);
    url.searchParams.set('options', '-c max_parallel_workers_per_gather=2');
    expect(await parallelWorkers(url.toString())).toBe('2');
  });
});
