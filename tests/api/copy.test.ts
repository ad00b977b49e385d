/**
 * The journal's bulk path: COPY into the transaction of an import, on both engines. A temporary table lives on
 * one connection only, so a COPY that reaches it proves it ran on the transaction's own connection.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canCopy, copyFromBytes, copyingTransaction, type OpenDatabase } from '../../server/db';
import { CopyBuffer } from '../../server/domain/ingest/copyText';
import { queryRows } from '../../server/repositories/raw-sql';
import { databaseKind, openTestDatabase, SLOW } from './helpers';

describe('COPY in an import transaction', { timeout: SLOW }, () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const probeText = () => {
    const text = new CopyBuffer();
    text.add([1, 'tab\there', true]);
    text.add([2, null, false]);
    text.add([3, '反斜杠 \\ 与换行\n', true]);
    return text.take();
  };

  it('loads COPY text on the transaction’s connection, in savepoints too, and rolls back with it', async () => {
    const failed = copyingTransaction(database.db, async (tx) => {
      expect(canCopy(tx)).toBe(true);
      await tx.execute(sql`create temporary table copy_probe (n int, t text, b boolean)`);
      await copyFromBytes(tx, 'copy_probe (n, t, b)', probeText());
      await tx.transaction(async (savepoint) => {
        expect(canCopy(savepoint)).toBe(true);
        await copyFromBytes(savepoint, 'copy_probe (n, t, b)', probeText());
      });
      const rows = await queryRows<{ n: number; t: string | null; b: boolean }>(
        tx,
        sql`select n, t, b from copy_probe order by n limit 3`,
      );
      expect(rows).toEqual([
        { n: 1, t: 'tab\there', b: true },
        { n: 1, t: 'tab\there', b: true },
        { n: 2, t: null, b: false },
      ]);
      const [{ count }] = await queryRows<{ count: number }>(tx, sql`select count(*)::int as count from copy_probe`);
      expect(count).toBe(6);
      const [last] = await queryRows<{ t: string }>(tx, sql`select t from copy_probe where n = 3 limit 1`);
      expect(last.t).toBe('反斜杠 \\ 与换行\n');
      // A stored table, to see the rollback from outside.
      await tx.execute(sql`create table copy_kept (n int, t text, b boolean)`);
      await copyFromBytes(tx, 'copy_kept (n, t, b)', probeText());
      throw new Error('roll back');
    });
    await expect(failed).rejects.toThrow('roll back');
    const [kept] = await queryRows<{ exists: boolean }>(
      database.db,
      sql`select to_regclass('copy_kept') is not null as exists`,
    );
    expect(kept.exists).toBe(false);
  });

  it('has no COPY on a PostgreSQL transaction begun without copyingTransaction (multi-row inserts then)', async () => {
    await database.db.transaction(async (tx) => {
      expect(canCopy(tx)).toBe(databaseKind === 'pglite');
    });
  });
});
