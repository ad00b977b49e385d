import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  cellValue,
  JournalFileError,
  JournalLimitError,
  type JournalProgress,
  parseJournalXlsx,
} from '../../../server/domain/journal';
import { sheetXmlForExceljs } from '../../../server/domain/journal/sheet-xml';
import { xlsxBytes } from '../../../server/export/xlsxWriter';
import { bytesOf, readAll, utc, xlsxOf } from './helpers';

describe('parseJournalXlsx', () => {
  it('reads the first worksheet: date cells as plant-local wall time, text times, typed cells', async () => {
    const file = await xlsxOf([
      {
        name: '报警记录',
        rows: [
          ['Tag', 'EVENT', 'time', 'Condition', 'priority', 'value', 'description', '备注'],
          ['FIC-1001', 'alm', new Date(Date.UTC(2026, 2, 1, 8, 0, 0, 500)), 'PVHI', '紧急', 12.5, '流量高', 'x'],
          [1001, 'Rtn', '2026-03-01T00:00:05Z', 'PVHI', 'low', 'OPEN', null, null],
          ['TI-2', 'ACK', '2026/3/1 8:00:06', 'PVLO', null, null, null, null],
        ],
      },
    ]);
    const { rows, errors, rowsRead } = await readAll(parseJournalXlsx(bytesOf(file, 4096)));
    expect(errors).toEqual([]);
    expect(rowsRead).toBe(3);
    expect(rows).toEqual([
      {
        row: 2,
        time: utc('2026-03-01T00:00:00.500Z'),
        tag: 'FIC-1001',
        condition: 'PVHI',
        event: 'ALM',
        priority: 'urgent',
        value: 12.5,
        description: '流量高',
      },
      {
        row: 3,
        time: utc('2026-03-01T00:00:05Z'),
        tag: '1001',
        condition: 'PVHI',
        event: 'RTN',
        priority: 'low',
        value: 'OPEN',
      },
      { row: 4, time: utc('2026-03-01T00:00:06Z'), tag: 'TI-2', condition: 'PVLO', event: 'ACK' },
    ]);
  });

  it('reads date cells in a DST zone: overlap → earlier instant, gap → error', async () => {
    const file = await xlsxOf([
      {
        name: 'J',
        rows: [
          ['time', 'tag', 'condition', 'event'],
          [new Date(Date.UTC(2026, 9, 25, 2, 30)), 'A', 'C', 'ALM'],
          [new Date(Date.UTC(2026, 2, 29, 2, 30)), 'B', 'C', 'ALM'],
          [new Date(Date.UTC(2026, 6, 1, 12, 0)), 'C', 'C', 'ALM'],
        ],
      },
    ]);
    const { rows, errors } = await readAll(parseJournalXlsx(bytesOf(file), { timeZone: 'Europe/Berlin' }));
    expect(rows.map((row) => [row.tag, row.time])).toEqual([
      ['A', utc('2026-10-25T00:30:00Z')],
      ['C', utc('2026-07-01T10:00:00Z')],
    ]);
    expect(errors).toEqual([
      {
        row: 3,
        column: 'time',
        message:
          '时间不存在：“2026-03-29 02:30:00”在时区 Europe/Berlin 因夏令时切换被跳过，请核对时钟或写明时差（如 +01:00）',
      },
    ]);
  });

  it('takes rich text, formula results, hyperlinks and error cells by what Excel shows', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('J');
    sheet.addRow(['time', 'tag', 'condition', 'event', 'description']);
    sheet.addRow([
      '2026-03-01 08:00:00',
      { richText: [{ text: 'FIC-' }, { text: '1001', font: { bold: true } }] },
      { formula: 'UPPER("pvhi")', result: 'PVHI' },
      'ALM',
      { text: '操作规程', hyperlink: 'https://example.com/sop' },
    ]);
    sheet.addRow(['2026-03-01 08:00:01', 'T', 'C', { error: '#N/A' }, null]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const { rows, errors } = await readAll(parseJournalXlsx(bytesOf(file)));
    expect(rows).toEqual([
      {
        row: 2,
        time: utc('2026-03-01T00:00:00Z'),
        tag: 'FIC-1001',
        condition: 'PVHI',
        event: 'ALM',
        description: '操作规程',
      },
    ]);
    expect(errors).toEqual([
      { row: 3, column: 'event', message: '事件类型无效：“#N/A”，应为 ALM RTN ACK SHLV UNSHLV SUPP UNSUPP OOS INS' },
    ]);
  });

  it('reads inline-string and formula-string texts exactly as written, entity-like text included', async () => {
    const texts = ['&lt;b&gt;', 'R&amp;D', '&quot;', '<script>alert(1)</script>', "O'Neil & Co"];
    const header = ['time', 'tag', 'condition', 'event', 'description'];
    const rows = texts.map((text, index) => [`2026-03-01 08:00:0${index}`, `T-${index}`, 'PVHI', 'ALM', text]);
    // The console's own export writes inline strings; formula results carry the text as a cached `str`.
    const inline = Readable.from(xlsxBytes([{ name: 'J', header, widths: header.map(() => 10), rows }]));
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('J');
    sheet.addRow(header);
    for (const row of rows) sheet.addRow([...row.slice(0, 4), { formula: 'T("")', result: row[4] }]);
    const formulas = Buffer.from(await workbook.xlsx.writeBuffer());
    for (const file of [inline, bytesOf(formulas)]) {
      const { rows: read, errors } = await readAll(parseJournalXlsx(file));
      expect(errors).toEqual([]);
      expect(read.map((row) => row.description)).toEqual(texts);
    }
  });

  it('reads a large sheet of Chinese texts whole: no character is cut where the sheet is read in pieces', async () => {
    // The console's own export (inline strings), about 1 MB of sheet XML that is mostly Chinese text: the pieces
    // it is unpacked in end inside a character, save by chance.
    const header = ['time', 'tag', 'condition', 'event', 'description'];
    const rows = Array.from({ length: 1000 }, (_, index) => [
      '2026-03-01 08:00:00',
      `T-${index}`,
      'PVHI',
      'ALM',
      `${index} 号联锁 & 流量高报警：${'请检查调节阀开度与上游压力'.repeat(20)}`,
    ]);
    const file = Readable.from(xlsxBytes([{ name: 'J', header, widths: header.map(() => 10), rows }]));
    const { rows: read, errors } = await readAll(parseJournalXlsx(file));
    expect(errors).toEqual([]);
    expect(read.map((row) => row.description)).toEqual(rows.map((row) => row[4]));
  });

  it('explains a time column holding plain numbers', async () => {
    const file = await xlsxOf([
      {
        name: 'J',
        rows: [
          ['time', 'tag', 'condition', 'event'],
          [46082.5, 'A', 'C', 'ALM'],
        ],
      },
    ]);
    const { errors } = await readAll(parseJournalXlsx(bytesOf(file)));
    expect(errors).toEqual([
      {
        row: 2,
        column: 'time',
        message:
          '时间格式无法识别：“46082.5”，应为 ISO 8601 或 YYYY-MM-DD HH:mm:ss 文本（Excel 中请把时间列设为日期时间格式）',
      },
    ]);
  });

  it('reads the first tab only, even when it is not sheet1.xml', async () => {
    const workbook = new ExcelJS.Workbook();
    const ignored = workbook.addWorksheet('说明');
    ignored.addRow(['这是说明页']);
    const journal = workbook.addWorksheet('记录');
    journal.addRow(['time', 'tag', 'condition', 'event']);
    journal.addRow(['2026-03-01 08:00:00', 'A', 'C', 'ALM']);
    // exceljs orders tabs by orderNo (missing from its typings): 记录 becomes the first tab, in sheet2.xml.
    (journal as ExcelJS.Worksheet & { orderNo: number }).orderNo = 0;
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const { rows, errors } = await readAll(parseJournalXlsx(bytesOf(file)));
    expect(errors).toEqual([]);
    expect(rows.map((row) => row.tag)).toEqual(['A']);
  });

  it('ignores later worksheets, whatever they hold', async () => {
    const file = await xlsxOf([
      {
        name: 'J',
        rows: [
          ['time', 'tag', 'condition', 'event'],
          ['2026-03-01 08:00:00', 'A', 'C', 'ALM'],
        ],
      },
      { name: 'Other', rows: [['garbage'], ['more garbage']] },
    ]);
    const { rows, errors } = await readAll(parseJournalXlsx(bytesOf(file)));
    expect(rows.map((row) => row.tag)).toEqual(['A']);
    expect(errors).toEqual([]);
  });

  it('skips empty rows but keeps sheet row numbers; the header is the first filled row', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('J');
    sheet.getRow(2).values = ['time', 'tag', 'condition', 'event'];
    sheet.getRow(3).values = ['2026-03-01 08:00:00', 'A', 'C', 'ALM'];
    sheet.getRow(4).values = [null, '  ', null, null];
    sheet.getRow(6).values = ['bad', 'B', 'C', 'ALM'];
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const { rows, errors, rowsRead } = await readAll(parseJournalXlsx(bytesOf(file)));
    expect(rows.map((row) => [row.row, row.tag])).toEqual([[3, 'A']]);
    expect(errors.map((error) => [error.row, error.column])).toEqual([[6, 'time']]);
    expect(rowsRead).toBe(2);
  });

  it('missing columns: one error per column at the header row, nothing else parsed', async () => {
    const file = await xlsxOf([
      {
        name: 'J',
        rows: [
          ['tag', 'event'],
          ['A', 'NOPE'],
        ],
      },
    ]);
    const { rows, errors, rowsRead } = await readAll(parseJournalXlsx(bytesOf(file)));
    expect(rows).toEqual([]);
    expect(rowsRead).toBe(0);
    expect(errors).toEqual([
      { row: 1, column: 'time', message: '缺少必填列：time' },
      { row: 1, column: 'condition', message: '缺少必填列：condition' },
    ]);
  });

  it('an empty first sheet has no header; a workbook without sheets is refused', async () => {
    const empty = await xlsxOf([{ name: 'J', rows: [] }]);
    expect((await readAll(parseJournalXlsx(bytesOf(empty)))).errors).toEqual([
      { row: 1, column: '', message: '文件为空：第一行应为表头 time,tag,condition,event,priority,…' },
    ]);
    const none = await xlsxOf([]);
    const error = await readAll(parseJournalXlsx(bytesOf(none))).catch((caught) => caught);
    expect(error).toBeInstanceOf(JournalFileError);
    expect(error.message).toBe('xlsx 文件中没有工作表：请把报警记录放在第一个工作表');
  });

  it('batches rows in order and reports progress', async () => {
    const rows: unknown[][] = [['time', 'tag', 'condition', 'event']];
    for (let i = 0; i < 7; i++) rows.push([new Date(Date.UTC(2026, 2, 1, 8, 0, i)), `T${i}`, 'C', 'ALM']);
    const file = await xlsxOf([{ name: 'J', rows }]);
    const progress: JournalProgress[] = [];
    const result = await readAll(
      parseJournalXlsx(bytesOf(file, 1000), { batchSize: 3, onProgress: (p) => progress.push(p) }),
    );
    expect(result.batches.map((batch) => batch.rows.map((row) => row.tag))).toEqual([
      ['T0', 'T1', 'T2'],
      ['T3', 'T4', 'T5'],
      ['T6'],
    ]);
    expect(result.rows.map((row) => row.time - utc('2026-03-01T00:00:00Z'))).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((s) => s * 1000),
    );
    expect(progress.map((p) => p.rowsRead)).toEqual([3, 6, 7]);
    expect(progress.at(-1)).toEqual({ rowsRead: 7, bytesRead: file.length });
  });

  it('throws JournalLimitError past maxBytes and past maxRows', async () => {
    const rows: unknown[][] = [['time', 'tag', 'condition', 'event']];
    for (let i = 0; i < 50; i++) rows.push(['2026-03-01 08:00:00', `T${i}`, 'C', 'ALM']);
    const file = await xlsxOf([{ name: 'J', rows }]);
    const bytes = await readAll(parseJournalXlsx(bytesOf(file, 512), { maxBytes: 2000 })).catch((caught) => caught);
    expect(bytes).toBeInstanceOf(JournalLimitError);
    expect(bytes).toMatchObject({ limit: 'bytes', max: 2000 });
    const count = await readAll(parseJournalXlsx(bytesOf(file), { maxRows: 49 })).catch((caught) => caught);
    expect(count).toBeInstanceOf(JournalLimitError);
    expect(count).toMatchObject({ limit: 'rows', max: 49 });
    expect((await readAll(parseJournalXlsx(bytesOf(file), { maxRows: 50 }))).rows).toHaveLength(50);
  });

  it('refuses a file that is not an xlsx workbook, or a truncated one', async () => {
    const message =
      '无法读取 xlsx 文件：文件已损坏或不是 Excel 工作簿（.xlsx），请在 Excel 中重新另存为 .xlsx 或 CSV UTF-8';
    const garbage = await readAll(parseJournalXlsx(bytesOf('time,tag\nnot a zip\n'))).catch((caught) => caught);
    expect(garbage).toBeInstanceOf(JournalFileError);
    expect(garbage.message).toBe(message);
    const file = await xlsxOf([{ name: 'J', rows: [['time', 'tag', 'condition', 'event']] }]);
    const truncated = await readAll(parseJournalXlsx(bytesOf(file.subarray(0, file.length - 300)))).catch(
      (caught) => caught,
    );
    expect(truncated).toBeInstanceOf(JournalFileError);
    expect(truncated.message).toBe(message);
  });

  it('passes on a failure of the upload itself unchanged', async () => {
    const file = await xlsxOf([{ name: 'J', rows: [['time', 'tag', 'condition', 'event']] }]);
    async function* broken(): AsyncGenerator<Buffer> {
      yield file.subarray(0, 200);
      throw new Error('client went away');
    }
    await expect(readAll(parseJournalXlsx(broken()))).rejects.toThrow('client went away');
  });

  it('releases the upload when the consumer stops early', async () => {
    const rows: unknown[][] = [['time', 'tag', 'condition', 'event']];
    for (let i = 0; i < 30; i++) rows.push(['2026-03-01 08:00:00', `T${i}`, 'C', 'ALM']);
    const source = bytesOf(await xlsxOf([{ name: 'J', rows }]), 256);
    for await (const batch of parseJournalXlsx(source, { batchSize: 10 })) {
      expect(batch.rows).toHaveLength(10);
      break;
    }
    expect(source.destroyed).toBe(true);
  });
});

describe('sheetXmlForExceljs', () => {
  const xml = '<c t="inlineStr"><is><t>R&amp;D &#38;lt; &#x26; &lt;b&gt; 流量高 😀</t></is></c>';
  const expected = '<c t="inlineStr"><is><t>R&amp;amp;D &amp;amp;lt; &amp;amp; &lt;b&gt; 流量高 😀</t></is></c>';

  it('cut anywhere, hands on whole characters and references, each reference to & doubled', async () => {
    const bytes = Buffer.from(xml);
    const fatal = new TextDecoder('utf-8', { fatal: true });
    for (let cut = 0; cut <= bytes.length; cut++) {
      const pieces: Buffer[] = [];
      for await (const piece of sheetXmlForExceljs([bytes.subarray(0, cut), bytes.subarray(cut)])) pieces.push(piece);
      // Each piece decodes on its own, as exceljs decodes it.
      expect(pieces.map((piece) => fatal.decode(piece)).join('')).toBe(expected);
    }
  });

  it('hands on a piece without an ampersand or a cut character as it came', async () => {
    const pieces: Buffer[] = [];
    for await (const piece of sheetXmlForExceljs(['<v>12.5</v>', '<t>流量</t>'])) pieces.push(piece);
    expect(pieces.map(String)).toEqual(['<v>12.5</v>', '<t>流量</t>']);
  });
});

describe('cellValue', () => {
  it('flattens exceljs cell values', () => {
    const date = new Date(Date.UTC(2026, 0, 1));
    expect(cellValue(undefined)).toBeUndefined();
    expect(cellValue(null)).toBeNull();
    expect(cellValue(3)).toBe(3);
    expect(cellValue(true)).toBe(true);
    expect(cellValue(date)).toBe(date);
    expect(cellValue({ richText: [{ text: 'a' }, { text: 'b' }] })).toBe('ab');
    expect(cellValue({ formula: 'A1', result: 7 })).toBe(7);
    expect(cellValue({ sharedFormula: 'A1', result: { error: '#DIV/0!' } })).toBe('#DIV/0!');
    expect(cellValue({ text: { richText: [{ text: 'link' }] }, hyperlink: 'x' })).toBe('link');
    expect(cellValue({ error: '#REF!' })).toBe('#REF!');
  });
});
