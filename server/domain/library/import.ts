/**
 * Import of the alarm library from a sheet with the export's columns (POINT_FIELD_LABELS): the header,
 * row validation against the dictionaries, duplicate points within the file, limits and the error report.
 * Plain functions over rows of cells; reading the upload and storing are the caller's. All or nothing: the
 * caller stores nothing when any error was reported.
 */
import { NUMERIC_POINT_FIELDS, POINT_FIELD_LABELS, type PointField } from '../../../common/alarmLibrary';
import type { ImportError } from '../../../contract/http';
import type { Priority } from '../../../contract/vocabulary';
import type { UploadedRow } from '../journal';
import { unstorableText } from '../text';
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH, settingProblems } from './settings';

export const LIBRARY_IMPORT_LIMITS = Object.freeze({
  maxBytes: 50 * 1024 * 1024,
  maxRows: 200_000,
  maxErrors: 1000,
});

const BATCH_SIZE = 1000;

/** Columns an import writes; the export's other columns (state, confirmation…) are read-only and ignored. */
const IMPORTED_FIELDS = [
  'tag',
  'condition',
  'description',
  'unit',
  'equipment',
  'console',
  'systemType',
  'limitValue',
  'engineeringUnit',
  'rangeLow',
  'rangeHigh',
  'deadband',
  'onDelaySeconds',
  'offDelaySeconds',
  'priority',
  'alarmClass',
  'cause',
  'consequence',
  'operatorResponse',
  'maxResponseMinutes',
  'enabled',
] as const satisfies readonly PointField[];

export type ImportedField = (typeof IMPORTED_FIELDS)[number];

const NUMBER_FIELDS: ReadonlySet<string> = new Set(NUMERIC_POINT_FIELDS);
const NAME_FIELDS = new Set<ImportedField>(['unit', 'equipment', 'console']);

/** The imported values of one point; only the columns the file has are present. */
export interface ImportedValues {
  description?: string;
  unit?: string | null;
  equipment?: string | null;
  console?: string | null;
  systemType?: string;
  limitValue?: number | null;
  engineeringUnit?: string;
  rangeLow?: number | null;
  rangeHigh?: number | null;
  deadband?: number | null;
  onDelaySeconds?: number | null;
  offDelaySeconds?: number | null;
  priority?: Priority;
  alarmClass?: string;
  cause?: string;
  consequence?: string;
  operatorResponse?: string;
  maxResponseMinutes?: number | null;
  enabled?: boolean;
}

export interface ImportedPoint {
  row: number;
  tag: string;
  condition: string;
  values: ImportedValues;
}

export type { ImportError };

/** What the checks need from the dictionaries. */
export interface ImportDictionaries {
  conditions: ReadonlySet<string>;
  systemTypes: ReadonlySet<string>;
  /** Priority by code (urgent…) and by name (紧急…), keys in lower case. */
  priorities: ReadonlyMap<string, Priority>;
}

export interface ImportBatch {
  points: ImportedPoint[];
  errors: ImportError[];
  /** Errors so far, including those beyond `maxErrors`. */
  errorCount: number;
}

/** The upload as a whole cannot be imported (too large, too many rows): nothing is stored. */
export class LibraryImportLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LibraryImportLimitError';
  }
}

const normalise = (text: string) =>
  text
    .replace(/\uFEFF/g, '')
    .replace(/\s+/g, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .toLowerCase();

/** Header names accepted per field: the export's label (half- or full-width brackets) or the field name. */
const HEADER_NAMES = new Map<string, ImportedField>(
  IMPORTED_FIELDS.flatMap((field) => [
    [normalise(POINT_FIELD_LABELS[field]), field],
    [normalise(field), field],
  ]),
);

const label = (field: ImportedField) => POINT_FIELD_LABELS[field];

const TRUE_TEXTS = new Set(['是', '启用', 'true', '1', 'y', 'yes']);
const FALSE_TEXTS = new Set(['否', '停用', 'false', '0', 'n', 'no']);
const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function text(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
}

export type HeaderResult = { columns: (ImportedField | undefined)[] } | { errors: ImportError[] };

export function readLibraryHeader(cells: readonly unknown[], row: number): HeaderResult {
  const columns: (ImportedField | undefined)[] = [];
  const errors: ImportError[] = [];
  const seen = new Map<ImportedField, number>();
  cells.forEach((cell, index) => {
    const field = HEADER_NAMES.get(normalise(text(cell)));
    const first = field && seen.get(field);
    if (field && first !== undefined) {
      errors.push({
        row,
        column: label(field),
        message: `列名重复：${label(field)}（第 ${first + 1} 列和第 ${index + 1} 列），请只保留一列`,
      });
    }
    if (field && first === undefined) seen.set(field, index);
    columns.push(field && first === undefined ? field : undefined);
  });
  for (const field of ['tag', 'condition'] as const) {
    if (!seen.has(field)) {
      errors.push({ row, column: label(field), message: `缺少必填列「${label(field)}」：表头应与导出文件相同` });
    }
  }
  return errors.length ? { errors } : { columns };
}

type CellResult = { value: unknown } | { message: string };

function readCell(field: ImportedField, cell: unknown, dictionaries: ImportDictionaries): CellResult {
  const value = text(cell);
  const unstorable = unstorableText(value);
  if (unstorable !== undefined) return { message: `${label(field)}${unstorable}` };
  if (NUMBER_FIELDS.has(field)) {
    if (value === '') return { value: null };
    if (typeof cell === 'number') return { value: cell };
    if (!PLAIN_NUMBER.test(value)) return { message: `${label(field)}「${value}」不是数字` };
    return { value: Number(value) };
  }
  if (field === 'enabled') {
    if (value === '') return { value: undefined };
    if (typeof cell === 'boolean') return { value: cell };
    const lower = value.toLowerCase();
    if (TRUE_TEXTS.has(lower)) return { value: true };
    if (FALSE_TEXTS.has(lower)) return { value: false };
    return { message: `${label(field)}「${value}」不可识别：请填 是 或 否` };
  }
  if (field === 'priority') {
    if (value === '') return { value: undefined };
    const priority = dictionaries.priorities.get(value.toLowerCase());
    if (!priority) {
      const names = [...new Set(dictionaries.priorities.keys())].join('、');
      return { message: `${label(field)}「${value}」不在优先级字典中：可填 ${names}` };
    }
    return { value: priority };
  }
  if (field === 'condition' || field === 'tag') {
    if (value === '') return { message: `${label(field)}不能为空` };
    if (value.length > MAX_NAME_LENGTH) return { message: `${label(field)}不能超过 ${MAX_NAME_LENGTH} 个字符` };
    if (field === 'condition' && !dictionaries.conditions.has(value)) {
      return { message: `报警类型「${value}」不存在：请先在 基础配置 › 报警类型 中添加，或改用已有的编码` };
    }
    return { value };
  }
  if (field === 'systemType' && value !== '' && !dictionaries.systemTypes.has(value)) {
    return { message: `系统类型「${value}」不存在：请先在 基础配置 › 系统类型 中添加，或留空` };
  }
  if (NAME_FIELDS.has(field)) {
    if (value.length > MAX_NAME_LENGTH) return { message: `${label(field)}不能超过 ${MAX_NAME_LENGTH} 个字符` };
    return { value: value === '' ? null : value };
  }
  if (value.length > MAX_TEXT_LENGTH) return { message: `${label(field)}不能超过 ${MAX_TEXT_LENGTH} 个字符` };
  return { value };
}

export type RowResult = { point: ImportedPoint } | { errors: ImportError[] };

/** One data row checked against the dictionaries and the setting rules; every problem names its column. */
export function readLibraryRow(
  columns: readonly (ImportedField | undefined)[],
  cells: readonly unknown[],
  row: number,
  dictionaries: ImportDictionaries,
): RowResult {
  const errors: ImportError[] = [];
  const read: Partial<Record<ImportedField, unknown>> = {};
  columns.forEach((field, index) => {
    if (!field) return;
    const result = readCell(field, cells[index], dictionaries);
    if ('message' in result) errors.push({ row, column: label(field), message: result.message });
    else if (result.value !== undefined) read[field] = result.value;
  });
  const { tag, condition, ...values } = read as ImportedValues & { tag?: string; condition?: string };
  if (values.equipment && !values.unit) {
    errors.push({ row, column: label('equipment'), message: '填写设备时必须同时填写装置（设备按装置区分）' });
  }
  for (const problem of settingProblems(values)) {
    errors.push({ row, column: POINT_FIELD_LABELS[problem.field], message: problem.message });
  }
  if (errors.length || tag === undefined || condition === undefined) return { errors };
  return { point: { row, tag, condition, values } };
}

const isBlank = (cells: readonly unknown[]) => cells.every((cell) => text(cell) === '');

/**
 * Batches of checked points from the rows of an upload. A point (tag + condition) appearing twice is an
 * error on its second row. Throws LibraryImportLimitError past `maxRows` data rows.
 */
export async function* libraryImportBatches(
  rows: AsyncIterable<UploadedRow>,
  dictionaries: ImportDictionaries,
  limits: { maxRows: number; maxErrors: number } = LIBRARY_IMPORT_LIMITS,
): AsyncGenerator<ImportBatch, void, undefined> {
  let columns: (ImportedField | undefined)[] | undefined;
  let points: ImportedPoint[] = [];
  let errors: ImportError[] = [];
  let errorCount = 0;
  let dataRows = 0;
  const firstRowOf = new Map<string, number>();
  const report = (error: ImportError) => {
    errorCount++;
    if (errorCount <= limits.maxErrors) errors.push(error);
  };
  const take = (): ImportBatch => {
    const batch = { points, errors, errorCount };
    points = [];
    errors = [];
    return batch;
  };

  for await (const upload of rows) {
    if (upload.fatal) {
      report({ row: upload.row, column: '', message: upload.problem ?? '' });
      break;
    }
    if (isBlank(upload.cells)) continue;
    if (!columns) {
      const header = readLibraryHeader(upload.cells, upload.row);
      if ('errors' in header) {
        for (const error of header.errors) report(error);
        break;
      }
      columns = header.columns;
      continue;
    }
    dataRows++;
    if (dataRows > limits.maxRows) {
      throw new LibraryImportLimitError(
        `行数过多：超过 ${limits.maxRows.toLocaleString('en-US')} 行的上限，请拆分后分批导入`,
      );
    }
    if (upload.problem !== undefined) {
      report({ row: upload.row, column: '', message: upload.problem });
      continue;
    }
    const result = readLibraryRow(columns, upload.cells, upload.row, dictionaries);
    if ('errors' in result) {
      for (const error of result.errors) report(error);
      continue;
    }
    const key = `${result.point.tag}\u0000${result.point.condition}`;
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      report({
        row: upload.row,
        column: label('tag'),
        message: `报警点 ${result.point.tag} / ${result.point.condition} 与第 ${first} 行重复：同一位号和报警类型只能出现一次`,
      });
      continue;
    }
    firstRowOf.set(key, upload.row);
    points.push(result.point);
    if (points.length >= BATCH_SIZE) yield take();
  }
  if (!columns && errorCount === 0) {
    report({ row: 1, column: '', message: '文件为空：第一行应为表头（与导出文件相同，至少含 位号、报警类型）' });
  }
  yield take();
}
