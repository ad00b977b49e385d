/** xlsx archives read within what they unpack to (docs/api.md, "Import limits"). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalFileError, parseJournalXlsx } from '../../../server/domain/journal';
import { bytesOf, deflated, MAIN, RELATIONS, readAll, SHEET, WORKBOOK, xlsxOf, zipOf } from './helpers';

/** A sheet of inline texts. */
function inlineSheet(rows: readonly (readonly string[])[]): string {
  const xml = rows.map(
    (cells, row) =>
      `<row r="${row + 1}">${cells
        .map(
          (text, column) =>
            `<c r="${String.fromCharCode(65 + column)}${row + 1}" t="inlineStr"><is><t>${text}</t></is></c>`,
        )
        .join('')}</row>`,
  );
  return `<worksheet xmlns="${MAIN}"><sheetData>${xml.join('')}</sheetData></worksheet>`;
}

const ROWS = [
  ['time', 'tag', 'condition', 'event'],
  ['2026-03-01 08:00:00', 'ZIP-1', 'PVHI', 'ALM'],
  ['2026-03-01 08:00:05', 'ZIP-2', 'PVLO', 'ALM'],
];

describe('xlsx archives', () => {
  const originalTmpdir = process.env.TMPDIR;
  const base = os.tmpdir();
  let temporary: string;

  beforeEach(() => {
    temporary = fs.mkdtempSync(path.join(base, 'archive-test-'));
    process.env.TMPDIR = temporary;
  });
  afterEach(() => {
    if (originalTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = originalTmpdir;
    fs.rmSync(temporary, { recursive: true, force: true });
  });

  it('reads a sheet of inline texts without shared strings, the sheet first, leaving no temporary file', async () => {
    const file = zipOf([deflated(SHEET, inlineSheet(ROWS)), WORKBOOK, RELATIONS]);
    const { rows, errors } = await readAll(parseJournalXlsx(bytesOf(file, 100)));
    expect(errors).toEqual([]);
    expect(rows.map((row) => row.tag)).toEqual(['ZIP-1', 'ZIP-2']);
    expect(fs.readdirSync(temporary)).toEqual([]);
  });

  it('reads the first tab that is a worksheet: a chart sheet before it and worksheets stored before it passed over', async () => {
    const workbook = deflated(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:rel="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>` +
        '<sheet name="趋势图" sheetId="3" rel:id="rId7"/><sheet name="记录" sheetId="2" rel:id="rId5"/>' +
        '<sheet name="说明" sheetId="1" rel:id="rId6"/></sheets></workbook>',
    );
    const worksheet = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet';
    const relations = deflated(
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId6" Type="${worksheet}" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Target="/xl/worksheets/sheet2.xml" Type="${worksheet}" Id="rId5"/>` +
        '<Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chartsheet" ' +
        'Target="chartsheets/sheet1.xml"/></Relationships>',
    );
    const file = zipOf([
      workbook,
      relations,
      deflated('xl/chartsheets/sheet1.xml', '<chartsheet/>'),
      deflated(SHEET, inlineSheet([['这是说明页']])),
      deflated('xl/worksheets/sheet2.xml', inlineSheet(ROWS)),
    ]);
    const { rows, errors } = await readAll(parseJournalXlsx(bytesOf(file, 100)));
    expect(errors).toEqual([]);
    expect(rows.map((row) => row.tag)).toEqual(['ZIP-1', 'ZIP-2']);
  });

  it('refuses a workbook whose only tab is a chart sheet', async () => {
    const workbook = deflated(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
        '<sheets><sheet name="图" sheetId="1" r:id="rId1"/></sheets></workbook>',
    );
    const relations = deflated(
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" ' +
        'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chartsheet" Target="chartsheets/sheet1.xml"/>' +
        '</Relationships>',
    );
    const file = zipOf([workbook, relations, deflated('xl/chartsheets/sheet1.xml', '<chartsheet/>')]);
    const refused = await readAll(parseJournalXlsx(bytesOf(file))).catch((caught) => caught);
    expect(refused).toBeInstanceOf(JournalFileError);
    expect(refused.message).toBe('xlsx 文件中没有工作表：请把报警记录放在第一个工作表');
  });

  it('reads sizes and offsets from a ZIP64 extra field', async () => {
    const file = zipOf([WORKBOOK, RELATIONS, { ...deflated(SHEET, inlineSheet(ROWS)), zip64: true }]);
    const { rows } = await readAll(parseJournalXlsx(bytesOf(file)));
    expect(rows.map((row) => row.tag)).toEqual(['ZIP-1', 'ZIP-2']);
  });

  it('holds a workbook to the limits it is given', async () => {
    const file = await xlsxOf([{ name: 'J', rows: ROWS }]);
    const refused = await readAll(
      parseJournalXlsx(bytesOf(file), { unpack: { maxUnpackedBytes: 4096, maxRatio: 100 } }),
    ).catch((caught) => caught);
    expect(refused).toBeInstanceOf(JournalFileError);
    expect(refused.message).toMatch(/^文件解压后超过 \d+ MB 上限（xlsx 文件声明解压后共 \d+ MB）：请拆分后分批导入$/);
    expect(fs.readdirSync(temporary)).toEqual([]);
  });

  it('refuses a sheet that inflates to less than declared as unreadable', async () => {
    const sheet = deflated(SHEET, inlineSheet(ROWS));
    const file = zipOf([WORKBOOK, RELATIONS, { ...sheet, size: sheet.size + 10 }]);
    const refused = await readAll(parseJournalXlsx(bytesOf(file))).catch((caught) => caught);
    expect(refused).toBeInstanceOf(JournalFileError);
    expect(refused.message).toMatch(/^无法读取 xlsx 文件/);
    expect(fs.readdirSync(temporary)).toEqual([]);
  });

  it('removes the temporary file of a larger upload when the consumer stops early', async () => {
    const rows: string[][] = [['time', 'tag', 'condition', 'event']];
    for (let i = 0; i < 20_000; i++) rows.push(['2026-03-01 08:00:00', `T${i}`, 'C', 'ALM']);
    // Stored, not compressed: over the 1 MiB kept in memory.
    const sheet = Buffer.from(inlineSheet(rows));
    const file = zipOf([WORKBOOK, RELATIONS, { name: SHEET, data: sheet, size: sheet.length, method: 0 }]);
    expect(file.length).toBeGreaterThan(1024 * 1024);
    for await (const batch of parseJournalXlsx(bytesOf(file), { batchSize: 10 })) {
      expect(fs.readdirSync(temporary)).toHaveLength(1);
      expect(batch.rows).toHaveLength(10);
      break;
    }
    expect(fs.readdirSync(temporary)).toEqual([]);
  });
});
