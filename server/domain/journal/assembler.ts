/**
 * What the CSV and xlsx readers share once a file is split into rows of cells: the header, blank rows,
 * validation, limits, the error cap, batching and progress. The readers push rows and yield what comes back.
 */
import { DEFAULT_PLANT_TIME_ZONE } from '../kpi/types';
import { type JournalHeader, readJournalHeader, validateJournalRecord } from './record';
import { assertTimeZone } from './time';
import {
  DEFAULT_JOURNAL_BATCH_SIZE,
  JOURNAL_LIMITS,
  type JournalBatch,
  type JournalError,
  JournalLimitError,
  type JournalParseOptions,
  type JournalRow,
} from './types';

/** Progress is also reported per MiB read, so a slow upload or xlsx unpacking shows movement. */
const PROGRESS_BYTES = 1024 * 1024;

export interface ResolvedJournalOptions {
  timeZone: string;
  batchSize: number;
  maxBytes: number;
  maxRows: number;
  maxErrors: number;
  onProgress?: JournalParseOptions['onProgress'];
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

/** Defaults from docs/api.md; bad options and unknown time zones fail before any byte is read. */
export function resolveJournalOptions(options: JournalParseOptions): ResolvedJournalOptions {
  const timeZone = options.timeZone ?? DEFAULT_PLANT_TIME_ZONE;
  assertTimeZone(timeZone);
  return {
    timeZone,
    batchSize: positiveInteger('batchSize', options.batchSize, DEFAULT_JOURNAL_BATCH_SIZE),
    maxBytes: positiveInteger('maxBytes', options.maxBytes, JOURNAL_LIMITS.maxBytes),
    maxRows: positiveInteger('maxRows', options.maxRows, JOURNAL_LIMITS.maxRows),
    maxErrors: positiveInteger('maxErrors', options.maxErrors, JOURNAL_LIMITS.maxErrors),
    onProgress: options.onProgress,
  };
}

function isBlank(cells: readonly unknown[]): boolean {
  for (const cell of cells) {
    if (cell === undefined || cell === null) continue;
    if (typeof cell === 'string' && cell.trim() === '') continue;
    return false;
  }
  return true;
}

export class JournalAssembler {
  private header: JournalHeader | undefined;
  private rows: JournalRow[] = [];
  private errors: JournalError[] = [];
  private errorCount = 0;
  private rowsRead = 0;
  private bytesRead = 0;
  private nextProgressBytes = PROGRESS_BYTES;
  private readonly record: Record<string, unknown> = {};
  private yieldedRowsRead = 0;
  private yieldedErrorCount = 0;
  /** Nothing more is read once the header is unusable or the file structure broke. */
  stopped = false;

  constructor(
    private readonly options: ResolvedJournalOptions,
    /** CSV rows must have as many fields as the header; xlsx rows simply end at their last filled cell. */
    private readonly strictWidth: boolean,
  ) {}

  /** Total bytes consumed so far; throws JournalLimitError as soon as the file is too large. */
  advanceBytes(total: number): void {
    this.bytesRead = total;
    if (total > this.options.maxBytes) throw new JournalLimitError('bytes', this.options.maxBytes);
    if (total >= this.nextProgressBytes) {
      this.nextProgressBytes = (Math.floor(total / PROGRESS_BYTES) + 1) * PROGRESS_BYTES;
      this.reportProgress();
    }
  }

  /** One row of cells (`row` = 1-based file row); returns a batch when one is full. */
  push(row: number, cells: readonly unknown[]): JournalBatch | undefined {
    if (this.stopped || isBlank(cells)) return undefined;
    const header = this.header;
    if (!header) {
      const result = readJournalHeader(cells, row);
      if ('header' in result) this.header = result.header;
      else this.stop(result.errors);
      return undefined;
    }
    this.countRow();
    const { columns } = header;
    if (this.strictWidth && cells.length !== columns.length) {
      this.report({
        row,
        column: '',
        message: `字段数量不符：本行 ${cells.length} 个字段，表头 ${columns.length} 个（内容含英文逗号时请用英文双引号括起来）`,
      });
    } else {
      // One record object for every row: the validation reads it and keeps nothing of it.
      const record = this.record;
      for (let index = 0; index < columns.length; index++) {
        const column = columns[index];
        if (column) record[column] = cells[index];
      }
      const result = validateJournalRecord(record, row, this.options.timeZone);
      if ('row' in result) this.rows.push(result.row);
      else for (const error of result.errors) this.report(error);
    }
    return this.rows.length >= this.options.batchSize ? this.takeBatch() : undefined;
  }

  /** A row the reader could not split into cells (e.g. text after a closing quote); reading goes on. */
  reject(row: number, message: string): void {
    if (this.stopped) return;
    if (!this.header) {
      this.stop([{ row, column: '', message }]);
      return;
    }
    this.countRow();
    this.report({ row, column: '', message });
  }

  /** A structural problem after which the rest of the file cannot be read (e.g. an unclosed quote). */
  fail(row: number, message: string): void {
    if (!this.stopped) this.stop([{ row, column: '', message }]);
  }

  /** The last batch: pending rows and errors, or just the final totals when they changed. */
  finish(): JournalBatch | undefined {
    if (!this.header && !this.stopped) {
      this.stop([{ row: 1, column: '', message: '文件为空：第一行应为表头 time,tag,condition,event,priority,…' }]);
    }
    this.reportProgress();
    const changed = this.rowsRead !== this.yieldedRowsRead || this.errorCount !== this.yieldedErrorCount;
    return this.rows.length > 0 || this.errors.length > 0 || changed ? this.takeBatch() : undefined;
  }

  private countRow(): void {
    this.rowsRead++;
    if (this.rowsRead > this.options.maxRows) throw new JournalLimitError('rows', this.options.maxRows);
    if (this.rowsRead % this.options.batchSize === 0) this.reportProgress();
  }

  private stop(errors: readonly JournalError[]): void {
    for (const error of errors) this.report(error);
    this.stopped = true;
  }

  private report(error: JournalError): void {
    this.errorCount++;
    if (this.errorCount <= this.options.maxErrors) this.errors.push(error);
  }

  private reportProgress(): void {
    this.options.onProgress?.({ rowsRead: this.rowsRead, bytesRead: this.bytesRead });
  }

  private takeBatch(): JournalBatch {
    const batch: JournalBatch = {
      rows: this.rows,
      errors: this.errors,
      errorCount: this.errorCount,
      rowsRead: this.rowsRead,
    };
    this.rows = [];
    this.errors = [];
    this.yieldedRowsRead = this.rowsRead;
    this.yieldedErrorCount = this.errorCount;
    return batch;
  }
}
