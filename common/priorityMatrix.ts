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
export const ALARM_SEVERITIES: readonly AlarmSeverity[] = ['minor', 'major', 'severe'];

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

/** The severities of the matrix's categories only: a category taken out of the matrix no longer counts. */
export function matrixSeverities(matrix: PriorityMatrix, severities: Severities): Severities {
  const kept: Severities = {};
  for (const category of matrix.categories) {
    const level = severities[category.code];
    if (level) kept[category.code] = level;
  }
  return kept;
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
  const counted = matrixSeverities(matrix, severities);
  if (maxResponseMinutes === null || Object.keys(counted).length === 0) return null;
  const band = bandOf(matrix, maxResponseMinutes);
  if (band.noAlarm) return 'noAlarm';
  const worst = worstSeverity(counted);
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

/** JSON with every object's keys sorted: the same text however the object was built or stored (jsonb reorders). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Whether two matrices say the same. */
export function sameMatrix(a: PriorityMatrix, b: PriorityMatrix): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** A proposed matrix with its names and descriptions trimmed. */
export function trimmedMatrix(matrix: PriorityMatrix): PriorityMatrix {
  return {
    categories: matrix.categories.map((category) => ({
      code: category.code.trim(),
      name: category.name.trim(),
      levels: {
        none: category.levels.none.trim(),
        minor: category.levels.minor.trim(),
        major: category.levels.major.trim(),
        severe: category.levels.severe.trim(),
      },
    })),
    bands: matrix.bands.map((band) => ({ ...band, code: band.code.trim(), name: band.name.trim() })),
    cells: { minor: { ...matrix.cells.minor }, major: { ...matrix.cells.major }, severe: { ...matrix.cells.severe } },
  };
}

const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * What is wrong with a proposed matrix, one sentence each (empty when it may be proposed): at least one
 * category and one band, codes unique and plain, names and descriptions given, band times rising without gaps
 * and only the last band open-ended, and a priority in every cell of a band that is not «no alarm».
 */
export function matrixProblems(matrix: PriorityMatrix): string[] {
  const problems: string[] = [];
  const { categories, bands, cells } = matrix;
  if (!categories.length) problems.push('至少需要一个后果类别');
  if (!bands.length) problems.push('至少需要一个响应时间区间');
  const checkCodes = (what: string, codes: string[]) => {
    const seen = new Set<string>();
    for (const code of codes) {
      if (!CODE_PATTERN.test(code)) problems.push(`${what}代码「${code}」只能由字母、数字、- 和 _ 组成`);
      else if (seen.has(code)) problems.push(`${what}代码「${code}」重复`);
      seen.add(code);
    }
  };
  checkCodes(
    '后果类别',
    categories.map((category) => category.code),
  );
  checkCodes(
    '响应时间区间',
    bands.map((band) => band.code),
  );
  categories.forEach((category, index) => {
    const label = `第 ${index + 1} 个后果类别`;
    if (!category.name.trim()) problems.push(`${label}缺少名称`);
    for (const level of SEVERITY_LEVELS) {
      if (!category.levels[level].trim())
        problems.push(`${label}「${category.name}」缺少「${SEVERITY_LABELS[level]}」的说明`);
    }
  });
  let previous = -1;
  bands.forEach((band, index) => {
    const label = `第 ${index + 1} 个响应时间区间「${band.name}」`;
    if (!band.name.trim()) problems.push(`第 ${index + 1} 个响应时间区间缺少名称`);
    const last = index === bands.length - 1;
    if (band.maxMinutes === null) {
      if (!last) problems.push(`${label}不设上限，只能是最后一个区间`);
    } else {
      if (last) problems.push(`最后一个响应时间区间「${band.name}」不能设上限（它包含所有更长的时间）`);
      if (band.maxMinutes <= previous) problems.push(`${label}的上限必须大于前一个区间的上限（${previous} 分钟）`);
      previous = band.maxMinutes;
    }
    if (!band.noAlarm) {
      for (const severity of ALARM_SEVERITIES) {
        if (!cells[severity][band.code]) {
          problems.push(`缺少「${SEVERITY_LABELS[severity]} × ${band.name}」的优先级`);
        }
      }
    }
  });
  const known = new Set(bands.map((band) => band.code));
  for (const severity of ALARM_SEVERITIES) {
    for (const code of Object.keys(cells[severity])) {
      if (!known.has(code)) problems.push(`优先级单元格引用了不存在的响应时间区间「${code}」`);
    }
  }
  return [...new Set(problems)];
}

/** The priority a cell gives, as the matrix tab shows it: a «no alarm» band gives no alarm in every row. */
export function cellSuggestion(matrix: PriorityMatrix, severity: AlarmSeverity, band: ResponseBand): Suggestion {
  return band.noAlarm ? 'noAlarm' : (matrix.cells[severity][band.code] ?? 'noAlarm');
}

/**
 * What a proposed matrix changes, one line each for a person (the change request's detail and audit):
 * categories and bands added, removed or renamed, descriptions, band limits and cells.
 */
export function matrixDifferences(
  before: PriorityMatrix,
  after: PriorityMatrix,
  suggestionName: (suggestion: Suggestion) => string = (suggestion) => suggestion,
): string[] {
  const lines: string[] = [];
  const beforeCategories = new Map(before.categories.map((category) => [category.code, category]));
  const afterCodes = new Set(after.categories.map((category) => category.code));
  for (const category of after.categories) {
    const old = beforeCategories.get(category.code);
    if (!old) {
      lines.push(`新增后果类别「${category.name}」`);
      continue;
    }
    if (old.name !== category.name) lines.push(`后果类别「${old.name}」改名为「${category.name}」`);
    for (const level of SEVERITY_LEVELS) {
      if (old.levels[level] !== category.levels[level]) {
        lines.push(`「${category.name}」${SEVERITY_LABELS[level]}：${old.levels[level]} → ${category.levels[level]}`);
      }
    }
  }
  for (const category of before.categories) {
    if (!afterCodes.has(category.code)) lines.push(`删除后果类别「${category.name}」`);
  }
  const beforeBands = new Map(before.bands.map((band) => [band.code, band]));
  const afterBands = new Set(after.bands.map((band) => band.code));
  const limit = (band: ResponseBand) =>
    `${band.maxMinutes === null ? '不设上限' : `≤ ${band.maxMinutes} 分钟`}${band.noAlarm ? `，${NO_ALARM_LABEL}` : ''}`;
  for (const band of after.bands) {
    const old = beforeBands.get(band.code);
    if (!old) lines.push(`新增响应时间区间「${band.name}」（${limit(band)}）`);
    else {
      if (old.name !== band.name) lines.push(`响应时间区间「${old.name}」改名为「${band.name}」`);
      if (old.maxMinutes !== band.maxMinutes || old.noAlarm !== band.noAlarm) {
        lines.push(`响应时间区间「${band.name}」：${limit(old)} → ${limit(band)}`);
      }
    }
  }
  for (const band of before.bands) {
    if (!afterBands.has(band.code)) lines.push(`删除响应时间区间「${band.name}」`);
  }
  for (const severity of ALARM_SEVERITIES) {
    for (const band of after.bands) {
      const old = beforeBands.get(band.code);
      if (!old) continue;
      const was = cellSuggestion(before, severity, old);
      const now = cellSuggestion(after, severity, band);
      if (was !== now) {
        lines.push(`${SEVERITY_LABELS[severity]} × ${band.name}：${suggestionName(was)} → ${suggestionName(now)}`);
      }
    }
  }
  return lines;
}
