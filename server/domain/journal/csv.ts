/**
 * Streaming CSV journal reader on csv-parse (RFC 4180: quoted fields with commas, doubled quotes and line
 * breaks; CRLF, LF or CR line ends, mixed in one file). What this module adds to the parser:
 * - rows numbered as Excel numbers them: one per record (a quoted line break does not start a row), the header
 *   is row 1 and blank lines count. Blank rows (also `,,,` rows) come out as records, for the caller to skip.
 *   Records are counted here: csv-parse's `info` counts physical lines, and building it for every record
 *   tripled the parser's time on the 1,000,000-row journal of docs/performance.md;
 * - a quote inside an unquoted field is text (`5" pipe`), as Excel reads it; a closing quote followed by more
 *   text (`"ab"c`) is reported on its row and reading goes on. csv-parse, relaxed for the first, keeps the
 *   second as its literal text, so a record holding a field that starts with a quote is read again strictly;
 * - an unclosed quote, or a record longer than MAX_RECORD_CHARS, ends the file with a problem at the record it
 *   started at: `max_record_size` stops the parser from holding the rest of the file;
 * - UTF-8 only (with or without BOM): a UTF-16 file, which csv-parse would switch to on its BOM, is refused.
 */
import type { Readable } from 'node:stream';
import { CsvError, type Options, Parser } from 'csv-parse';
import { parse as parseWhole } from 'csv-parse/sync';
import { JournalAssembler, resolveJournalOptions } from './assembler';
import type { JournalBatch, JournalParseOptions } from './types';

/** A journal file as a Node stream or any async iterable of chunks (strings are taken as already decoded). */
export type JournalInput = Readable | AsyncIterable<Uint8Array | string>;

/**
 * Longest record kept while waiting for its end; beyond it a quote was almost surely left open. csv-parse counts
 * the fields already read in characters and the one in progress in UTF-8 bytes.
 */
export const MAX_RECORD_CHARS = 1024 * 1024;

const QUOTE = 0x22;
const UTF16_PROBLEM = '文件是 UTF-16（Unicode）编码：请在 Excel 中另存为“CSV UTF-8（逗号分隔）”后再导入';
/** What ends a field that is not quoted. */
const FIELD_END = /[,\r\n]/;

/** The dialect of every read: any line end, any number of fields per record (the header decides). */
const DIALECT: Options = {
  record_delimiter: ['\r\n', '\n', '\r'],
  relax_column_count: true,
  raw: true,
};

export interface CsvRecord {
  row: number;
  fields: string[];
  /** The record could not be split cleanly (reported as a row error). */
  problem?: string;
  /** Nothing after this record can be read. */
  fatal?: boolean;
}

/** A record as csv-parse gives it with `raw`: the fields and the text they were read from. */
interface ParsedRecord {
  record: string[];
  raw: string;
}

/**
 * The record read strictly: the first field whose closing quote has more text after it, or nothing. csv-parse's
 * strict reading reports that field (with the text read up to its closing quote) and skips the record.
 */
function textAfterClosingQuote(raw: string): CsvError | undefined {
  let found: CsvError | undefined;
  parseWhole(raw, {
    ...DIALECT,
    skip_records_with_error: true,
    on_skip: (error) => {
      if (error && error.code === 'CSV_INVALID_CLOSING_QUOTE') found ??= error;
    },
  });
  return found;
}

/** A record as this module gives it: a field with text after its closing quote is reported, its text joined. */
function checkedRecord(row: number, { record, raw }: ParsedRecord): CsvRecord {
  // Only a field read from quotes can start with a quote: most records need no second look.
  if (!record.some((field) => field.charCodeAt(0) === QUOTE)) return { row, fields: record };
  const problem = textAfterClosingQuote(raw);
  if (problem === undefined || typeof problem.column !== 'number' || typeof problem.raw !== 'string') {
    return { row, fields: record };
  }
  const index = problem.column;
  // Relaxed, csv-parse kept `"` + content + `"` + rest; the rest runs from the closing quote to the field's end.
  const after = raw.slice(problem.raw.length);
  const end = after.search(FIELD_END);
  const rest = end === -1 ? after : after.slice(0, end);
  const read = record[index];
  const fields = [...record];
  fields[index] = read.slice(1, read.length - rest.length - 1) + rest;
  return {
    row,
    fields,
    problem: `第 ${index + 1} 个字段的结束引号后还有字符：字段内的英文双引号要写成两个（""）`,
  };
}

/** The fields an unclosed quote's record completed before it: its text read again with the quote closed. */
function fieldsBefore(error: CsvError): string[] {
  if (typeof error.raw !== 'string' || typeof error.index !== 'number') return [];
  const options: Options = { ...DIALECT, raw: false, relax_quotes: true };
  const [record] = parseWhole(`${error.raw}"`, options);
  return (record ?? []).slice(0, error.index);
}

/**
 * Splits a CSV file into records; the file may arrive in arbitrary pieces (a record may span many). Drives a
 * csv-parse stream by hand: each piece is written and the records it completed are read back at once.
 */
export class CsvTokenizer {
  private readonly parser: Parser;
  private row = 0;
  private failed = false;

  constructor(private readonly maxRecordChars: number = MAX_RECORD_CHARS) {
    this.parser = new Parser({ ...DIALECT, bom: true, relax_quotes: true, max_record_size: maxRecordChars });
    // A parse error is taken from `errored` after the write that met it; the listener keeps it from being thrown.
    this.parser.on('error', () => undefined);
  }

  /** The records completed by this piece of the file. */
  feed(piece: string | Uint8Array): CsvRecord[] {
    if (this.failed) return [];
    this.parser.write(piece);
    return this.take();
  }

  /** The last record, which may lack a final line break. */
  end(): CsvRecord[] {
    if (this.failed) return [];
    this.parser.end();
    return this.take();
  }

  private take(): CsvRecord[] {
    // csv-parse switches to UTF-16 on its byte-order mark, but keeps looking for UTF-8's two-byte line end at
    // the end of a piece, so a line end cut between pieces would read as a blank row. Refused, as a GBK file is
    // told to be saved again (docs/api.md, "Journal file format v1": UTF-8).
    if (this.parser.options.encoding !== 'utf8') {
      this.failed = true;
      return [{ row: 1, fields: [], problem: UTF16_PROBLEM, fatal: true }];
    }
    const records: CsvRecord[] = [];
    for (let next: ParsedRecord | null = this.parser.read(); next !== null; next = this.parser.read()) {
      records.push(checkedRecord(++this.row, next));
    }
    const error = this.parser.errored;
    if (error) {
      this.failed = true;
      records.push(this.fatal(error));
    }
    return records;
  }

  private fatal(error: Error): CsvRecord {
    const row = this.row + 1;
    if (!(error instanceof CsvError)) throw error;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      const fields = fieldsBefore(error);
      return {
        row,
        fields,
        problem: `引号未闭合：第 ${fields.length + 1} 个字段以英文双引号开头但没有结束引号，其后的内容无法读取`,
        fatal: true,
      };
    }
    if (error.code === 'CSV_MAX_RECORD_SIZE') {
      return {
        row,
        fields: [],
        problem: `本行过长（超过 ${this.maxRecordChars} 个字符）：可能有字段缺少结束引号，其后的内容无法读取`,
        fatal: true,
      };
    }
    throw error;
  }
}

/**
 * The records of a CSV upload (UTF-8, with or without BOM), streamed chunk by chunk: each yield is the
 * records the chunk completed, so a million-row file costs a few thousand awaits rather than one a record.
 * Never more than one chunk and one record of the file in memory. `onBytes` hears the bytes consumed so
 * far and may throw (a size limit).
 */
export async function* readCsvChunks(
  input: JournalInput,
  onBytes: (total: number) => void,
): AsyncGenerator<CsvRecord[], void, undefined> {
  const tokenizer = new CsvTokenizer();
  let bytes = 0;
  for await (const chunk of input as AsyncIterable<Uint8Array | string>) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    onBytes(bytes);
    yield tokenizer.feed(chunk);
  }
  yield tokenizer.end();
}

/** The records of a CSV upload one by one (see readCsvChunks). */
export async function* readCsvRecords(
  input: JournalInput,
  onBytes: (total: number) => void,
): AsyncGenerator<CsvRecord, void, undefined> {
  for await (const records of readCsvChunks(input, onBytes)) yield* records;
}

/**
 * Reads a CSV journal as batches of validated rows. Throws JournalLimitError as soon as a limit is passed.
 */
export async function* parseJournalCsv(
  input: JournalInput,
  options: JournalParseOptions = {},
): AsyncGenerator<JournalBatch, void, undefined> {
  const assembler = new JournalAssembler(resolveJournalOptions(options), true);
  reading: for await (const records of readCsvChunks(input, (total) => assembler.advanceBytes(total))) {
    for (const record of records) {
      if (record.fatal) assembler.fail(record.row, record.problem ?? '');
      else if (record.problem !== undefined) assembler.reject(record.row, record.problem);
      else {
        const batch = assembler.push(record.row, record.fields);
        if (batch) yield batch;
      }
      if (assembler.stopped) break reading;
    }
  }
  const last = assembler.finish();
  if (last) yield last;
}
