/**
 * The one validation of a journal record, shared by file import (CSV, xlsx) and the JSON ingest endpoint.
 * A record maps column names (lower case, as in docs/api.md) to raw values: text from CSV, typed cells from xlsx
 * (number, Date, boolean), JSON values from ingest. Every message names what is wrong and what is allowed.
 */

import type { Priority } from '../../../contract/vocabulary';
import { parseEventType, parsePriority } from '../kpi/parse';
import { DEFAULT_PLANT_TIME_ZONE, EVENT_TYPES, type EventType } from '../kpi/types';
import { unstorableText } from '../text';
import { readJournalTime } from './time';
import type { JournalError, JournalRow } from './types';

export const JOURNAL_COLUMNS = [
  'time',
  'tag',
  'condition',
  'event',
  'priority',
  'console',
  'unit',
  'description',
  'value',
] as const;
export type JournalColumn = (typeof JOURNAL_COLUMNS)[number];

export const REQUIRED_JOURNAL_COLUMNS: readonly JournalColumn[] = ['time', 'tag', 'condition', 'event'];

/** Names are indexed columns (a b-tree entry must stay well under PostgreSQL's ~2.7 kB); descriptions are not. */
export const MAX_NAME_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 2000;

const LABELS: Readonly<Record<JournalColumn, string>> = {
  time: '时间',
  tag: '位号',
  condition: '报警类型',
  event: '事件类型',
  priority: '优先级',
  console: '操作台',
  unit: '装置',
  description: '描述',
  value: '数值',
};

const KNOWN_COLUMNS: ReadonlySet<string> = new Set(JOURNAL_COLUMNS);
const EVENT_LIST = EVENT_TYPES.join(' ');
const TIME_FORMATS = 'ISO 8601 或 YYYY-MM-DD HH:mm:ss';
const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export type JournalRecordResult = { row: JournalRow } | { errors: JournalError[] };

/** Column positions of a header row; positions of unknown columns are undefined (ignored). */
export interface JournalHeader {
  row: number;
  columns: (JournalColumn | undefined)[];
}

export type JournalHeaderResult = { header: JournalHeader } | { errors: JournalError[] };

/** Header names are trimmed and case-insensitive; a BOM left by an editor is dropped. */
export function readJournalHeader(cells: readonly unknown[], row: number): JournalHeaderResult {
  const columns: (JournalColumn | undefined)[] = [];
  const positions = new Map<JournalColumn, number>();
  const errors: JournalError[] = [];
  for (let index = 0; index < cells.length; index++) {
    const cell = cells[index];
    const name = (cell === undefined || cell === null ? '' : String(cell))
      .replace(/\uFEFF/g, '')
      .trim()
      .toLowerCase();
    if (!KNOWN_COLUMNS.has(name)) {
      columns.push(undefined);
      continue;
    }
    const column = name as JournalColumn;
    const first = positions.get(column);
    if (first !== undefined) {
      errors.push({
        row,
        column,
        message: `列名重复：${column}（第 ${first + 1} 列和第 ${index + 1} 列），请只保留一列`,
      });
      columns.push(undefined);
      continue;
    }
    positions.set(column, index);
    columns.push(column);
  }
  for (const column of REQUIRED_JOURNAL_COLUMNS) {
    if (!positions.has(column)) errors.push({ row, column, message: `缺少必填列：${column}` });
  }
  return errors.length > 0 ? { errors } : { header: { row, columns } };
}

/** A field that failed validation; a class, so the success path allocates nothing per field. */
class FieldProblem {
  constructor(readonly message: string) {}
}

/** A field's value, undefined when empty, or what is wrong with it. */
type Field<T> = T | undefined | FieldProblem;

function describeType(value: unknown): string {
  if (value instanceof Date) return '日期（Excel 把该单元格识别成了日期，请把该列设为文本格式）';
  if (typeof value === 'boolean') return `布尔值 ${value}`;
  if (Array.isArray(value)) return '数组';
  return typeof value === 'object' ? '对象' : typeof value;
}

/** Text content problems that would otherwise be stored or make PostgreSQL fail. */
function textProblem(text: string, label: string): FieldProblem | undefined {
  const problem = unstorableText(text);
  return problem === undefined ? undefined : new FieldProblem(`${label}${problem}`);
}

function readText(raw: unknown, column: JournalColumn, maxLength: number): Field<string> {
  let text: string;
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'string') text = raw.trim();
  else if (typeof raw === 'number' && Number.isFinite(raw)) text = String(raw);
  else return new FieldProblem(`${LABELS[column]}应为文本，收到${describeType(raw)}`);
  if (text === '') return undefined;
  const problem = textProblem(text, LABELS[column]);
  if (problem) return problem;
  if (text.length > maxLength) {
    return new FieldProblem(`${LABELS[column]}过长：${text.length} 个字符，最多 ${maxLength} 个`);
  }
  return text;
}

/** An empty required field gets its own message instead of a silent undefined. */
function required<T>(field: Field<T>, emptyMessage: string): T | FieldProblem {
  return field === undefined ? new FieldProblem(emptyMessage) : field;
}

/** An xlsx date cell as the wall clock the user sees in Excel. */
function formatWall(date: Date): string {
  if (Number.isNaN(date.getTime())) return '无效日期';
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

function readTime(raw: unknown, timeZone: string): number | FieldProblem {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return new FieldProblem('时间不能为空');
  }
  if (typeof raw === 'number') {
    return new FieldProblem(
      `时间格式无法识别：“${raw}”，应为 ${TIME_FORMATS} 文本（Excel 中请把时间列设为日期时间格式）`,
    );
  }
  if (typeof raw !== 'string' && !(raw instanceof Date)) {
    return new FieldProblem(`时间应为文本，收到${describeType(raw)}`);
  }
  if (typeof raw === 'string') {
    const problem = textProblem(raw, '时间');
    if (problem) return problem;
  }
  const result = readJournalTime(raw, timeZone);
  if (result.ok) return result.time;
  const shown = typeof raw === 'string' ? raw.trim() : formatWall(raw);
  if (result.reason === 'nonexistent') {
    return new FieldProblem(
      `时间不存在：“${shown}”在时区 ${timeZone} 因夏令时切换被跳过，请核对时钟或写明时差（如 +01:00）`,
    );
  }
  return new FieldProblem(`时间格式无法识别：“${shown}”，应为 ${TIME_FORMATS}`);
}

function readEvent(raw: unknown): EventType | FieldProblem {
  const text = required(readText(raw, 'event', MAX_NAME_LENGTH), '事件类型不能为空');
  if (text instanceof FieldProblem) return text;
  return parseEventType(text) ?? new FieldProblem(`事件类型无效：“${text}”，应为 ${EVENT_LIST}`);
}

function readPriority(raw: unknown): Field<Priority> {
  const text = readText(raw, 'priority', MAX_NAME_LENGTH);
  if (text === undefined || text instanceof FieldProblem) return text;
  return parsePriority(text) ?? new FieldProblem(`优先级无效：“${text}”，应为 urgent/high/medium/low 或 紧急/高/中/低`);
}

function readValue(raw: unknown): Field<number | string> {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : new FieldProblem(`数值无效：${raw}`);
  const text = readText(raw, 'value', MAX_NAME_LENGTH);
  if (text === undefined || text instanceof FieldProblem) return text;
  return PLAIN_NUMBER.test(text) ? Number(text) : text;
}

/** The field's value, or undefined after recording its problem. */
function accept<T>(errors: JournalError[], row: number, column: JournalColumn, field: T | FieldProblem): T | undefined {
  if (!(field instanceof FieldProblem)) return field;
  errors.push({ row, column, message: field.message });
  return undefined;
}

/**
 * Validates one record. `rowNumber` is the file row (header = 1) or, for JSON ingest, the caller's numbering.
 * Every field is checked, so one pass reports all problems of the row.
 */
export function validateJournalRecord(
  record: Readonly<Record<string, unknown>>,
  rowNumber: number,
  timeZone: string = DEFAULT_PLANT_TIME_ZONE,
): JournalRecordResult {
  const errors: JournalError[] = [];
  const time = accept(errors, rowNumber, 'time', readTime(record.time, timeZone));
  const tag = accept(errors, rowNumber, 'tag', required(readText(record.tag, 'tag', MAX_NAME_LENGTH), '位号不能为空'));
  const condition = accept(
    errors,
    rowNumber,
    'condition',
    required(readText(record.condition, 'condition', MAX_NAME_LENGTH), '报警类型（condition）不能为空'),
  );
  const event = accept(errors, rowNumber, 'event', readEvent(record.event));
  const priority = accept(errors, rowNumber, 'priority', readPriority(record.priority));
  const consoleName = accept(errors, rowNumber, 'console', readText(record.console, 'console', MAX_NAME_LENGTH));
  const unit = accept(errors, rowNumber, 'unit', readText(record.unit, 'unit', MAX_NAME_LENGTH));
  const description = accept(
    errors,
    rowNumber,
    'description',
    readText(record.description, 'description', MAX_DESCRIPTION_LENGTH),
  );
  const value = accept(errors, rowNumber, 'value', readValue(record.value));

  if (errors.length > 0 || time === undefined || tag === undefined || condition === undefined || !event) {
    return { errors };
  }
  const row: JournalRow = { row: rowNumber, time, tag, condition, event };
  if (priority !== undefined) row.priority = priority;
  if (consoleName !== undefined) row.console = consoleName;
  if (unit !== undefined) row.unit = unit;
  if (description !== undefined) row.description = description;
  if (value !== undefined) row.value = value;
  return { row };
}
