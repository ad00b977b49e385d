/**
 * Streaming CSV journal reader (RFC 4180: quoted fields with commas, doubled quotes and line breaks; CRLF,
 * LF or CR line ends). Written here rather than using exceljs's bundled fast-csv: that package is not a
 * declared dependency, keeps the whole rest of the file in memory after an unclosed quote (and copies it
 * into its error message), and does not tell the record a problem started at.
 *
 * Rows are numbered as Excel numbers them: one per record (a quoted line break does not start a row), the
 * header is row 1 and blank lines count. Blank rows (also `,,,` rows) are skipped anywhere.
 */
import type { Readable } from 'node:stream';
import { JournalAssembler, resolveJournalOptions } from './assembler';
import type { JournalBatch, JournalParseOptions } from './types';

/** A journal file as a Node stream or any async iterable of chunks (strings are taken as already decoded). */
export type JournalInput = Readable | AsyncIterable<Uint8Array | string>;

/** Longest record kept while waiting for its end; beyond it a quote was almost surely left open. */
export const MAX_RECORD_CHARS = 1024 * 1024;

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

export interface CsvRecord {
  row: number;
  fields: string[];
  /** The record could not be split cleanly (reported as a row error). */
  problem?: string;
  /** Nothing after this record can be read. */
  fatal?: boolean;
}

function findDelimiter(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === COMMA || code === LF || code === CR) return index;
  }
  return -1;
}

/** Splits decoded text into records; text may arrive in arbitrary pieces (a record may span many). */
export class CsvTokenizer {
  private pending = '';
  private row = 0;
  private started = false;
  private failed = false;

  constructor(private readonly maxRecordChars: number = MAX_RECORD_CHARS) {}

  /** The records completed by this piece of text. */
  feed(text: string): CsvRecord[] {
    if (this.failed) return [];
    let piece = text;
    if (!this.started && piece.length > 0) {
      this.started = true;
      if (piece.charCodeAt(0) === 0xfeff) piece = piece.slice(1);
    }
    return this.scan(this.pending + piece, false);
  }

  /** The last record, which may lack a final line break. */
  end(): CsvRecord[] {
    if (this.failed) return [];
    return this.scan(this.pending, true);
  }

  private scan(text: string, final: boolean): CsvRecord[] {
    const records: CsvRecord[] = [];
    const length = text.length;
    let position = 0;

    scanning: while (position < length) {
      const fields: string[] = [];
      let problem: string | undefined;
      let cursor = position;
      for (;;) {
        let value: string;
        if (text.charCodeAt(cursor) === QUOTE) {
          value = '';
          let from = cursor + 1;
          for (;;) {
            const close = text.indexOf('"', from);
            if (close === -1 && final) {
              this.failed = true;
              this.pending = '';
              records.push({
                row: this.row + 1,
                fields,
                problem: `引号未闭合：第 ${fields.length + 1} 个字段以英文双引号开头但没有结束引号，其后的内容无法读取`,
                fatal: true,
              });
              return records;
            }
            // The character after a quote decides between "" (a literal quote) and the field's end.
            if (close === -1 || (close + 1 === length && !final)) break scanning;
            if (text.charCodeAt(close + 1) === QUOTE) {
              value += text.slice(from, close + 1);
              from = close + 2;
              continue;
            }
            value += text.slice(from, close);
            cursor = close + 1;
            break;
          }
          if (cursor < length) {
            const next = text.charCodeAt(cursor);
            if (next !== COMMA && next !== LF && next !== CR) {
              problem ??= `第 ${fields.length + 1} 个字段的结束引号后还有字符：字段内的英文双引号要写成两个（""）`;
              const end = findDelimiter(text, cursor);
              if (end === -1 && !final) break scanning;
              const stop = end === -1 ? length : end;
              value += text.slice(cursor, stop);
              cursor = stop;
            }
          }
        } else {
          const end = findDelimiter(text, cursor);
          if (end === -1 && !final) break scanning;
          const stop = end === -1 ? length : end;
          value = text.slice(cursor, stop);
          cursor = stop;
        }
        fields.push(value);

        if (cursor >= length) break;
        const delimiter = text.charCodeAt(cursor);
        if (delimiter === COMMA) {
          cursor++;
          // A trailing comma needs the next piece to know the last field.
          if (cursor >= length && !final) break scanning;
          continue;
        }
        if (delimiter === CR) {
          // CR LF split across pieces: wait, or the LF would read as a blank row.
          if (cursor + 1 >= length && !final) break scanning;
          cursor += text.charCodeAt(cursor + 1) === LF ? 2 : 1;
        } else {
          cursor++;
        }
        break;
      }
      position = cursor;
      this.row++;
      records.push(problem === undefined ? { row: this.row, fields } : { row: this.row, fields, problem });
    }

    this.pending = final ? '' : text.slice(position);
    if (this.pending.length > this.maxRecordChars) {
      this.failed = true;
      this.pending = '';
      records.push({
        row: this.row + 1,
        fields: [],
        problem: `本行过长（超过 ${this.maxRecordChars} 个字符）：可能有字段缺少结束引号，其后的内容无法读取`,
        fatal: true,
      });
    }
    return records;
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
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  for await (const chunk of input as AsyncIterable<Uint8Array | string>) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    onBytes(bytes);
    yield tokenizer.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  }
  yield [...tokenizer.feed(decoder.decode()), ...tokenizer.end()];
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
