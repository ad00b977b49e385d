import {
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  readJournalHeader,
  validateJournalRecord,
} from '../../../server/domain/journal';
import { utc } from './helpers';

const base = { time: '2026-03-01 08:00:00', tag: 'FIC-1001', condition: 'PVHI', event: 'ALM' };

function errorsOf(record: Record<string, unknown>, row = 7, timeZone?: string) {
  const result = validateJournalRecord(record, row, timeZone);
  if (!('errors' in result)) throw new Error(`expected errors, got ${JSON.stringify(result)}`);
  return result.errors;
}

function rowOf(record: Record<string, unknown>, row = 7, timeZone?: string) {
  const result = validateJournalRecord(record, row, timeZone);
  if (!('row' in result)) throw new Error(`expected a row, got ${JSON.stringify(result)}`);
  return result.row;
}

describe('validateJournalRecord: valid records', () => {
  it('reads every column, trimmed', () => {
    expect(
      rowOf({
        time: ' 2026-03-01 08:00:00.250 ',
        tag: ' FIC-1001 ',
        condition: ' PVHI ',
        event: ' alm ',
        priority: ' High ',
        console: ' 1#操作台 ',
        unit: ' 常减压 ',
        description: ' 进料流量高 ',
        value: ' 12.5 ',
      }),
    ).toEqual({
      row: 7,
      time: utc('2026-03-01T00:00:00.250Z'),
      tag: 'FIC-1001',
      condition: 'PVHI',
      event: 'ALM',
      priority: 'high',
      console: '1#操作台',
      unit: '常减压',
      description: '进料流量高',
      value: 12.5,
    });
  });

  it('leaves empty optional fields out (the point configuration decides priority and console)', () => {
    const row = rowOf({ ...base, priority: '', console: '  ', unit: undefined, description: null, value: '' });
    expect(row).toEqual({
      row: 7,
      time: utc('2026-03-01T00:00:00Z'),
      tag: 'FIC-1001',
      condition: 'PVHI',
      event: 'ALM',
    });
    expect(Object.keys(row)).toEqual(['row', 'time', 'tag', 'condition', 'event']);
  });

  it.each([
    ['紧急', 'urgent'],
    ['高', 'high'],
    ['中', 'medium'],
    ['低', 'low'],
    ['URGENT', 'urgent'],
    ['Medium', 'medium'],
  ])('priority %j → %s', (priority, expected) => {
    expect(rowOf({ ...base, priority }).priority).toBe(expected);
  });

  it.each([
    ['alm', 'ALM'],
    ['Rtn', 'RTN'],
    ['ack', 'ACK'],
    ['shlv', 'SHLV'],
    ['UnShlv', 'UNSHLV'],
    ['supp', 'SUPP'],
    ['unsupp', 'UNSUPP'],
    ['oos', 'OOS'],
    ['ins', 'INS'],
  ])('event %j → %s', (event, expected) => {
    expect(rowOf({ ...base, event }).event).toBe(expected);
  });

  it.each([
    ['12.5', 12.5],
    ['-0.25', -0.25],
    ['+3', 3],
    ['1e3', 1000],
    ['.5', 0.5],
    ['0', 0],
    ['OPEN', 'OPEN'],
    ['0x10', '0x10'],
    ['12.5 kPa', '12.5 kPa'],
    ['Infinity', 'Infinity'],
  ])('value %j → %j', (value, expected) => {
    expect(rowOf({ ...base, value }).value).toBe(expected);
  });

  it('takes JSON values as the ingest endpoint sends them', () => {
    expect(
      rowOf({ time: '2026-03-01T00:00:00Z', tag: 'TI-1', condition: 'PVHH', event: 'RTN', value: 98.6 }, 3),
    ).toEqual({ row: 3, time: utc('2026-03-01T00:00:00Z'), tag: 'TI-1', condition: 'PVHH', event: 'RTN', value: 98.6 });
  });

  it('takes numbers in text columns as their text (xlsx number cells such as tag 1001)', () => {
    const row = rowOf({ ...base, tag: 1001, condition: 7, console: 2 });
    expect([row.tag, row.condition, row.console]).toEqual(['1001', '7', '2']);
  });

  it('reads times in the plant zone given', () => {
    expect(rowOf(base, 7, 'Europe/Berlin').time).toBe(utc('2026-03-01T07:00:00Z'));
    expect(rowOf({ ...base, time: new Date(Date.UTC(2026, 2, 1, 8)) }).time).toBe(utc('2026-03-01T00:00:00Z'));
  });

  it(`accepts names up to ${MAX_NAME_LENGTH} and descriptions up to ${MAX_DESCRIPTION_LENGTH} characters`, () => {
    const row = rowOf({ ...base, tag: 'T'.repeat(MAX_NAME_LENGTH), description: '描'.repeat(MAX_DESCRIPTION_LENGTH) });
    expect(row.tag).toHaveLength(MAX_NAME_LENGTH);
    expect(row.description).toHaveLength(MAX_DESCRIPTION_LENGTH);
  });
});

describe('validateJournalRecord: errors name the column and what is allowed', () => {
  it.each([
    ['time', { ...base, time: '' }, '时间不能为空'],
    ['time', { ...base, time: undefined }, '时间不能为空'],
    ['tag', { ...base, tag: '   ' }, '位号不能为空'],
    ['tag', { ...base, tag: undefined }, '位号不能为空'],
    ['condition', { ...base, condition: '' }, '报警类型（condition）不能为空'],
    ['event', { ...base, event: '' }, '事件类型不能为空'],
  ])('empty required %s', (column, record, message) => {
    expect(errorsOf(record)).toEqual([{ row: 7, column, message }]);
  });

  it('unreadable time', () => {
    expect(errorsOf({ ...base, time: '2026/13/01' })).toEqual([
      { row: 7, column: 'time', message: '时间格式无法识别：“2026/13/01”，应为 ISO 8601 或 YYYY-MM-DD HH:mm:ss' },
    ]);
  });

  it('a plant-local time inside the spring gap', () => {
    expect(errorsOf({ ...base, time: '2026-03-29 02:30:00' }, 4, 'Europe/Berlin')).toEqual([
      {
        row: 4,
        column: 'time',
        message:
          '时间不存在：“2026-03-29 02:30:00”在时区 Europe/Berlin 因夏令时切换被跳过，请核对时钟或写明时差（如 +01:00）',
      },
    ]);
  });

  it('a number in the time column (an xlsx cell not formatted as a date, or epoch ms from a collector)', () => {
    expect(errorsOf({ ...base, time: 46082.5 })).toEqual([
      {
        row: 7,
        column: 'time',
        message:
          '时间格式无法识别：“46082.5”，应为 ISO 8601 或 YYYY-MM-DD HH:mm:ss 文本（Excel 中请把时间列设为日期时间格式）',
      },
    ]);
  });

  it('unknown event type', () => {
    expect(errorsOf({ ...base, event: 'FOO' })).toEqual([
      { row: 7, column: 'event', message: '事件类型无效：“FOO”，应为 ALM RTN ACK SHLV UNSHLV SUPP UNSUPP OOS INS' },
    ]);
  });

  it('unknown priority', () => {
    expect(errorsOf({ ...base, priority: '特急' })).toEqual([
      { row: 7, column: 'priority', message: '优先级无效：“特急”，应为 urgent/high/medium/low 或 紧急/高/中/低' },
    ]);
  });

  it('reports every bad field of the row, in column order', () => {
    expect(errorsOf({ time: 'x', tag: '', condition: '', event: 'BAD', priority: 'p' }, 12)).toEqual([
      { row: 12, column: 'time', message: '时间格式无法识别：“x”，应为 ISO 8601 或 YYYY-MM-DD HH:mm:ss' },
      { row: 12, column: 'tag', message: '位号不能为空' },
      { row: 12, column: 'condition', message: '报警类型（condition）不能为空' },
      { row: 12, column: 'event', message: '事件类型无效：“BAD”，应为 ALM RTN ACK SHLV UNSHLV SUPP UNSUPP OOS INS' },
      { row: 12, column: 'priority', message: '优先级无效：“p”，应为 urgent/high/medium/low 或 紧急/高/中/低' },
    ]);
  });

  it('values of the wrong JSON type', () => {
    expect(errorsOf({ ...base, tag: { name: 'x' }, console: true, unit: ['a'] })).toEqual([
      { row: 7, column: 'tag', message: '位号应为文本，收到对象' },
      { row: 7, column: 'console', message: '操作台应为文本，收到布尔值 true' },
      { row: 7, column: 'unit', message: '装置应为文本，收到数组' },
    ]);
  });

  it('a tag Excel turned into a date', () => {
    expect(errorsOf({ ...base, tag: new Date(Date.UTC(2026, 2, 12)) })).toEqual([
      {
        row: 7,
        column: 'tag',
        message: '位号应为文本，收到日期（Excel 把该单元格识别成了日期，请把该列设为文本格式）',
      },
    ]);
  });

  it('text that is not UTF-8 (a GBK file decodes to U+FFFD) or holds NUL', () => {
    expect(errorsOf({ ...base, unit: '\uFFFD\uFFFD装置', description: 'a\u0000b' })).toEqual([
      {
        row: 7,
        column: 'unit',
        message:
          '装置含有无法识别的字符（�）：文件可能不是 UTF-8 编码（如 GBK），请在 Excel 中另存为“CSV UTF-8（逗号分隔）”',
      },
      { row: 7, column: 'description', message: '描述含有空字符（NUL），请删除' },
    ]);
  });

  it('over-long texts', () => {
    expect(
      errorsOf({ ...base, tag: 'T'.repeat(MAX_NAME_LENGTH + 1), description: 'd'.repeat(MAX_DESCRIPTION_LENGTH + 1) }),
    ).toEqual([
      { row: 7, column: 'tag', message: `位号过长：${MAX_NAME_LENGTH + 1} 个字符，最多 ${MAX_NAME_LENGTH} 个` },
      {
        row: 7,
        column: 'description',
        message: `描述过长：${MAX_DESCRIPTION_LENGTH + 1} 个字符，最多 ${MAX_DESCRIPTION_LENGTH} 个`,
      },
    ]);
  });

  it('a non-finite number value', () => {
    expect(errorsOf({ ...base, value: Number.NaN })).toEqual([{ row: 7, column: 'value', message: '数值无效：NaN' }]);
  });
});

describe('readJournalHeader', () => {
  it('takes columns in any order, case-insensitive and trimmed, ignoring unknown ones', () => {
    const result = readJournalHeader(['\uFEFF Event', 'TAG', 'remark', ' Time ', 'Condition', '', 'VALUE'], 1);
    expect(result).toEqual({
      header: { row: 1, columns: ['event', 'tag', undefined, 'time', 'condition', undefined, 'value'] },
    });
  });

  it('reports one error per missing required column, at the header row', () => {
    expect(readJournalHeader(['tag', 'priority', 'Unit'], 1)).toEqual({
      errors: [
        { row: 1, column: 'time', message: '缺少必填列：time' },
        { row: 1, column: 'condition', message: '缺少必填列：condition' },
        { row: 1, column: 'event', message: '缺少必填列：event' },
      ],
    });
  });

  it('refuses a column given twice', () => {
    expect(readJournalHeader(['time', 'tag', 'condition', 'event', 'Tag'], 1)).toEqual({
      errors: [{ row: 1, column: 'tag', message: '列名重复：tag（第 2 列和第 5 列），请只保留一列' }],
    });
  });
});
