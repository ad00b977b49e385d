/**
 * Streaming xlsx journal reader on exceljs's WorkbookReader (never `XLSX.read` on the server: docs/architecture.md ("Habits")).
 * Reads the first worksheet in tab order (chart sheets passed over); rows are numbered as in the sheet. Date cells are wall-clock times
 * of the plant (exceljs hands them over as Dates whose UTC fields are what Excel shows).
 *
 * The upload is not handed to exceljs as it came: it is received whole (a larger one into a temporary file), its directory checked
 * against the import limits, and exceljs reads an archive rebuilt from the checked entries, each counted as it
 * inflates (./archive.ts, docs/api.md "Import limits"). That archive gives the workbook relations and shared
 * strings before the one worksheet read, prepared for exceljs (./sheet-xml.ts), so exceljs streams the sheet rather
 * than parking it in a temporary file; the upload's temporary file is removed on every ending (done, limit, refusal, consumer stop).
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { openWorkbookArchive, spoolUpload, UNPACK_LIMITS } from './archive';
import { JournalAssembler, resolveJournalOptions } from './assembler';
import type { JournalInput } from './csv';
import {
  type JournalBatch,
  JournalFileError,
  JournalLimitError,
  type JournalParseOptions,
  type UnpackLimits,
} from './types';

/** A cell as a plain value: text, number, boolean or Date (rich text joined, formulas by their result). */
export function cellValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const cell = value as { richText?: { text?: string }[]; result?: unknown; error?: unknown; text?: unknown };
  if (Array.isArray(cell.richText)) return cell.richText.map((run) => run.text ?? '').join('');
  if ('formula' in cell || 'sharedFormula' in cell) return cellValue(cell.result);
  if (typeof cell.error === 'string') return cell.error;
  if ('text' in cell) return cellValue(cell.text);
  return value;
}

/**
 * A byte after the archive. exceljs's unzipper refuses a valid workbook with FILE_ENDED when the input has
 * finished before it asks for the last record and that record ends exactly where the input does (it only
 * serves a read from what it holds when it holds more than asked): a race that busy servers lose now and
 * then. It ignores whatever follows the end-of-directory record, so one more byte takes the race away.
 */
const SLACK = Buffer.alloc(1);

/**
 * The archive as the Readable exceljs wants. A failure of the source (a limit passed, an entry refused, the
 * client gone) ends the stream instead of erroring it: exceljs pipes it into its unzipper, and `pipe` does
 * not forward errors, so the reader would wait forever. The failure is kept and rethrown by the parser.
 */
class GuardedInput {
  failure: unknown;
  readonly stream: Readable;

  constructor(input: AsyncIterable<Buffer>) {
    this.stream = Readable.from(this.chunks(input), { objectMode: false });
  }

  private async *chunks(input: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    try {
      yield* input;
      yield SLACK;
    } catch (error) {
      this.failure = error;
    }
  }

  /** Throws what went wrong with the source, if anything did. */
  check(): void {
    if (this.failure !== undefined) throw this.failure;
  }
}

/** Stops after a failure or when the consumer stopped early: the rest of the upload is dropped. */
async function abandon(sheets: AsyncGenerator<unknown>, guarded: GuardedInput): Promise<void> {
  await sheets.return(undefined);
  guarded.stream.destroy();
}

/** One row of a sheet: its 1-based number in the sheet and its cells as plain values. */
export interface SheetRow {
  row: number;
  cells: unknown[];
}

/**
 * The rows of the first worksheet of an xlsx upload, streamed. `onBytes` hears the bytes of the upload
 * received so far and may throw (a size limit): the failure ends reading and is rethrown here. `limits`
 * bound what the archive may unpack to (./archive.ts). Stopping early (a `break` in the consumer) drops the
 * rest and removes the temporary files.
 */
export async function* readXlsxRows(
  input: JournalInput,
  onBytes: (total: number) => void,
  limits: UnpackLimits = UNPACK_LIMITS,
): AsyncGenerator<SheetRow, void, undefined> {
  const upload = await spoolUpload(input, onBytes);
  try {
    const archive = await openWorkbookArchive(upload, limits);
    yield* sheetRows(archive.parts());
  } finally {
    await upload.remove();
  }
}

/** The rows of the first worksheet of a checked archive (see `readXlsxRows`). */
async function* sheetRows(archive: AsyncIterable<Buffer>): AsyncGenerator<SheetRow, void, undefined> {
  const guarded = new GuardedInput(archive);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(guarded.stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell date cells from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });

  // Iterated by hand: on failure the finally below may still need the iterator (see `abandon`).
  const sheets = workbook[Symbol.asyncIterator]();
  let complete = false;
  try {
    // The archive holds one worksheet, the first tab's (./archive.ts).
    let sheetRead = false;
    for (let next = await sheets.next(); !next.done; next = await sheets.next()) {
      sheetRead = true;
      for await (const row of next.value) {
        guarded.check();
        const values = row.values as unknown[];
        const cells: unknown[] = [];
        for (let column = 1; column < values.length; column++) cells.push(cellValue(values[column]));
        yield { row: row.number, cells };
      }
    }
    guarded.check();
    if (!sheetRead) throw new JournalFileError('xlsx 文件中没有工作表：请把报警记录放在第一个工作表');
    complete = true;
  } catch (error) {
    guarded.check();
    if (error instanceof JournalLimitError || error instanceof JournalFileError) throw error;
    throw new JournalFileError(
      '无法读取 xlsx 文件：文件已损坏或不是 Excel 工作簿（.xlsx），请在 Excel 中重新另存为 .xlsx 或 CSV UTF-8',
      { cause: error },
    );
  } finally {
    if (!complete) await abandon(sheets, guarded);
  }
}

/**
 * Reads an xlsx journal (first worksheet) as batches of validated rows. The rest of the archive is read
 * without unpacking other sheets, so the size limit applies to the whole upload and temporary files go.
 */
export async function* parseJournalXlsx(
  input: JournalInput,
  options: JournalParseOptions = {},
): AsyncGenerator<JournalBatch, void, undefined> {
  const assembler = new JournalAssembler(resolveJournalOptions(options), false);
  for await (const { row, cells } of readXlsxRows(input, (total) => assembler.advanceBytes(total), options.unpack)) {
    // Once stopped the rest is read through unparsed, so the whole upload is consumed as before.
    if (assembler.stopped) continue;
    const batch = assembler.push(row, cells);
    if (batch) yield batch;
  }
  const last = assembler.finish();
  if (last) yield last;
}
