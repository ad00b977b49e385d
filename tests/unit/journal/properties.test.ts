/**
 * Properties of the journal readers (docs/api.md, "Journal file format v1") over generated files: a valid
 * journal reads back as exactly the rows written, however it is laid out and cut into chunks; one bad cell
 * is reported at its row and column and nothing else changes; duplicates are counted; and no input, however
 * broken, makes a reader fail other than with a parse report or the file-level errors.
 */
import fc from 'fast-check';
import {
  DuplicateFilter,
  JOURNAL_COLUMNS,
  type JournalBatch,
  type JournalColumn,
  JournalFileError,
  JournalLimitError,
  type JournalRow,
  parseJournalCsv,
  parseJournalFile,
  parseJournalXlsx,
} from '../../../server/domain/journal';
import {
  csvText,
  dataRowNumbers,
  expectedRows,
  type GeneratedJournal,
  type GeneratedRow,
  generatedJournal,
  PLANT_ZONE,
  sheetRowsOf,
} from './arbitraries';
import { bytesOf, readAll, xlsxOf } from './helpers';

const SEED = 20261124;
const chunkSize = fc.oneof(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 17, max: 8192 }));
const batchSize = fc.integer({ min: 1, max: 40 });

/** Bad text for a column, each refused by the reader (required columns also refuse a blank). */
const BAD_CELLS: Record<JournalColumn, string[]> = {
  time: [
    '',
    'yesterday',
    '2026-02-30 10:00:00',
    '2026-13-01 00:00:00',
    '2026-01-01 24:00:00',
    '2026-01-01T00:00:00+15:00',
    '45000',
    '2026-01-01',
  ],
  tag: ['', '   ', 'T'.repeat(201), 'a\u0000b', 'GBK\uFFFD'],
  condition: ['', 'C'.repeat(201), 'x\u0000'],
  event: ['', 'ALARM', '报警', 'AL M'],
  priority: ['critical', '1', 'hi', 'P1'],
  console: ['台'.repeat(201), 'a\u0000'],
  unit: ['U'.repeat(201), '\uFFFD'],
  description: ['说'.repeat(2001), 'nul\u0000'],
  value: ['9'.repeat(201), 'v\u0000'],
};

/** The journal with one data row's cell replaced. */
function corrupt(journal: GeneratedJournal, dataIndex: number, column: JournalColumn, text: string): GeneratedJournal {
  let seen = -1;
  const records = journal.records.map((record) => {
    if (record.kind !== 'data' || ++seen !== dataIndex) return record;
    const cell = { text, value: undefined };
    return { kind: 'data' as const, row: { ...record.row, [column]: cell } as GeneratedRow };
  });
  return { ...journal, records };
}

function eventKey(row: Pick<JournalRow, 'time' | 'tag' | 'condition' | 'event'>): string {
  return JSON.stringify([row.time, row.tag, row.condition, row.event]);
}

describe('journal reader properties', () => {
  it('reads any valid CSV journal as exactly the rows written, whatever its layout and chunking', async () => {
    await fc.assert(
      fc.asyncProperty(generatedJournal, chunkSize, batchSize, async (journal, size, batch) => {
        const { rows, errors, errorCount, rowsRead, batches } = await readAll(
          parseJournalCsv(bytesOf(csvText(journal), size), { timeZone: PLANT_ZONE, batchSize: batch }),
        );
        expect(errors).toEqual([]);
        expect(errorCount).toBe(0);
        expect(rows).toEqual(expectedRows(journal));
        expect(rowsRead).toBe(rows.length);
        expect(batches.every((each: JournalBatch) => each.rows.length <= batch)).toBe(true);
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it('reads the same journal saved as xlsx (text cells, or date cells for plant-local times)', async () => {
    await fc.assert(
      fc.asyncProperty(generatedJournal, fc.boolean(), async (journal, dateCells) => {
        const sheet: unknown[][] = sheetRowsOf(journal);
        const timeAt = journal.header.findIndex((entry) => entry.column === 'time');
        const expected = expectedRows(journal, (text) => text.replace(/\r\n?/g, '\n'));
        if (dateCells) {
          // A date cell holds the plant's wall clock (whole seconds: Excel keeps days as a fraction).
          const numbers = new Set(dataRowNumbers(journal));
          sheet.forEach((cells, index) => {
            if (!numbers.has(index + 1)) return;
            const row = expected.find((candidate) => candidate.row === index + 1) as JournalRow;
            row.time = Math.floor(row.time / 1000) * 1000;
            cells[timeAt] = new Date(row.time + 8 * 3_600_000);
          });
        }
        const file = await xlsxOf([{ name: '报警记录', rows: sheet }]);
        const { rows, errors } = await readAll(parseJournalXlsx(bytesOf(file, 4096), { timeZone: PLANT_ZONE }));
        expect(errors).toEqual([]);
        expect(rows).toEqual(expected);
      }),
      { numRuns: 40, seed: SEED },
    );
  });

  it('reports one bad cell at its row and column, and reads every other row unchanged', async () => {
    const corrupted = generatedJournal
      .filter((journal) => journal.records.some((record) => record.kind === 'data'))
      .chain((journal) => {
        const present = journal.header.flatMap((entry) => (entry.column ? [entry.column] : []));
        const dataRows = dataRowNumbers(journal).length;
        return fc.record({
          journal: fc.constant(journal),
          dataIndex: fc.nat({ max: dataRows - 1 }),
          column: fc
            .constantFrom(...present)
            .chain((column) => fc.record({ column: fc.constant(column), text: fc.constantFrom(...BAD_CELLS[column]) })),
        });
      });
    await fc.assert(
      fc.asyncProperty(corrupted, chunkSize, async ({ journal, dataIndex, column: { column, text } }, size) => {
        const broken = corrupt(journal, dataIndex, column, text);
        const badRow = dataRowNumbers(journal)[dataIndex];
        const { rows, errors, errorCount } = await readAll(
          parseJournalCsv(bytesOf(csvText(broken), size), { timeZone: PLANT_ZONE }),
        );
        expect(errors).toEqual([{ row: badRow, column, message: expect.stringMatching(/\S/) }]);
        expect(errorCount).toBe(1);
        expect(rows).toEqual(expectedRows(journal).filter((row) => row.row !== badRow));
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it('counts exact duplicates (time, tag, condition, event) and keeps the first of each in file order', async () => {
    const withRepeats = generatedJournal.chain((journal) =>
      fc.record({
        journal: fc.constant(journal),
        repeats: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('', '再次')), { maxLength: 10 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(withRepeats, async ({ journal, repeats }) => {
        const records = [...journal.records];
        const data = records.flatMap((record) => (record.kind === 'data' ? [record.row] : []));
        for (const [from, to, description] of data.length ? repeats : []) {
          const source = data[from % data.length];
          // The same event again; fields outside the key may differ.
          const copy = { ...source, description: { text: description, value: description || undefined } };
          records.splice(1 + (to % records.length), 0, { kind: 'data', row: copy });
        }
        // Keep the header first: repeats were only inserted after it.
        const headerAt = records.findIndex((record) => record.kind === 'header');
        const repeated = {
          ...journal,
          records: [records[headerAt], ...records.filter((_, index) => index !== headerAt)],
        };

        const filter = new DuplicateFilter(4);
        const kept: JournalRow[] = [];
        for await (const batch of parseJournalCsv(bytesOf(csvText(repeated)), { timeZone: PLANT_ZONE, batchSize: 3 })) {
          expect(batch.errors).toEqual([]);
          kept.push(...filter.filter(batch.rows));
        }
        const all = expectedRows(repeated);
        const firsts = new Map<string, JournalRow>();
        for (const row of all) if (!firsts.has(eventKey(row))) firsts.set(eventKey(row), row);
        expect(kept).toEqual([...firsts.values()]);
        expect(filter.duplicates).toBe(all.length - firsts.size);
      }),
      { numRuns: 200, seed: SEED },
    );
  });

  /** Only a parse report, an unreadable-file error or a limit may come out of a reader. */
  async function readSafely(bytes: Uint8Array, size: number, fileName: string) {
    try {
      return await readAll(parseJournalFile(bytesOf(Buffer.from(bytes), size), { fileName, maxErrors: 50 }));
    } catch (error) {
      if (error instanceof JournalFileError || error instanceof JournalLimitError) return error;
      throw error;
    }
  }

  function expectWellFormed(result: Awaited<ReturnType<typeof readSafely>>): void {
    if (result instanceof Error) {
      expect(result.message).toMatch(/\S/);
      return;
    }
    const columns: string[] = ['', ...JOURNAL_COLUMNS];
    for (const error of result.errors) {
      expect(error.row).toBeGreaterThanOrEqual(1);
      expect(columns).toContain(error.column);
      expect(error.message).toMatch(/\S/);
    }
    expect(result.errors.length).toBeLessThanOrEqual(50);
    expect(result.errorCount).toBeGreaterThanOrEqual(result.errors.length);
    const numbers = result.rows.map((row) => row.row);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
    const errorRows = new Set(result.errors.map((error) => error.row));
    expect(numbers.filter((row) => errorRows.has(row))).toEqual([]);
    expect(result.rowsRead).toBeGreaterThanOrEqual(result.rows.length);
  }

  const CSV_PIECES = [
    '"',
    '""',
    ',',
    '\n',
    '\r',
    '\r\n',
    ' ',
    'a',
    '中',
    '\uFEFF',
    '\u0000',
    'ALM',
    '2026-03-01 08:00:00',
    'time,tag,condition,event\n',
  ];
  const csvLike = fc
    .array(fc.constantFrom(...CSV_PIECES), { maxLength: 60 })
    .map((pieces) => Buffer.from(pieces.join('')));
  const ZIP = [0x50, 0x4b, 0x03, 0x04];

  it('never fails on arbitrary bytes, CSV-like text or a broken xlsx but with a parse report or a file error', async () => {
    const anyInput = fc.oneof(
      fc.uint8Array({ maxLength: 400 }),
      csvLike,
      fc.uint8Array({ maxLength: 400 }).map((bytes) => Uint8Array.from([...ZIP, ...bytes])),
    );
    await fc.assert(
      fc.asyncProperty(
        anyInput,
        chunkSize,
        fc.constantFrom('j.csv', 'j.xlsx', 'j.xls', 'j.txt'),
        async (bytes, size, name) => {
          expectWellFormed(await readSafely(bytes, size, name));
        },
      ),
      { numRuns: 300, seed: SEED },
    );
  });

  it('reads any input the same whatever the chunk boundaries', async () => {
    const prefixed = fc
      .tuple(fc.boolean(), csvLike)
      .map(([header, body]) =>
        header ? Buffer.concat([Buffer.from('time,tag,condition,event,value\n'), body]) : body,
      );
    await fc.assert(
      fc.asyncProperty(prefixed, chunkSize, async (bytes, size) => {
        const whole = await readSafely(bytes, Math.max(1, bytes.length), 'j.csv');
        const cut = await readSafely(bytes, size, 'j.csv');
        expectWellFormed(cut);
        const summary = (result: typeof whole) =>
          result instanceof Error
            ? result.message
            : { rows: result.rows, errors: result.errors, errorCount: result.errorCount, rowsRead: result.rowsRead };
        expect(summary(cut)).toEqual(summary(whole));
      }),
      { numRuns: 300, seed: SEED },
    );
  });
});
