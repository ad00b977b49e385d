/**
 * Alarm-journal import (docs/api.md, "Journal file format v1"): format detection and the streaming readers.
 *
 * Typical use in the import route, inside one transaction:
 *   const duplicates = new DuplicateFilter();
 *   for await (const batch of parseJournalFile(file, { fileName, timeZone })) {
 *     errors.push(...batch.errors); errorCount = batch.errorCount;
 *     if (errorCount === 0) await store(duplicates.filter(batch.rows));
 *   }
 *   // any error → roll back (all or nothing); JournalLimitError → 413, JournalFileError → 400.
 */
import { type JournalInput, parseJournalCsv, readCsvRecords } from './csv';
import {
  type JournalBatch,
  JournalFileError,
  type JournalFormat,
  type JournalParseOptions,
  type UnpackLimits,
} from './types';
import { parseJournalXlsx, readXlsxRows } from './xlsx';

export { UNPACK_LIMITS } from './archive';
export {
  type CsvRecord,
  CsvTokenizer,
  type JournalInput,
  MAX_RECORD_CHARS,
  parseJournalCsv,
  readCsvRecords,
} from './csv';
export { DuplicateFilter, type JournalEventKey } from './duplicates';
export {
  JOURNAL_COLUMNS,
  type JournalColumn,
  type JournalHeader,
  type JournalRecordResult,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  REQUIRED_JOURNAL_COLUMNS,
  readJournalHeader,
  validateJournalRecord,
} from './record';
export { type JournalTimeResult, parseJournalTime, readJournalTime } from './time';
export {
  DEFAULT_JOURNAL_BATCH_SIZE,
  JOURNAL_LIMITS,
  type JournalBatch,
  type JournalError,
  JournalFileError,
  type JournalFormat,
  JournalLimitError,
  type JournalParseOptions,
  type JournalProgress,
  type JournalRow,
  type UnpackLimits,
} from './types';
export { cellValue, parseJournalXlsx, readXlsxRows, type SheetRow } from './xlsx';

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** OLE2 compound file: the Excel 97-2003 .xls format. */
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0];
const HEAD_BYTES = OLE_SIGNATURE.length;

function startsWith(head: Uint8Array, signature: readonly number[]): boolean {
  return head.length >= signature.length && signature.every((byte, index) => head[index] === byte);
}

/**
 * CSV or xlsx, from the first bytes (xlsx is a ZIP archive) and the file name. Content wins over the name;
 * formats that cannot be imported are refused with a message saying what to save instead.
 */
export function detectJournalFormat(fileName: string | undefined, head: Uint8Array): JournalFormat {
  if (startsWith(head, ZIP_SIGNATURE)) return 'xlsx';
  const name = (fileName ?? '').toLowerCase();
  if (startsWith(head, OLE_SIGNATURE) || name.endsWith('.xls')) {
    throw new JournalFileError('不支持 .xls（Excel 97-2003）文件：请在 Excel 中另存为 .xlsx 或 CSV UTF-8');
  }
  if (name.endsWith('.xlsx')) {
    throw new JournalFileError('文件扩展名为 .xlsx，但内容不是 xlsx 工作簿：请在 Excel 中重新保存后再导入');
  }
  return 'csv';
}

function toBytes(chunk: Uint8Array | string): Uint8Array {
  return typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
}

/** Reads chunks until the format is known, then hands on the same chunks followed by the rest. */
async function detectFromStream(
  input: JournalInput,
  fileName: string | undefined,
): Promise<{ format: JournalFormat; input: AsyncIterable<Uint8Array | string> }> {
  const iterator = (input as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
  const seen: (Uint8Array | string)[] = [];
  let headLength = 0;
  let done = false;
  while (headLength < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    headLength += toBytes(next.value).byteLength;
  }
  const head = Buffer.concat(seen.map((chunk) => toBytes(chunk))).subarray(0, HEAD_BYTES);
  let format: JournalFormat;
  try {
    format = detectJournalFormat(fileName, head);
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
  async function* replay(): AsyncGenerator<Uint8Array | string> {
    try {
      yield* seen;
      if (done) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  }
  return { format, input: replay() };
}

export interface JournalFileOptions extends JournalParseOptions {
  /** When absent, detected from the first bytes and `fileName`. */
  format?: JournalFormat;
  fileName?: string;
}

/** The journal reader for a file upload: picks the CSV or xlsx reader and yields its batches. */
export async function* parseJournalFile(
  input: JournalInput,
  options: JournalFileOptions = {},
): AsyncGenerator<JournalBatch, void, undefined> {
  const { format: given, fileName, ...parseOptions } = options;
  let format = given;
  let source: JournalInput = input;
  if (!format) ({ format, input: source } = await detectFromStream(input, fileName));
  yield* format === 'xlsx' ? parseJournalXlsx(source, parseOptions) : parseJournalCsv(source, parseOptions);
}

/** A row of an uploaded sheet; `problem` when a CSV record could not be split cleanly, `fatal` when nothing after it can be read. */
export interface UploadedRow {
  row: number;
  cells: unknown[];
  problem?: string;
  fatal?: boolean;
}

/**
 * The rows of any tabular upload (CSV or the first sheet of an xlsx, told apart as for journals), for
 * imports other than the journal: the caller reads the header and validates the rows.
 */
export async function* readUploadedRows(
  input: JournalInput,
  fileName: string | undefined,
  onBytes: (total: number) => void,
  unpack?: UnpackLimits,
): AsyncGenerator<UploadedRow, void, undefined> {
  const { format, input: source } = await detectFromStream(input, fileName);
  if (format === 'xlsx') {
    yield* readXlsxRows(source, onBytes, unpack);
    return;
  }
  for await (const record of readCsvRecords(source, onBytes)) {
    const { fields, ...rest } = record;
    yield { ...rest, cells: fields };
  }
}
