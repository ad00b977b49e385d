/** Shared builders for the journal reader tests. */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { JournalBatch, JournalError, JournalRow } from '../../../server/domain/journal';

export const HEADER = 'time,tag,condition,event,priority,console,unit,description,value';

/** Every batch a reader yields. */
export async function collect(batches: AsyncIterable<JournalBatch>): Promise<JournalBatch[]> {
  const out: JournalBatch[] = [];
  for await (const batch of batches) out.push(batch);
  return out;
}

/** Rows, errors and totals of a whole read. */
export async function readAll(batches: AsyncIterable<JournalBatch>): Promise<{
  rows: JournalRow[];
  errors: JournalError[];
  errorCount: number;
  rowsRead: number;
  batches: JournalBatch[];
}> {
  const all = await collect(batches);
  const last = all.at(-1);
  return {
    rows: all.flatMap((batch) => batch.rows),
    errors: all.flatMap((batch) => batch.errors),
    errorCount: last?.errorCount ?? 0,
    rowsRead: last?.rowsRead ?? 0,
    batches: all,
  };
}

/** The text as a byte stream cut into pieces of `size` bytes (cuts fall inside UTF-8 sequences too). */
export function bytesOf(text: string | Buffer, size = 64 * 1024): Readable {
  const buffer = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < buffer.length; offset += size) chunks.push(buffer.subarray(offset, offset + size));
  return Readable.from(chunks);
}

/** Lines joined as a CSV file with the given line end. */
export function csv(lines: readonly string[], eol = '\n'): string {
  return lines.join(eol) + eol;
}

/** Epoch ms of an ISO string with offset. */
export function utc(iso: string): number {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw new Error(`bad test time ${iso}`);
  return time;
}

/** An xlsx file written with exceljs: sheets of rows, in tab order. */
export async function xlsxOf(sheets: readonly { name: string; rows: unknown[][] }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) worksheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
