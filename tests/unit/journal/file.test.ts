import { detectJournalFormat, JournalFileError, parseJournalFile } from '../../../server/domain/journal';
import { bytesOf, csv, readAll, utc, xlsxOf } from './helpers';

const ZIP = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
const OLE = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]);
const TEXT = new TextEncoder().encode('time,tag');

describe('detectJournalFormat', () => {
  it('recognises xlsx by its ZIP signature, whatever the name', () => {
    expect(detectJournalFormat('journal.xlsx', ZIP)).toBe('xlsx');
    expect(detectJournalFormat('journal.csv', ZIP)).toBe('xlsx');
    expect(detectJournalFormat(undefined, ZIP)).toBe('xlsx');
  });

  it('takes anything else as CSV', () => {
    expect(detectJournalFormat('journal.csv', TEXT)).toBe('csv');
    expect(detectJournalFormat('journal.TXT', TEXT)).toBe('csv');
    expect(detectJournalFormat(undefined, TEXT)).toBe('csv');
    expect(detectJournalFormat('empty.csv', new Uint8Array())).toBe('csv');
  });

  it('refuses old .xls files and .xlsx names with other content, saying what to do', () => {
    expect(() => detectJournalFormat('old.xls', OLE)).toThrow(
      new JournalFileError('不支持 .xls（Excel 97-2003）文件：请在 Excel 中另存为 .xlsx 或 CSV UTF-8'),
    );
    expect(() => detectJournalFormat(undefined, OLE)).toThrow(JournalFileError);
    expect(() => detectJournalFormat('renamed.XLS', TEXT)).toThrow(JournalFileError);
    expect(() => detectJournalFormat('fake.xlsx', TEXT)).toThrow(
      new JournalFileError('文件扩展名为 .xlsx，但内容不是 xlsx 工作簿：请在 Excel 中重新保存后再导入'),
    );
  });
});

describe('parseJournalFile', () => {
  const lines = ['time,tag,condition,event', '2026-03-01 08:00:00,A,C,ALM', '2026-03-01 08:00:01,B,C,RTN'];
  const expected = [
    { row: 2, time: utc('2026-03-01T00:00:00Z'), tag: 'A', condition: 'C', event: 'ALM' },
    { row: 3, time: utc('2026-03-01T00:00:01Z'), tag: 'B', condition: 'C', event: 'RTN' },
  ];

  it('detects CSV from the first bytes, even when they come one byte at a time', async () => {
    const { rows } = await readAll(parseJournalFile(bytesOf(csv(lines), 1), { fileName: 'j.csv' }));
    expect(rows).toEqual(expected);
  });

  it('detects xlsx from the first bytes and reads it', async () => {
    const file = await xlsxOf([{ name: 'J', rows: lines.map((line) => line.split(',')) }]);
    const { rows } = await readAll(parseJournalFile(bytesOf(file, 3), { fileName: 'upload.bin' }));
    expect(rows).toEqual(expected);
  });

  it('uses the format given without sniffing, and passes the options on', async () => {
    const { batches } = await readAll(
      parseJournalFile(bytesOf(csv(lines)), { format: 'csv', batchSize: 1, timeZone: 'UTC' }),
    );
    expect(batches.map((batch) => batch.rows.map((row) => [row.tag, row.time]))).toEqual([
      [['A', utc('2026-03-01T08:00:00Z')]],
      [['B', utc('2026-03-01T08:00:01Z')]],
    ]);
  });

  it('refuses an .xls upload before parsing and releases it', async () => {
    const source = bytesOf(Buffer.concat([Buffer.from(OLE), Buffer.alloc(100)]), 4);
    await expect(readAll(parseJournalFile(source, { fileName: 'old.xls' }))).rejects.toThrow(JournalFileError);
    expect(source.destroyed).toBe(true);
  });

  it('reads an empty upload as an empty CSV', async () => {
    const { errors } = await readAll(parseJournalFile(bytesOf(''), { fileName: 'empty.csv' }));
    expect(errors).toEqual([
      { row: 1, column: '', message: '文件为空：第一行应为表头 time,tag,condition,event,priority,…' },
    ]);
  });
});
