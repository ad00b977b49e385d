/**
 * Words of 报警模板 and 模板评估 that the SPA and the server's exports both show: the compared fields,
 * the deviation kinds, and one sentence per deviation. The evaluation itself is server/domain/templates.
 */

import type { Deviation, TemplateItemRule, TemplateVocabulary } from '../contract/templates';
import type { ComparedField, DeviationKind, LimitMode } from '../contract/vocabulary';

export const LIMIT_MODE_LABELS: Record<LimitMode, string> = { absolute: '绝对值', percent: '量程百分比' };

export const COMPARED_FIELD_LABELS: Record<ComparedField, string> = {
  limitValue: '限值',
  priority: '优先级',
  deadband: '死区',
  onDelaySeconds: '报警延时(秒)',
  offDelaySeconds: '恢复延时(秒)',
};

export const DEVIATION_KIND_LABELS: Record<DeviationKind, string> = {
  missing: '缺少必需报警',
  extra: '多余报警',
  different: '设置不一致',
  noRange: '无法比较',
};

/** Names to print codes with: alarm types and priorities as the dictionaries call them. */
export interface DeviationNames {
  conditions?: Record<string, string>;
  priorities?: Record<string, string>;
}

export function deviationNames({ conditions, priorities }: TemplateVocabulary): DeviationNames {
  return {
    conditions: Object.fromEntries(conditions.map((type) => [type.code, type.name])),
    priorities: Object.fromEntries(priorities.map((priority) => [priority.code, priority.name])),
  };
}

function valueText(field: ComparedField | null, value: number | string | null, names: DeviationNames): string {
  if (value === null) return '未设置';
  if (field === 'priority') return names.priorities?.[value] ?? String(value);
  // Percent limits resolve to long fractions: six significant digits are plenty for a limit.
  return typeof value === 'number' ? String(Number(value.toPrecision(6))) : value;
}

/** One line for a person: 「PVHI 高报 · TI-101 · 优先级：模板 高，实际 低」. */
export function describeDeviation(deviation: Deviation, names: DeviationNames = {}): string {
  const { kind, condition, tag, field, expected, actual } = deviation;
  const conditionName = names.conditions?.[condition];
  const subject = [conditionName ? `${condition} ${conditionName}` : condition, tag].filter(Boolean).join(' · ');
  switch (kind) {
    case 'missing':
      return `${subject} · 缺少必需报警`;
    case 'extra':
      return `${subject} · 模板中没有该报警`;
    case 'noRange':
      return `${subject} · ${COMPARED_FIELD_LABELS.limitValue}：缺少量程，无法比较`;
    case 'different': {
      const label = field ? COMPARED_FIELD_LABELS[field] : '';
      return `${subject} · ${label}：模板 ${valueText(field, expected, names)}，实际 ${valueText(field, actual, names)}`;
    }
  }
}

/** The rationalization fields of a template item, all left empty (a new item, an item that gives none). */
export const EMPTY_ITEM_RATIONALIZATION = {
  cause: '',
  consequence: '',
  operatorResponse: '',
  maxResponseMinutes: null,
  severities: {},
  alarmClass: '',
} satisfies Pick<
  TemplateItemRule,
  'cause' | 'consequence' | 'operatorResponse' | 'maxResponseMinutes' | 'severities' | 'alarmClass'
>;
