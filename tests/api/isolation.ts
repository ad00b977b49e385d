/**
 * The body of isolation-a/-b.postgres.test.ts: two files that run at the same time in different vitest workers
 * (tests/sequencer.ts starts them first, side by side) write an alarm point with the same id and tag, and each
 * must see only its own — through its app's pool, a fresh connection to TEST_DATABASE_URL (what a child server
 * would open) and the API. The files meet through marker files in a directory of the run: each waits for the
 * other to have written before it looks, and for the other to have looked before it ends, so both points exist
 * on the server while either side checks.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { alarmPoints } from '../../server/db/schema';
import { queryRows } from '../../server/repositories/raw-sql';
import { build, SLOW, type TestApp, type TestUser, testDatabaseUrl } from './helpers';
import { databaseName } from './postgres-databases';

export type Side = 'a' | 'b';

/** The id and tag both sides write. */
const ID = 4242;
const TAG = 'ISO-4242';

interface Marker {
  database: string;
  poolId: string;
}

export function isolationSide(side: Side): void {
  const other: Side = side === 'a' ? 'b' : 'a';
  const pair = inject('isolationPair');
  const dir = path.join(os.tmpdir(), `${inject('postgresDatabases').template}-isolation`);
  const marker = (who: Side, step: 'written' | 'checked') => path.join(dir, `${who}-${step}.json`);
  const mark = (step: 'written' | 'checked', content: Marker) => {
    const file = marker(side, step);
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(content));
    renameSync(`${file}.${process.pid}`, file);
  };
  /** Polls for the other side's marker: both files started together, so it comes within seconds. */
  const awaitOther = (step: 'written' | 'checked') =>
    vi.waitFor(
      () => {
        if (!existsSync(marker(other, step))) {
          throw new Error(`isolation-${other}.postgres.test.ts has not ${step} beside isolation-${side}`);
        }
        return JSON.parse(readFileSync(marker(other, step), 'utf8')) as Marker;
      },
      { timeout: SLOW / 2, interval: 25 },
    );

  describe(`the worker databases, side ${side}`, { timeout: SLOW }, () => {
    let t: TestApp;
    let viewer: TestUser;
    const description = `写入方 ${side}`;
    const own: Marker = { database: databaseName(testDatabaseUrl as string), poolId: process.env.VITEST_POOL_ID ?? '' };

    beforeAll(async () => {
      mkdirSync(dir, { recursive: true });
      t = await build();
      viewer = await t.createUser({ permissions: ['alarm-bases-list-view'] });
    });
    afterAll(() => t?.close());

    it('hold only the rows this file wrote while the other file holds the same ids', async () => {
      expect(pair, 'tests/sequencer.ts tells whether the pair runs side by side').toBeDefined();
      await t.database.db.insert(alarmPoints).values({ id: ID, tag: TAG, condition: 'PVHI', description });
      if (!pair?.overlap) {
        // One worker: the files run one after the other on the same database, copied afresh for each.
        await expectOnlyOwn();
        return;
      }
      mark('written', own);
      const theirs = await awaitOther('written');
      // Different workers, different databases, the same row id and tag written in both.
      expect(theirs.poolId).not.toBe(own.poolId);
      expect(theirs.database).not.toBe(own.database);
      await expectOnlyOwn();
      mark('checked', own);
      // The other side's point stays in its database until it has looked too.
      await awaitOther('checked');
    });

    async function expectOnlyOwn(): Promise<void> {
      const viaPool = await queryRows<{ id: number; tag: string; description: string }>(
        t.database.db,
        sql`select id, tag, description from alarm_points order by id`,
      );
      expect(viaPool).toEqual([{ id: ID, tag: TAG, description }]);

      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query('select id, tag, description from alarm_points');
        expect(rows).toEqual([{ id: ID, tag: TAG, description }]);
      } finally {
        await client.end();
      }

      const listed = await t.app.inject({ method: 'GET', url: '/api/alarm/bases/list', headers: viewer.authorization });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data).toMatchObject({ total: 1, list: [{ id: ID, tag: TAG, description }] });
    }
  });
}
