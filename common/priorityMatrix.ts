/**
 * The priority matrix of rationalization (docs/domain.md, "Rationalization and the priority matrix"): the
 * consequence categories with a description of each severity level, the time-to-respond bands, and the
 * priority each (worst severity, band) cell gives. Shared by the server (the suggestion stored with each
 * point, the confirm rule) and the SPA (the suggestion shown live while a record is edited).
 */

import { type Priority, SEVERITY_LEVELS, type SeverityLevel, type Suggestion } from '../contract/vocabulary';
import { NO_ALARM_LABEL } from './alarmLibrary';

export { NO_ALARM_LABEL };

export const SEVERITY_LABELS: Record<SeverityLevel, string> = {
  none: '无',
  minor: '轻微',
  major: '严重',
  severe: '重大',
};

export interface ConsequenceCategory {
  code: string;
  name: string;
  /** What each severity level means in this category. */
  levels: Record<SeverityLevel, string>;
}

export interface ResponseBand {
  code: string;
  name: string;
  /** The longest time (whole minutes) in the band; null: every longer time. */
  maxMinutes: number | null;
  /** A band in which an operator alarm is not the means: the point should get no alarm. */
  noAlarm: boolean;
}

/** The severity levels that can call for an alarm (`none` never does). */
export type AlarmSeverity = Exclude<SeverityLevel, 'none'>;

export interface PriorityMatrix {
  categories: ConsequenceCategory[];
  /** Shortest time first; the times of the bands follow each other without gaps. */
  bands: ResponseBand[];
  /** The suggestion per worst severity and band code. */
  cells: Record<AlarmSeverity, Record<string, Suggestion>>;
}

/** The default matrix, as docs/domain.md describes it. */
export const DEFAULT_PRIORITY_MATRIX: PriorityMatrix = {
  categories: [
    {
      code: 'people',
      name: '人员安全',
      levels: {
        none: '不会造成人员伤害',
        minor: '轻微伤害，现场急救即可',
        major: '需要医疗救治的伤害或损工事件',
        severe: '重伤、致残或死亡',
      },
    },
    {
      code: 'environment',
      name: '环境',
      levels: {
        none: '没有排放或泄漏',
        minor: '装置界区内的少量泄漏，可就地处理',
        major: '界区外的排放，需要报告',
        severe: '重大环境事件，超标排放并造成持续影响',
      },
    },
    {
      code: 'asset',
      name: '财产与生产',
      levels: {
        none: '没有损失',
        minor: '设备轻微损坏或短时降量',
        major: '设备损坏或非计划停车',
        severe: '重大设备损毁或长时间停产',
      },
    },
  ],
  bands: [
    { code: 'under5', name: '< 5 分钟', maxMinutes: 4, noAlarm: false },
    { code: '5to15', name: '5–15 分钟', maxMinutes: 14, noAlarm: false },
    { code: '15to30', name: '15–30 分钟', maxMinutes: 30, noAlarm: false },
    { code: 'over30', name: '> 30 分钟', maxMinutes: null, noAlarm: true },
  ],
  cells: {
    minor: { under5: 'medium', '5to15': 'low', '15to30': 'low', over30: 'noAlarm' },
    major: { under5: 'high', '5to15': 'medium', '15to30': 'low', over30: 'noAlarm' },
    severe: { under5: 'urgent', '5to15': 'high', '15to30': 'medium', over30: 'noAlarm' },
  },
};

/** Severity per consequence category code, as a rationalization record holds it. */
export type Severities = Record<string, SeverityLevel>;

/** The worst severity of a record: the highest level of any category (categories left out count as 无). */
export function worstSeverity(severities: Severities): SeverityLevel {
  let worst = 0;
  for (const level of Object.values(severities)) {
    worst = Math.max(worst, SEVERITY_LEVELS.indexOf(level));
  }
  return SEVERITY_LEVELS[worst];
}

/** The band a time to respond falls in: the first whose longest time is not shorter. */
export function bandOf(matrix: PriorityMatrix, minutes: number): ResponseBand {
  const band = matrix.bands.find((candidate) => candidate.maxMinutes === null || minutes <= candidate.maxMinutes);
  return band ?? matrix.bands[matrix.bands.length - 1];
}

/**
 * The priority the matrix suggests, or null when the record cannot say yet (no time to respond, or no
 * severity chosen). A band marked «no alarm» and a worst severity of 无 both suggest no alarm.
 */
export function suggestedPriority(
  matrix: PriorityMatrix,
  severities: Severities,
  maxResponseMinutes: number | null,
): Suggestion | null {
  if (maxResponseMinutes === null || Object.keys(severities).length === 0) return null;
  const band = bandOf(matrix, maxResponseMinutes);
  if (band.noAlarm) return 'noAlarm';
  const worst = worstSeverity(severities);
  if (worst === 'none') return 'noAlarm';
  return matrix.cells[worst][band.code] ?? 'noAlarm';
}

/** What a rationalization record is made of, as completeness and the confirm rule look at it. */
export interface RationalizationFields {
  cause: string;
  consequence: string;
  operatorResponse: string;
  maxResponseMinutes: number | null;
  alarmClass: string;
  severities: Severities;
  verification: string;
  justification: string;
}

/** The parts of a record still missing, by their labels; empty when the record is complete. */
export function missingParts(matrix: PriorityMatrix, record: RationalizationFields): string[] {
  const missing: string[] = [];
  if (!record.cause.trim()) missing.push('原因');
  if (!record.consequence.trim()) missing.push('不处理的后果');
  for (const category of matrix.categories) {
    if (!record.severities[category.code]) missing.push(`${category.name}严重度`);
  }
  if (record.maxResponseMinutes === null) missing.push('响应时间');
  if (!record.operatorResponse.trim()) missing.push('处置措施');
  if (!record.alarmClass.trim()) missing.push('报警类别');
  return missing;
}

/**
 * Why a point may not be confirmed, or undefined when it may: the record must be complete, and the
 * configured priority must equal the suggestion unless a justification is written.
 */
export function confirmRefusal(
  matrix: PriorityMatrix,
  record: RationalizationFields,
  priority: Priority,
  suggestionName: (suggestion: Suggestion) => string = (suggestion) => suggestion,
): string | undefined {
  const missing = missingParts(matrix, record);
  if (missing.length) return `合理化记录不完整，缺少：${missing.join('、')}，不能确认`;
  const suggestion = suggestedPriority(matrix, record.severities, record.maxResponseMinutes);
  if (suggestion !== priority && !record.justification.trim()) {
    return `当前优先级与矩阵建议（${suggestion ? suggestionName(suggestion) : '—'}）不一致，请填写差异说明后再确认`;
  }
  return undefined;
}
