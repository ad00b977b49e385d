/**
 * Streaming `.xlsx` exports (docs/api.md, "Exports"): rows go from an async iterable straight into the streaming
 * writer of ./xlsxWriter and out through the reply, so a 100,000-row list never sits in memory as a workbook.
 */
import { Readable } from 'node:stream';
import dayjs from 'dayjs';
import type { FastifyReply } from 'fastify';
import { dateTimeText } from '../../common/wallClock';
import { type SheetCell, type SheetContent, xlsxBytes } from './xlsxWriter';

declare module 'fastify' {
  interface FastifyInstance {
    /** PLANT_TZ: exports write date-times as the plant reads them. */
    plantTimeZone: string;
  }
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type CellValue = string | number | boolean | Date | null;

export interface XlsxColumn<T> {
  header: string;
  value: (row: T) => CellValue;
  /** In characters; 16 when not given. */
  width?: number;
}

/**
 * A sheet: its rows in hand, or read a batch at a time with their number counted beforehand — the `x-row-count`
 * header the SPA reports 「已导出 N 行」 by leaves before the first row.
 */
export type XlsxSheet<T> = {
  sheetName: string;
  columns: XlsxColumn<T>[];
} & ({ rows: readonly T[] } | { rows: AsyncIterable<T>; count: number });

export type XlsxExport<T> = XlsxSheet<T> & {
  /** ASCII stem of the file name, e.g. `alarm-types`; a timestamp and `.xlsx` are appended. */
  fileStem: string;
};

/** The response header that says how many rows an export holds (all its sheets together). */
export const ROW_COUNT_HEADER = 'x-row-count';

const rowCount = (sheet: XlsxSheet<unknown>): number => ('count' in sheet ? sheet.count : sheet.rows.length);

/** A workbook of several sheets, each with its own row type (a board and its tables). */
export interface XlsxWorkbookExport<Rows extends unknown[]> {
  fileStem: string;
  sheets: { [K in keyof Rows]: XlsxSheet<Rows[K]> };
}

/** `alarm-types-20260102030405.xlsx`: the same timestamp form as the SPA's download names. */
export function exportFileName(stem: string, now: Date = new Date()): string {
  return `${stem}-${dayjs(now).format('YYYYMMDDHHmmss')}.xlsx`;
}

/** A sheet's rows as the writer's cells: dates as the plant reads them. */
function sheetContent<T>({ sheetName, columns, rows }: XlsxSheet<T>, dateTime: (date: Date) => string): SheetContent {
  async function* cells(): AsyncGenerator<SheetCell[]> {
    for await (const row of rows) {
      yield columns.map((column) => {
        const value = column.value(row);
        return value instanceof Date ? dateTime(value) : value;
      });
    }
  }
  return {
    name: sheetName,
    header: columns.map((column) => column.header),
    widths: columns.map((column) => column.width ?? 16),
    rows: cells(),
  };
}

/** Answers the request with a streamed one-sheet workbook. */
export function sendXlsx<T>(reply: FastifyReply, { fileStem, ...sheet }: XlsxExport<T>): FastifyReply {
  return sendWorkbook<[T]>(reply, { fileStem, sheets: [sheet as XlsxSheet<T>] });
}

/**
 * Answers the request with the streamed workbook, its sheets in order. A failure after the first bytes
 * have left can only cut the download short (the status is already sent): Fastify destroys the response
 * and logs the error.
 */
export function sendWorkbook<Rows extends unknown[]>(
  reply: FastifyReply,
  { fileStem, sheets }: XlsxWorkbookExport<Rows>,
): FastifyReply {
  const dateTime = dateTimeText(reply.server.plantTimeZone);
  const stream = Readable.from(xlsxBytes(sheets.map((sheet) => sheetContent(sheet, dateTime))));
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${exportFileName(fileStem)}"`)
    .header('cache-control', 'no-store')
    .header(ROW_COUNT_HEADER, String((sheets as XlsxSheet<unknown>[]).reduce((sum, sheet) => sum + rowCount(sheet), 0)))
    .send(stream);
}

/** An optional ISO time of a row as a cell: a date the sheet writes on the plant clock, or empty. */
export const timeCell = (iso: string | null): Date | null => (iso ? new Date(iso) : null);
