/** Library import rows: header, cell checks against the dictionaries, duplicates, limits. */
import { describe, expect, it } from 'vitest';
import type { UploadedRow } from '../../../server/domain/journal';
import {
  type ImportBatch,
  type ImportDictionaries,
  LibraryImportLimitError,
  libraryImportBatches,
  readLibraryHeader,
} from '../../../server/domain/library/import';

const dictionaries: ImportDictionaries = {
  conditions: new Set(['PVHI', 'PVLO']),
  systemTypes: new Set(['DCS']),
  priorities: new Map([
    ['high', 'high'],
    ['高', 'high'],
    ['low', 'low'],
    ['低', 'low'],
  ]),
};

async function* rowsOf(lines: unknown[][]): AsyncGenerator<UploadedRow> {
  let row = 0;
  for (const cells of lines) yield { row: ++row, cells };
}

async function read(lines: unknown[][], limits = { maxRows: 100, maxErrors: 100 }) {
  const batches: ImportBatch[] = [];
  for await (const batch of libraryImportBatches(rowsOf(lines), dictionaries, limits)) batches.push(batch);
  return {
    points: batches.flatMap((batch) => batch.points),
    errors: batches.flatMap((batch) => batch.errors),
    errorCount: batches.at(-1)?.errorCount ?? 0,
  };
}

describe('readLibraryHeader', () => {
  it('takes the export’s labels in either bracket width, or field names, and ignores read-only columns', () => {
    const result = readLibraryHeader(['位号', 'Condition', '开延时(秒)', '关延时（秒）', '版本', '合理化状态'], 1);
    expect(result).toEqual({
      columns: ['tag', 'condition', 'onDelaySeconds', 'offDelaySeconds', undefined, undefined],
    });
  });

  it('reports missing required and repeated columns', () => {
    expect(readLibraryHeader(['描述', '描述'], 1)).toEqual({
      errors: [
        { row: 1, column: '描述', message: '列名重复：描述（第 1 列和第 2 列），请只保留一列' },
        { row: 1, column: '位号', message: '缺少必填列「位号」：表头应与导出文件相同' },
        { row: 1, column: '报警类型', message: '缺少必填列「报警类型」：表头应与导出文件相同' },
      ],
    });
  });
});

describe('libraryImportBatches', () => {
  it('reads typed and text cells; only the file’s columns are set, empty numbers mean none', async () => {
    const { points, errors } = await read([
      ['位号', '报警类型', '优先级', '报警限值', '死区', '启用', '装置', '设备', '系统类型'],
      [' FIC-101 ', 'PVHI', '高', 80, '', '否', '常减压', 'P-101', 'DCS'],
      [],
      ['TIC-201', 'PVLO', 'LOW', '-5.5', '0', true, '', '', ''],
    ]);
    expect(errors).toEqual([]);
    expect(points).toEqual([
      {
        row: 2,
        tag: 'FIC-101',
        condition: 'PVHI',
        values: {
          priority: 'high',
          limitValue: 80,
          deadband: null,
          enabled: false,
          unit: '常减压',
          equipment: 'P-101',
          systemType: 'DCS',
        },
      },
      {
        row: 4,
        tag: 'TIC-201',
        condition: 'PVLO',
        values: {
          priority: 'low',
          limitValue: -5.5,
          deadband: 0,
          enabled: true,
          unit: null,
          equipment: null,
          systemType: '',
        },
      },
    ]);
  });

  it('reports every bad cell with its row and column, and repeated points', async () => {
    const { points, errors, errorCount } = await read([
      ['位号', '报警类型', '优先级', '死区', '启用', '设备'],
      ['', 'PVXX', '极高', 'abc', '也许', 'P-1'],
      ['A', 'PVHI', '', '-1', '', ''],
      ['B', 'PVHI', '', '', '', ''],
      ['B', 'PVHI', '', '', '', ''],
    ]);
    expect(points.map((point) => point.tag)).toEqual(['B']);
    expect(errorCount).toBe(8);
    expect(errors.map((error) => `${error.row} ${error.column}`)).toEqual([
      '2 位号',
      '2 报警类型',
      '2 优先级',
      '2 死区',
      '2 启用',
      '2 设备',
      '3 死区',
      '5 位号',
    ]);
    expect(errors[1].message).toBe('报警类型「PVXX」不存在：请先在 基础配置 › 报警类型 中添加，或改用已有的编码');
    expect(errors[2].message).toContain('可填 high、高、low、低');
    expect(errors[7].message).toBe('报警点 B / PVHI 与第 4 行重复：同一位号和报警类型只能出现一次');
  });

  it('reports an empty file and a broken CSV record', async () => {
    expect((await read([])).errors).toEqual([
      { row: 1, column: '', message: '文件为空：第一行应为表头（与导出文件相同，至少含 位号、报警类型）' },
    ]);
    async function* broken(): AsyncGenerator<UploadedRow> {
      yield { row: 1, cells: ['位号', '报警类型'] };
      yield { row: 2, cells: ['A', 'PVHI'], problem: '字段数量不符' };
      yield { row: 3, cells: [], problem: '引号未闭合', fatal: true };
    }
    const errors: unknown[] = [];
    for await (const batch of libraryImportBatches(broken(), dictionaries)) errors.push(...batch.errors);
    expect(errors).toEqual([
      { row: 2, column: '', message: '字段数量不符' },
      { row: 3, column: '', message: '引号未闭合' },
    ]);
  });

  it('caps the reported errors but counts them all, and stops past the row limit', async () => {
    const bad = Array.from({ length: 5 }, (_, index) => [`T${index}`, 'NOPE']);
    const capped = await read([['位号', '报警类型'], ...bad], { maxRows: 100, maxErrors: 2 });
    expect(capped.errors).toHaveLength(2);
    expect(capped.errorCount).toBe(5);
    await expect(read([['位号', '报警类型'], ...bad], { maxRows: 3, maxErrors: 10 })).rejects.toThrow(
      LibraryImportLimitError,
    );
  });
});
