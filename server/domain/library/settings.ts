/**
 * The settings of an alarm point that people edit (in the library, by import, later through MOC), their
 * checks and their audit: one definition for the edit form's endpoint, the import rows and the change
 * requests, so the three can never disagree on what a valid point is.
 */
import { POINT_FIELD_LABELS, type PointField } from '../../../common/alarmLibrary';

/** Longest text of a name-like field (tag, unit, console…: indexed columns) and of a free-text field. */
export const MAX_NAME_LENGTH = 200;
export const MAX_TEXT_LENGTH = 2000;
/** Delays above a day are typing errors, not settings. */
export const MAX_DELAY_SECONDS = 86_400;
export const MAX_RESPONSE_MINUTES = 10_080;

/** The numeric settings the checks below look at; absent means "not part of this change". */
export interface NumericSettings {
  limitValue?: number | null;
  rangeLow?: number | null;
  rangeHigh?: number | null;
  deadband?: number | null;
  onDelaySeconds?: number | null;
  offDelaySeconds?: number | null;
  maxResponseMinutes?: number | null;
}

export interface SettingProblem {
  field: PointField;
  message: string;
}

const label = (field: PointField) => POINT_FIELD_LABELS[field];

function wholeNumber(field: PointField, value: number | null | undefined, max: number): SettingProblem | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 0 || value > max) {
    return { field, message: `${label(field)}必须是 0 到 ${max} 之间的整数` };
  }
  return undefined;
}

/**
 * What is wrong with the numeric settings, each problem naming its field: numbers finite, deadband ≥ 0,
 * delays and response time whole and ≥ 0, range low below range high. `current` fills in the range end
 * a change leaves as it was.
 */
export function settingProblems(values: NumericSettings, current: NumericSettings = {}): SettingProblem[] {
  const problems: SettingProblem[] = [];
  for (const field of ['limitValue', 'rangeLow', 'rangeHigh', 'deadband'] as const) {
    const value = values[field];
    if (typeof value === 'number' && !Number.isFinite(value)) {
      problems.push({ field, message: `${label(field)}必须是有限的数字` });
    }
  }
  if (typeof values.deadband === 'number' && values.deadband < 0) {
    problems.push({ field: 'deadband', message: `${label('deadband')}必须 ≥ 0` });
  }
  for (const problem of [
    wholeNumber('onDelaySeconds', values.onDelaySeconds, MAX_DELAY_SECONDS),
    wholeNumber('offDelaySeconds', values.offDelaySeconds, MAX_DELAY_SECONDS),
    wholeNumber('maxResponseMinutes', values.maxResponseMinutes, MAX_RESPONSE_MINUTES),
  ]) {
    if (problem) problems.push(problem);
  }
  const low = values.rangeLow !== undefined ? values.rangeLow : current.rangeLow;
  const high = values.rangeHigh !== undefined ? values.rangeHigh : current.rangeHigh;
  if (typeof low === 'number' && typeof high === 'number' && !(low < high)) {
    problems.push({
      field: values.rangeLow !== undefined ? 'rangeLow' : 'rangeHigh',
      message: `${label('rangeLow')}必须小于${label('rangeHigh')}（当前 ${low} ≥ ${high}）`,
    });
  }
  return problems;
}

/** A value as the audit trail keeps it: text, or null for "none". */
export function auditText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

export interface FieldChange {
  field: PointField;
  before: string | null;
  after: string | null;
}

/** The fields of `after` whose audit text differs from `before`'s, in display order. */
export function changedFields(
  before: Partial<Record<PointField, unknown>>,
  after: Partial<Record<PointField, unknown>>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(POINT_FIELD_LABELS) as PointField[]) {
    if (!(field in after)) continue;
    const was = auditText(before[field]);
    const now = auditText(after[field]);
    if (was !== now) changes.push({ field, before: was, after: now });
  }
  return changes;
}
