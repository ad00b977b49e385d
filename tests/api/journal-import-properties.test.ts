/**
 * The journal import endpoint over generated files (tests/unit/journal/arbitraries.ts): one bad cell
 * anywhere refuses the whole file, names its row and column and leaves every table as it was; a valid file
 * stores each distinct event once and counts the repeats.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalColumn } from '../../server/domain/journal';
import { queryRows } from '../../server/repositories/raw-sql';
import {
  csvText,
  dataRowNumbers,
  expectedRows,
  type GeneratedJournal,
  type GeneratedRow,
  generatedJournal,
} from '../unit/journal/arbitraries';
import { build, multipartFile, SLOW, type TestApp, type TestUser, tableSizes } from './helpers';

const SEED = 20261124;

/** A bad text per column, each refused by the reader. */
const BAD_CELL: Record<JournalColumn, string> = {
  time: '2026-02-30 10:00:00',
  tag: 'T'.repeat(201),
  condition: '',
  event: 'ALARM',
  priority: 'critical',
  console: 'nul\u0000',
  unit: '装'.repeat(201),
  description: '\uFFFD',
  value: '9'.repeat(201),
};

/** Every data row's tag prefixed, so runs never share alarm points or events. */
function withTagPrefix(journal: GeneratedJournal, prefix: string): GeneratedJournal {
  const records = journal.records.map((record) => {
    if (record.kind !== 'data') return record;
    const tag = `${prefix}${record.row.tag.value}`;
    return { kind: 'data' as const, row: { ...record.row, tag: { text: tag, value: tag } } };
  });
  return { ...journal, records };
}

describe('journal import properties', { timeout: SLOW * 5 }, () => {
  let t: TestApp;
  let engineer: TestUser;
  let run = 0;

  beforeAll(async () => {
    t = await build();
    engineer = await t.createUser({ permissions: ['alarm-mock-view'] });
  }, SLOW);
  afterAll(() => t?.close());

  const upload = (content: string) => {
    const { payload, headers } = multipartFile(content, 'journal.csv');
    return t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/import',
      payload,
      headers: { ...headers, ...engineer.authorization },
    });
  };

  it('refuses a file with one bad cell as a whole, naming its row and column, and stores nothing', async () => {
    const corrupted = generatedJournal
      .filter((journal) => journal.records.some((record) => record.kind === 'data'))
      .chain((journal) =>
        fc.record({
          journal: fc.constant(journal),
          dataIndex: fc.nat({ max: dataRowNumbers(journal).length - 1 }),
          column: fc.constantFrom(...journal.header.flatMap((entry) => (entry.column ? [entry.column] : []))),
        }),
      );
    await fc.assert(
      fc.asyncProperty(corrupted, async ({ journal, dataIndex, column }) => {
        let seen = -1;
        const records = journal.records.map((record) => {
          if (record.kind !== 'data' || ++seen !== dataIndex) return record;
          return {
            kind: 'data' as const,
            row: { ...record.row, [column]: { text: BAD_CELL[column] } } as GeneratedRow,
          };
        });
        const before = await tableSizes(t.database.db);
        const response = await upload(csvText({ ...journal, records }));
        expect(response.statusCode, response.body).toBe(422);
        const body = response.json();
        expect(body.code).toBe(1);
        expect(body.data.imported).toBe(0);
        expect(body.data.errors).toEqual([
          { row: dataRowNumbers(journal)[dataIndex], column, message: expect.stringMatching(/\S/) },
        ]);
        expect(await tableSizes(t.database.db)).toEqual(before);
      }),
      { numRuns: 12, seed: SEED },
    );
  });

  it('stores each distinct event of a valid file once and counts the repeats', async () => {
    const withRepeats = generatedJournal.chain((journal) =>
      fc.record({ journal: fc.constant(journal), repeats: fc.array(fc.nat(), { maxLength: 6 }) }),
    );
    await fc.assert(
      fc.asyncProperty(withRepeats, async ({ journal, repeats }) => {
        run += 1;
        const prefixed = withTagPrefix(journal, `P${run}-`);
        const data = prefixed.records.filter((record) => record.kind === 'data');
        // Repeats go at the end: the same events again, later in the file.
        const repeated = {
          ...prefixed,
          records: [...prefixed.records, ...(data.length ? repeats.map((index) => data[index % data.length]) : [])],
        };
        const rows = expectedRows(repeated);
        const distinct = new Set(rows.map((row) => JSON.stringify([row.time, row.tag, row.condition, row.event])));
        const [{ n: before }] = await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from alarm_events`,
        );

        const response = await upload(csvText(repeated));
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().data).toEqual({
          imported: distinct.size,
          duplicates: rows.length - distinct.size,
          errors: [],
        });
        const [{ n: after }] = await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from alarm_events`,
        );
        expect(after - before).toBe(distinct.size);
      }),
      { numRuns: 10, seed: SEED },
    );
  });
});
