/** Shared builders for the journal reader tests. */
import { Readable } from 'node:stream';
import { constants, deflateRawSync } from 'node:zlib';
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

export const MiB = 1024 * 1024;

export interface ZipEntry {
  name: string;
  /** The stored bytes: raw deflate (method 8) or the content itself (method 0). */
  data: Buffer;
  /** The uncompressed size the archive declares, true or not. */
  size: number;
  method?: 0 | 8;
  /** Sizes in a ZIP64 extra field of the central directory, its 32-bit fields 0xFFFFFFFF. */
  zip64?: boolean;
}

/** A ZIP archive of `entries` in that order: local headers, data, central directory, end record. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, data, size, method = 8, zip64 = false } of entries) {
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const extra = Buffer.alloc(zip64 ? 20 : 0);
    if (zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(BigInt(size), 4);
      extra.writeBigUInt64LE(BigInt(data.length), 12);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(zip64 ? 0xffffffff : data.length, 20);
    central.writeUInt32LE(zip64 ? 0xffffffff : size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(offset, 42);
    parts.push(local, fileName, data);
    directory.push(central, fileName, extra);
    offset += local.length + fileName.length + data.length;
  }
  const centralDirectory = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, centralDirectory, end]);
}

/** An entry holding `text`, deflated, its size declared truly. */
export function deflated(name: string, text: string): ZipEntry {
  const content = Buffer.from(text);
  return { name, data: deflateRawSync(content, { level: 1 }), size: content.length };
}

/**
 * Raw deflate data that inflates to `mebibytes` MiB of zeros, about 1 KB per MiB: one MiB compressed with a
 * full flush (no reference reaches before it, so it can be repeated), repeated, then a final empty block.
 */
export function inflatingTo(mebibytes: number): Buffer {
  const mebibyte = deflateRawSync(Buffer.alloc(MiB), { finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: mebibytes }, () => mebibyte), deflateRawSync(Buffer.alloc(0))]);
}

/** The spreadsheet namespace, and the workbook parts of a hand-written xlsx of one sheet (SHEET). */
export const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const WORKBOOK = deflated(
  'xl/workbook.xml',
  `<workbook xmlns="${MAIN}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
    '<sheets><sheet name="J" sheetId="1" r:id="rId1"/></sheets></workbook>',
);
export const RELATIONS = deflated(
  'xl/_rels/workbook.xml.rels',
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" ' +
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
    '</Relationships>',
);
export const SHEET = 'xl/worksheets/sheet1.xml';
