/**
 * Vocabulary of the alarm-journal reader (docs/api.md, "Journal file format v1"). A journal file or a JSON ingest
 * body becomes validated `JournalRow`s plus per-row `JournalError`s; the import is all-or-nothing, so the
 * caller stores nothing when any error was reported.
 */

import type { Priority } from '../../../contract/vocabulary';
import type { EventType } from '../kpi/types';

/** One validated journal line. Optional fields are absent (undefined) when their cell was empty. */
export interface JournalRow {
  /** 1-based row of the file, header included (CSV: record number, as Excel numbers rows; xlsx: sheet row). */
  row: number;
  /** Epoch milliseconds, UTC. */
  time: number;
  tag: string;
  condition: string;
  event: EventType;
  priority?: Priority;
  console?: string;
  unit?: string;
  description?: string;
  /** A number when the text is a plain decimal number, else the text (e.g. `OPEN`). */
  value?: number | string;
}

/** A problem found in one row; `column` is the journal column name, or '' when the whole row is at fault. */
export interface JournalError {
  row: number;
  column: string;
  message: string;
}

/** What a parser yields: rows in file order, at most `batchSize` of them, and the errors found meanwhile. */
export interface JournalBatch {
  rows: JournalRow[];
  /** Errors found since the previous batch, among the first `maxErrors` of the file. */
  errors: JournalError[];
  /** Errors found so far, including those beyond `maxErrors`. */
  errorCount: number;
  /** Data rows read so far (header and blank rows excluded). */
  rowsRead: number;
}

export interface JournalProgress {
  rowsRead: number;
  /** Bytes of the file consumed so far (for xlsx: compressed bytes). */
  bytesRead: number;
}

export type JournalFormat = 'csv' | 'xlsx';

export interface JournalParseOptions {
  /** IANA name of the plant time zone, for times written without an offset. */
  timeZone?: string;
  /** Most rows per yielded batch. */
  batchSize?: number;
  maxBytes?: number;
  maxRows?: number;
  /** Errors reported in detail; the rest are only counted. */
  maxErrors?: number;
  /** Called every `batchSize` rows, every MiB read, and once at the end. */
  onProgress?: (progress: JournalProgress) => void;
  /** What an xlsx upload may unpack to (UNPACK_LIMITS unless given). */
  unpack?: UnpackLimits;
}

/** Bounds of what an xlsx upload (a ZIP archive) may unpack to: docs/api.md, "Import limits". */
export interface UnpackLimits {
  /** Most bytes the entries of an archive may unpack to, together. */
  maxUnpackedBytes: number;
  /** Most an entry of more than 1 MiB may be compressed: uncompressed size ÷ compressed size. */
  maxRatio: number;
}

/** Limits of docs/api.md; the upload route should use the same figure for its own body limit. */
export const JOURNAL_LIMITS = Object.freeze({
  maxBytes: 200 * 1024 * 1024,
  maxRows: 5_000_000,
  maxErrors: 1000,
});

export const DEFAULT_JOURNAL_BATCH_SIZE = 1000;

/** The file is larger than allowed: the endpoint answers 413 with code 1 and stores nothing. */
export class JournalLimitError extends Error {
  readonly statusCode = 413;
  readonly code = 1;

  constructor(
    readonly limit: 'bytes' | 'rows',
    readonly max: number,
  ) {
    super(
      limit === 'bytes'
        ? `文件过大：超过 ${formatMegabytes(max)} 的上限，请按时间拆分后分批导入`
        : `行数过多：超过 ${max.toLocaleString('en-US')} 行的上限，请按时间拆分后分批导入`,
    );
    this.name = 'JournalLimitError';
  }
}

/** The file as a whole cannot be read (not an xlsx workbook, corrupt, old .xls): code 1, nothing stored. */
export class JournalFileError extends Error {
  readonly statusCode = 400;
  readonly code = 1;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'JournalFileError';
  }
}

function formatMegabytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MB` : `${bytes} 字节`;
}
