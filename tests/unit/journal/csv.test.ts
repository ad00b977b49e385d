import { Readable } from 'node:stream';
import { CsvTokenizer, JournalLimitError, type JournalProgress, parseJournalCsv } from '../../../server/domain/journal';
import { bytesOf, csv, HEADER, readAll, utc } from './helpers';

function tokenize(text: string, pieces: readonly number[] = []): { row: number; fields: string[]; problem?: string }[] {
  const tokenizer = new CsvTokenizer();
  const records = [];
  let from = 0;
  for (const to of [...pieces, text.length]) {
    records.push(...tokenizer.feed(text.slice(from, to)));
    from = to;
  }
  records.push(...tokenizer.end());
  return records;
}

describe('CsvTokenizer (RFC 4180)', () => {
  const tricky = 'a,"b,c","say ""hi""","line1\r\nline2"\r\n,,\r\nx,"",y\rlast,"q"';
  const expected = [
    { row: 1, fields: ['a', 'b,c', 'say "hi"', 'line1\r\nline2'] },
    { row: 2, fields: ['', '', ''] },
    { row: 3, fields: ['x', '', 'y'] },
    { row: 4, fields: ['last', 'q'] },
  ];

  it('splits quoted commas, doubled quotes, quoted line breaks, CRLF / CR ends and a missing last line end', () => {
    expect(tokenize(tricky)).toEqual(expected);
  });

  it('gives the same records whatever the chunk boundaries (every single and double cut)', () => {
    for (let i = 0; i <= tricky.length; i++) {
      expect(tokenize(tricky, [i])).toEqual(expected);
      for (let j = i; j <= tricky.length; j += 3) expect(tokenize(tricky, [i, j])).toEqual(expected);
    }
  });

  it('emits nothing for a final line end and a blank record per blank line', () => {
    expect(tokenize('a\n')).toEqual([{ row: 1, fields: ['a'] }]);
    expect(tokenize('a\n\nb\n\n')).toEqual([
      { row: 1, fields: ['a'] },
      { row: 2, fields: [''] },
      { row: 3, fields: ['b'] },
      { row: 4, fields: [''] },
    ]);
    expect(tokenize('')).toEqual([]);
  });

  it('keeps a trailing empty field after a final comma', () => {
    expect(tokenize('a,')).toEqual([{ row: 1, fields: ['a', ''] }]);
    expect(tokenize('a,\n', [2])).toEqual([{ row: 1, fields: ['a', ''] }]);
  });

  it('keeps a quote inside an unquoted field as text, as Excel does', () => {
    expect(tokenize('5" pipe,x\n')).toEqual([{ row: 1, fields: ['5" pipe', 'x'] }]);
  });

  it('strips a BOM at the start only', () => {
    expect(tokenize('\uFEFFa,\uFEFFb\n', [1])).toEqual([{ row: 1, fields: ['a', '\uFEFFb'] }]);
  });

  it('flags text after a closing quote and goes on', () => {
    expect(tokenize('"ab"c,d\nx\n')).toEqual([
      { row: 1, fields: ['abc', 'd'], problem: '第 1 个字段的结束引号后还有字符：字段内的英文双引号要写成两个（""）' },
      { row: 2, fields: ['x'] },
    ]);
  });

  it('stops at an unclosed quote', () => {
    expect(tokenize('a,b\nc,"d\ne,f\n')).toEqual([
      { row: 1, fields: ['a', 'b'] },
      {
        row: 2,
        fields: ['c'],
        problem: '引号未闭合：第 2 个字段以英文双引号开头但没有结束引号，其后的内容无法读取',
        fatal: true,
      },
    ]);
  });

  it('stops when a record outgrows the limit instead of buffering the rest of the file', () => {
    const tokenizer = new CsvTokenizer(100);
    expect(tokenizer.feed('a,b\nc,"')).toEqual([{ row: 1, fields: ['a', 'b'] }]);
    expect(tokenizer.feed('x'.repeat(200))).toEqual([
      {
        row: 2,
        fields: [],
        problem: '本行过长（超过 100 个字符）：可能有字段缺少结束引号，其后的内容无法读取',
        fatal: true,
      },
    ]);
    expect(tokenizer.feed('"\nd,e\n')).toEqual([]);
    expect(tokenizer.end()).toEqual([]);
  });
});

describe('parseJournalCsv', () => {
  it('reads a journal with BOM, columns in any order and any case, extra columns, mixed time formats', async () => {
    const file = csv(
      [
        '\uFEFFEvent,TAG,Remark,Time,CONDITION,Priority,Console,unit,Description,Value',
        'alm,FIC-1001,x,2026-03-01 08:00:00,PVHI,紧急,1#台,常减压,"流量高, 请检查",12.5',
        'RTN,FIC-1001,,2026-03-01T00:00:05Z,PVHI,,,,,',
        'Ack,"TI-2",,2026/03/01 08:00:06.5,PVHH,Low,,,"说明 ""A""",OPEN',
        'shlv,TI-3,,2026-03-01T08:00:07+08:00,PVLO,中,,,"两行\n描述",',
      ],
      '\r\n',
    );
    const { rows, errors, errorCount, rowsRead } = await readAll(parseJournalCsv(bytesOf(file)));
    expect(errors).toEqual([]);
    expect(errorCount).toBe(0);
    expect(rowsRead).toBe(4);
    expect(rows).toEqual([
      {
        row: 2,
        time: utc('2026-03-01T00:00:00Z'),
        tag: 'FIC-1001',
        condition: 'PVHI',
        event: 'ALM',
        priority: 'urgent',
        console: '1#台',
        unit: '常减压',
        description: '流量高, 请检查',
        value: 12.5,
      },
      { row: 3, time: utc('2026-03-01T00:00:05Z'), tag: 'FIC-1001', condition: 'PVHI', event: 'RTN' },
      {
        row: 4,
        time: utc('2026-03-01T00:00:06.500Z'),
        tag: 'TI-2',
        condition: 'PVHH',
        event: 'ACK',
        priority: 'low',
        description: '说明 "A"',
        value: 'OPEN',
      },
      {
        row: 5,
        time: utc('2026-03-01T00:00:07Z'),
        tag: 'TI-3',
        condition: 'PVLO',
        event: 'SHLV',
        priority: 'medium',
        description: '两行\n描述',
      },
    ]);
  });

  it('reads plant-local times in the zone given', async () => {
    const file = csv(['time,tag,condition,event', '2026-10-25 02:30:00,T,C,ALM', '2026-03-29 02:30:00,T,C,RTN']);
    const { rows, errors } = await readAll(parseJournalCsv(bytesOf(file), { timeZone: 'Europe/Berlin' }));
    expect(rows.map((row) => [row.row, row.time])).toEqual([[2, utc('2026-10-25T00:30:00Z')]]);
    expect(errors).toEqual([
      {
        row: 3,
        column: 'time',
        message:
          '时间不存在：“2026-03-29 02:30:00”在时区 Europe/Berlin 因夏令时切换被跳过，请核对时钟或写明时差（如 +01:00）',
      },
    ]);
  });

  it('skips blank rows (also all-empty ,,, rows) anywhere but keeps row numbers; ignores trailing blank lines', async () => {
    const file =
      'time,tag,condition,event\n\n2026-03-01 08:00:00,A,C,ALM\n,,,\n   ,,,\n2026-03-01 08:00:01,B,C,ALM\n\n\n\n';
    const { rows, rowsRead, errors } = await readAll(parseJournalCsv(bytesOf(file)));
    expect(rows.map((row) => [row.row, row.tag])).toEqual([
      [3, 'A'],
      [6, 'B'],
    ]);
    expect(rowsRead).toBe(2);
    expect(errors).toEqual([]);
  });

  it('numbers rows by record: a quoted line break does not start a row', async () => {
    const file = csv(['time,tag,condition,event,description', '2026-03-01 08:00:00,A,C,ALM,"1\n2\n3"', 'bad,B,C,ALM,']);
    const { rows, errors } = await readAll(parseJournalCsv(bytesOf(file)));
    expect(rows.map((row) => row.row)).toEqual([2]);
    expect(errors.map((error) => [error.row, error.column])).toEqual([[3, 'time']]);
  });

  it('reports rows with a wrong number of fields', async () => {
    const file = csv([
      'time,tag,condition,event',
      '2026-03-01 08:00:00,A,C,ALM,extra',
      '2026-03-01 08:00:00,A,C',
      '2026-03-01 08:00:00,"A,B",C,ALM',
    ]);
    const { rows, errors, rowsRead } = await readAll(parseJournalCsv(bytesOf(file)));
    expect(rows.map((row) => [row.row, row.tag])).toEqual([[4, 'A,B']]);
    expect(rowsRead).toBe(3);
    expect(errors).toEqual([
      {
        row: 2,
        column: '',
        message: '字段数量不符：本行 5 个字段，表头 4 个（内容含英文逗号时请用英文双引号括起来）',
      },
      {
        row: 3,
        column: '',
        message: '字段数量不符：本行 3 个字段，表头 4 个（内容含英文逗号时请用英文双引号括起来）',
      },
    ]);
  });

  it('missing required columns: one error each at row 1, nothing else parsed', async () => {
    const file = csv(['Tag,Priority', 'A,high', 'B,nonsense', ',']);
    const { rows, errors, errorCount, rowsRead } = await readAll(parseJournalCsv(bytesOf(file)));
    expect(rows).toEqual([]);
    expect(rowsRead).toBe(0);
    expect(errorCount).toBe(3);
    expect(errors).toEqual([
      { row: 1, column: 'time', message: '缺少必填列：time' },
      { row: 1, column: 'condition', message: '缺少必填列：condition' },
      { row: 1, column: 'event', message: '缺少必填列：event' },
    ]);
  });

  it('an empty file has no header', async () => {
    for (const file of ['', '\uFEFF', '\n\n']) {
      const { errors, rows } = await readAll(parseJournalCsv(bytesOf(file)));
      expect(rows).toEqual([]);
      expect(errors).toEqual([
        { row: 1, column: '', message: '文件为空：第一行应为表头 time,tag,condition,event,priority,…' },
      ]);
    }
  });

  it('a header-only file yields nothing', async () => {
    const { batches } = await readAll(parseJournalCsv(bytesOf(`${HEADER}\n`)));
    expect(batches).toEqual([]);
  });

  it('an unclosed quote is reported at its row and ends the file', async () => {
    const file = csv([
      'time,tag,condition,event',
      '2026-03-01 08:00:00,A,C,ALM',
      '2026-03-01 08:00:00,"B,C,ALM',
      'x,y,z,w',
    ]);
    const { rows, errors } = await readAll(parseJournalCsv(bytesOf(file)));
    expect(rows.map((row) => row.tag)).toEqual(['A']);
    expect(errors).toEqual([
      { row: 3, column: '', message: '引号未闭合：第 2 个字段以英文双引号开头但没有结束引号，其后的内容无法读取' },
    ]);
  });

  it('decodes UTF-8 split anywhere between chunks (one byte per chunk)', async () => {
    const file = csv(['time,tag,condition,event,priority,unit', '2026-03-01 08:00:00,位号一,高报,ALM,紧急,常减压装置']);
    const { rows } = await readAll(parseJournalCsv(bytesOf(file, 1)));
    expect(rows).toEqual([
      {
        row: 2,
        time: utc('2026-03-01T00:00:00Z'),
        tag: '位号一',
        condition: '高报',
        event: 'ALM',
        priority: 'urgent',
        unit: '常减压装置',
      },
    ]);
  });

  it('says so when the file is GBK rather than UTF-8', async () => {
    // "常减压" in GBK.
    const gbk = Buffer.concat([
      Buffer.from('time,tag,condition,event,unit\n2026-03-01 08:00:00,A,C,ALM,'),
      Buffer.from([0xb3, 0xa3, 0xbc, 0xf5, 0xd1, 0xb9]),
      Buffer.from('\n'),
    ]);
    const { errors } = await readAll(parseJournalCsv(bytesOf(gbk)));
    expect(errors).toEqual([
      {
        row: 2,
        column: 'unit',
        message:
          '装置含有无法识别的字符（�）：文件可能不是 UTF-8 编码（如 GBK），请在 Excel 中另存为“CSV UTF-8（逗号分隔）”',
      },
    ]);
  });

  it('refuses a UTF-16 file at row 1 whatever the chunk boundaries (csv-parse would switch to UTF-16 on its BOM)', async () => {
    const file = Buffer.from(
      csv(['\uFEFFtime,tag,condition,event', '2026-03-01 08:00:00,位号,C,ALM'], '\r\n'),
      'utf16le',
    );
    for (const size of [1, 3, file.length]) {
      const { rows, errors } = await readAll(parseJournalCsv(bytesOf(file, size)));
      expect(rows).toEqual([]);
      expect(errors).toEqual([
        {
          row: 1,
          column: '',
          message: '文件是 UTF-16（Unicode）编码：请在 Excel 中另存为“CSV UTF-8（逗号分隔）”后再导入',
        },
      ]);
    }
  });

  it('accepts already-decoded text chunks', async () => {
    async function* pieces() {
      yield '\uFEFFtime,tag,condition,event\n2026-03-01 08:';
      yield '00:00,A,C,ALM\n';
    }
    const { rows } = await readAll(parseJournalCsv(pieces()));
    expect(rows).toEqual([{ row: 2, time: utc('2026-03-01T00:00:00Z'), tag: 'A', condition: 'C', event: 'ALM' }]);
  });

  it('yields batches of at most batchSize rows, in file order', async () => {
    const lines = ['time,tag,condition,event'];
    for (let i = 0; i < 10; i++) lines.push(`2026-03-01 08:00:${String(i).padStart(2, '0')},T${i},C,ALM`);
    const { batches, rows } = await readAll(parseJournalCsv(bytesOf(csv(lines), 7), { batchSize: 3 }));
    expect(batches.map((batch) => batch.rows.length)).toEqual([3, 3, 3, 1]);
    expect(batches.map((batch) => batch.rowsRead)).toEqual([3, 6, 9, 10]);
    expect(rows.map((row) => row.tag)).toEqual(['T0', 'T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9']);
    expect(rows.map((row) => row.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('carries errors in the batch they were found in, and the final totals in the last batch', async () => {
    const lines = ['time,tag,condition,event'];
    for (let i = 0; i < 7; i++) lines.push(i % 3 === 1 ? `bad,T${i},C,ALM` : `2026-03-01 08:00:00,T${i},C,ALM`);
    const { batches } = await readAll(parseJournalCsv(bytesOf(csv(lines)), { batchSize: 2 }));
    expect(
      batches.map((batch) => ({
        tags: batch.rows.map((row) => row.tag),
        errorRows: batch.errors.map((error) => error.row),
        errorCount: batch.errorCount,
        rowsRead: batch.rowsRead,
      })),
    ).toEqual([
      { tags: ['T0', 'T2'], errorRows: [3], errorCount: 1, rowsRead: 3 },
      { tags: ['T3', 'T5'], errorRows: [6], errorCount: 2, rowsRead: 6 },
      { tags: ['T6'], errorRows: [], errorCount: 2, rowsRead: 7 },
    ]);
  });

  it('reports the first 1,000 errors and counts them all', async () => {
    const lines = ['time,tag,condition,event'];
    for (let i = 0; i < 1500; i++) lines.push(`2026-03-01 08:00:00,T${i},C,NOPE`);
    lines.push('2026-03-01 08:00:00,OK,C,ALM');
    const { errors, errorCount, rows, rowsRead } = await readAll(parseJournalCsv(bytesOf(csv(lines))));
    expect(errors).toHaveLength(1000);
    expect(errorCount).toBe(1500);
    expect(rowsRead).toBe(1501);
    expect(errors[0]).toEqual({
      row: 2,
      column: 'event',
      message: '事件类型无效：“NOPE”，应为 ALM RTN ACK SHLV UNSHLV SUPP UNSUPP OOS INS',
    });
    expect(errors[999].row).toBe(1001);
    expect(rows.map((row) => row.tag)).toEqual(['OK']);
  });

  it('counts errors past a custom cap in a final batch without rows', async () => {
    const lines = ['time,tag,condition,event', '2026-03-01 08:00:00,A,C,ALM', 'x,B,C,ALM', 'x,C,C,ALM', 'x,D,C,ALM'];
    const { batches } = await readAll(parseJournalCsv(bytesOf(csv(lines)), { maxErrors: 1, batchSize: 1 }));
    expect(batches.map((batch) => [batch.rows.length, batch.errors.length, batch.errorCount])).toEqual([
      [1, 0, 0],
      [0, 1, 3],
    ]);
  });

  it('reports progress every batchSize rows and at the end, with bytes read', async () => {
    const lines = ['time,tag,condition,event'];
    for (let i = 0; i < 5; i++) lines.push(`2026-03-01 08:00:00,T${i},C,ALM`);
    const file = csv(lines);
    const progress: JournalProgress[] = [];
    await readAll(parseJournalCsv(bytesOf(file, 10), { batchSize: 2, onProgress: (p) => progress.push(p) }));
    expect(progress.map((p) => p.rowsRead)).toEqual([2, 4, 5]);
    expect(progress.at(-1)).toEqual({ rowsRead: 5, bytesRead: Buffer.byteLength(file) });
    expect(progress[0].bytesRead).toBeGreaterThan(0);
    expect(progress[0].bytesRead).toBeLessThan(Buffer.byteLength(file));
  });
});

describe('parseJournalCsv limits', () => {
  /** A journal that never ends: the reader must stop at the limit, not at the end. */
  async function* endless(): AsyncGenerator<Buffer> {
    yield Buffer.from('time,tag,condition,event\n');
    for (let i = 0; ; i++) yield Buffer.from(`2026-03-01 08:00:00,T${i},C,ALM\n`);
  }

  it('throws JournalLimitError (413, code 1) as soon as maxBytes is passed', async () => {
    const error = await readAll(parseJournalCsv(endless(), { maxBytes: 10_000 })).catch((caught) => caught);
    expect(error).toBeInstanceOf(JournalLimitError);
    expect(error).toMatchObject({ limit: 'bytes', max: 10_000, statusCode: 413, code: 1 });
    expect(error.message).toBe('文件过大：超过 10000 字节 的上限，请按时间拆分后分批导入');
  });

  it('throws JournalLimitError as soon as maxRows is passed, before yielding rows past it', async () => {
    const seen: number[] = [];
    const error = await (async () => {
      for await (const batch of parseJournalCsv(endless(), { maxRows: 25, batchSize: 10 })) {
        seen.push(...batch.rows.map((row) => row.row));
      }
    })().catch((caught) => caught);
    expect(error).toBeInstanceOf(JournalLimitError);
    expect(error).toMatchObject({ limit: 'rows', max: 25, statusCode: 413 });
    expect(error.message).toBe('行数过多：超过 25 行的上限，请按时间拆分后分批导入');
    expect(seen).toHaveLength(20);
  });

  it('accepts a file exactly at the limits', async () => {
    const file = csv(['time,tag,condition,event', '2026-03-01 08:00:00,A,C,ALM', '2026-03-01 08:00:00,B,C,ALM']);
    const { rows } = await readAll(parseJournalCsv(bytesOf(file), { maxRows: 2, maxBytes: Buffer.byteLength(file) }));
    expect(rows.map((row) => row.tag)).toEqual(['A', 'B']);
  });

  it('uses the docs/api.md limits by default: 200 MB in the message', async () => {
    expect(new JournalLimitError('bytes', 200 * 1024 * 1024).message).toBe(
      '文件过大：超过 200 MB 的上限，请按时间拆分后分批导入',
    );
    expect(new JournalLimitError('rows', 5_000_000).message).toBe(
      '行数过多：超过 5,000,000 行的上限，请按时间拆分后分批导入',
    );
  });

  it('refuses bad options before reading', async () => {
    const source = Readable.from([Buffer.from(`${HEADER}\n`)]);
    await expect(readAll(parseJournalCsv(source, { batchSize: 0 }))).rejects.toThrow(RangeError);
    await expect(readAll(parseJournalCsv(source, { timeZone: 'Nowhere/Land' }))).rejects.toThrow(RangeError);
  });

  it('stops reading the source when the consumer stops', async () => {
    const lines = ['time,tag,condition,event'];
    for (let i = 0; i < 100; i++) lines.push(`2026-03-01 08:00:00,T${i},C,ALM`);
    const source = bytesOf(csv(lines), 50);
    for await (const batch of parseJournalCsv(source, { batchSize: 5 })) {
      expect(batch.rows).toHaveLength(5);
      break;
    }
    expect(source.destroyed).toBe(true);
  });
});
