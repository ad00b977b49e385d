import { DuplicateFilter, type JournalProgress, parseJournalCsv } from '../../../server/domain/journal';

const ROWS = 200_000;
const EVENTS = ['ALM', 'RTN', 'ACK'] as const;
const PRIORITIES = ['', 'low', '高', 'URGENT'] as const;

/** A deterministic journal generated while it is read: row i (file row i + 2) is bad when i % 5000 === 4999, and a
 * copy of row i - 1 when i % 1000 === 999. */
async function* journal(): AsyncGenerator<Buffer> {
  let text = 'time,tag,condition,event,priority,console,unit,description,value\r\n';
  const start = Date.UTC(2026, 0, 1) + 8 * 3_600_000;
  let previous = '';
  for (let i = 0; i < ROWS; i++) {
    let line: string;
    if (i % 5000 === 4999) line = `2026-02-30 00:00:00,TAG-${i},PVHI,ALM,,,,,`;
    else if (i % 1000 === 999) line = previous;
    else {
      const wall = new Date(start + i * 1000).toISOString().slice(0, 19).replace('T', ' ');
      line = `${wall},TAG-${i % 997},${i % 2 ? 'PVHI' : 'PVLO'},${EVENTS[i % 3]},${PRIORITIES[i % 4]},台${i % 8},U${i % 5},"desc, ${i}",${i / 10}`;
    }
    previous = line;
    text += `${line}\r\n`;
    if (text.length > 60_000) {
      yield Buffer.from(text);
      text = '';
    }
  }
  yield Buffer.from(text);
}

// Parsing 200,000 rows takes about a second alone, several times that on a busy machine.
describe('parseJournalCsv at scale', { timeout: 30_000 }, () => {
  it(`streams ${ROWS.toLocaleString('en-US')} generated rows in bounded batches with exact counts`, async () => {
    const duplicates = new DuplicateFilter();
    const progress: JournalProgress[] = [];
    let stored = 0;
    let batches = 0;
    let lastRow = 1;
    let inOrder = true;
    let largestBatch = 0;
    let errors = 0;
    let errorCount = 0;
    let rowsRead = 0;
    let priorities = 0;
    for await (const batch of parseJournalCsv(journal(), { batchSize: 5000, onProgress: (p) => progress.push(p) })) {
      batches++;
      largestBatch = Math.max(largestBatch, batch.rows.length);
      for (const row of batch.rows) {
        if (row.row <= lastRow) inOrder = false;
        lastRow = row.row;
        if (row.priority) priorities++;
      }
      stored += duplicates.filter(batch.rows).length;
      errors += batch.errors.length;
      errorCount = batch.errorCount;
      rowsRead = batch.rowsRead;
    }
    const bad = ROWS / 5000;
    // Copies at i % 1000 === 999, except where that row is a bad one (i % 5000 === 4999).
    const copies = ROWS / 1000 - bad;
    expect(rowsRead).toBe(ROWS);
    expect(errors).toBe(bad);
    expect(errorCount).toBe(bad);
    expect(duplicates.duplicates).toBe(copies);
    expect(stored).toBe(ROWS - bad - copies);
    expect(duplicates.size).toBe(stored);
    expect(inOrder).toBe(true);
    // The last generated row (i = ROWS - 1, file row ROWS + 1) is a bad one.
    expect(lastRow).toBe(ROWS);
    expect(largestBatch).toBe(5000);
    expect(batches).toBe(Math.ceil((ROWS - bad) / 5000));
    // Priority is empty when i % 4 === 0; a copy repeats row i - 1, whose (i - 1) % 4 === 2.
    let withPriority = 0;
    for (let i = 0; i < ROWS; i++) if (i % 5000 !== 4999 && (i % 1000 === 999 || i % 4 !== 0)) withPriority++;
    expect(priorities).toBe(withPriority);
    const last = progress.at(-1);
    expect(last?.rowsRead).toBe(ROWS);
    const megabytes = Math.floor((last?.bytesRead ?? 0) / (1024 * 1024));
    expect(megabytes).toBeGreaterThanOrEqual(10);
    // Every MiB and every 5,000 rows, plus the final report.
    expect(progress.length).toBeGreaterThanOrEqual(ROWS / 5000 + megabytes);
    expect(progress.every((p, i) => i === 0 || p.bytesRead >= progress[i - 1].bytesRead)).toBe(true);
  });
});
