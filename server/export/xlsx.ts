/**
 * Streaming `.xlsx` exports (api.md, "Exports"): rows go from an async iterable straight into exceljs's
 * streaming writer and out through the reply, so a 100,000-row list never sits in memory as a workbook.
 */
import { PassThrough } from 'node:stream';
import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

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

export interface XlsxExport<T> {
  /** ASCII stem of the file name, e.g. `alarm-types`; a timestamp and `.xlsx` are appended. */
  fileStem: string;
  sheetName: string;
  columns: XlsxColumn<T>[];
  rows: AsyncIterable<T> | Iterable<T>;
}

/** `alarm-types-20260102030405.xlsx`: the same timestamp form as the SPA's download names. */
export function exportFileName(stem: string, now: Date = new Date()): string {
  return `${stem}-${dayjs(now).format('YYYYMMDDHHmmss')}.xlsx`;
}

/** `YYYY-MM-DD HH:mm:ss`, zero padded, in the given time zone: how every date-time of an export reads. */
export function dateTimeWriter(timeZone: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (date) => {
    const part = Object.fromEntries(format.formatToParts(date).map(({ type, value }) => [type, value]));
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}

async function writeWorkbook<T>(
  stream: PassThrough,
  { sheetName, columns, rows }: XlsxExport<T>,
  timeZone: string,
): Promise<void> {
  const dateTime = dateTimeWriter(timeZone);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of rows) {
    sheet
      .addRow(
        columns.map((column) => {
          const value = column.value(row);
          return value instanceof Date ? dateTime(value) : value;
        }),
      )
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * Answers the request with the streamed workbook. A failure after the first bytes have left can only
 * cut the download short (the status is already sent): the stream is destroyed and the error logged.
 */
export function sendXlsx<T>(reply: FastifyReply, spec: XlsxExport<T>): FastifyReply {
  const stream = new PassThrough();
  writeWorkbook(stream, spec, reply.server.plantTimeZone).catch((error: unknown) => {
    reply.log.error({ err: error }, 'xlsx export failed');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${exportFileName(spec.fileStem)}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
