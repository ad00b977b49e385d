/**
 * A transaction that shares its reads (server/db/index.ts `shareReads`, docs/architecture.md "Reads during an
 * import"): other plain reads answer while it is open, a read that fails leaves it intact, and a write from
 * outside waits for its end on the embedded database (on PostgreSQL, other connections go on as ever).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenDatabase, shareReads } from '../../server/db';
import { queryRows } from '../../server/repositories/raw-sql';
import { databaseKind, openTestDatabase, SLOW } from './helpers';

describe('a transaction sharing its reads', { timeout: SLOW }, () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, SLOW);
  afterAll(() => database?.close());

  /** A promise and the function that settles it. */
  const signal = () => {
    let resolve = () => {};
    const promise = new Promise<void>((settle) => {
      resolve = settle;
    });
    return { promise, resolve };
  };

  const units = async () =>
    (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from units where name like '共享%'`))[0]
      .n;

  it('answers reads while open, survives a failing read, and keeps writes from outside for after its end', async () => {
    const held = signal();
    const started = signal();
    const transaction = database.db.transaction(async (tx) => {
      await shareReads(tx);
      await tx.execute(sql`insert into units (name) values ('共享-1')`);
      started.resolve();
      await held.promise;
      await tx.execute(sql`insert into units (name) values ('共享-2')`);
    });
    await started.promise;

    // A read answers while the transaction is still open (it is released only below).
    expect(await units()).toBeGreaterThanOrEqual(0);
    // A read that fails does not disturb the transaction.
    await expect(database.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    // A write from outside: on the embedded database it waits for the transaction's end.
    let written = false;
    const write = database.db.execute(sql`insert into units (name) values ('共享-3')`).then(() => {
      written = true;
    });
    expect(await units()).toBeGreaterThanOrEqual(0);
    if (databaseKind === 'pglite') expect(written).toBe(false);

    held.resolve();
    await transaction;
    await write;
    expect(await units()).toBe(3);
  });

  it('leaves nothing when it rolls back, though reads saw its rows meanwhile', async () => {
    const held = signal();
    const started = signal();
    const transaction = database.db.transaction(async (tx) => {
      await shareReads(tx);
      await tx.execute(sql`insert into units (name) values ('共享-4')`);
      started.resolve();
      await held.promise;
      throw new Error('the import failed');
    });
    await started.promise;
    const during = await units();
    expect(during).toBe(databaseKind === 'pglite' ? 4 : 3);
    held.resolve();
    await expect(transaction).rejects.toThrow('the import failed');
    expect(await units()).toBe(3);
  });
});
