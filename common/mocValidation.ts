/**
 * Checks of change requests, condition overrides and approval flows that field schemas cannot express,
 * run by the server on every write and by the forms before they send (the same Chinese messages either
 * way). Each returns the problems as messages; empty when there are none.
 */
import type { ChangeItemInput, ConditionOverrideInput, FlowStepInput, SettingValue } from '../contract/moc';
import { type ChangeField, MAX_TITLE_LENGTH, PRIORITIES } from '../contract/vocabulary';
import { CHANGE_FIELD_LABELS } from './moc';

/** Delays above a day are typing errors, not settings (the alarm library's own bound). */
export const MAX_DELAY_SECONDS = 86_400;

/** What is wrong with one value of a setting, or undefined. */
export function settingValueProblem(field: ChangeField, value: SettingValue): string | undefined {
  const label = CHANGE_FIELD_LABELS[field];
  switch (field) {
    case 'priority':
      return PRIORITIES.some((code) => code === value) ? undefined : `${label}必须是 紧急、高、中、低 之一`;
    case 'enabled':
      return typeof value === 'boolean' ? undefined : `${label}必须是 是 或 否`;
    case 'limitValue':
      if (value === null) return undefined;
      return typeof value === 'number' && Number.isFinite(value) ? undefined : `${label}必须是数字`;
    case 'deadband':
      if (value === null) return undefined;
      return typeof value === 'number' && Number.isFinite(value) && value >= 0
        ? undefined
        : `${label}必须是 ≥ 0 的数字`;
    case 'onDelaySeconds':
    case 'offDelaySeconds':
      if (value === null) return undefined;
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_DELAY_SECONDS
        ? undefined
        : `${label}必须是 0 到 ${MAX_DELAY_SECONDS} 之间的整数`;
  }
}

/** An item's target beside its point's value now, where known; `point` names it (`tag / condition`). */
export interface ItemAgainstNow {
  field: ChangeField;
  after: SettingValue;
  now?: { point: string; value: SettingValue };
}

/** A change that changes nothing is no change: one message per item whose target is its point's value now. */
export function unchangedItemProblems(items: readonly ItemAgainstNow[]): string[] {
  return items.flatMap(({ field, after, now }, index) =>
    now && now.value === after
      ? [
          `第 ${index + 1} 项：报警点 ${now.point} 的「${CHANGE_FIELD_LABELS[field]}」已是该值，没有变化，请修改目标值或删除该项`,
        ]
      : [],
  );
}

/** Items of a point change: at least one, one per (point, field), each value valid for its field. */
export function changeItemProblems(items: readonly ChangeItemInput[]): string[] {
  if (items.length === 0) return ['变更申请至少需要一个变更项'];
  const problems: string[] = [];
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const row = index + 1;
    const key = `${item.pointId}\u0000${item.field}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push(`第 ${row} 项与第 ${first} 项修改同一报警点的「${CHANGE_FIELD_LABELS[item.field]}」，请合并为一项`);
    } else {
      seen.set(key, row);
    }
    const problem = settingValueProblem(item.field, item.after);
    if (problem) problems.push(`第 ${row} 项：${problem}`);
  });
  return problems;
}

const OVERRIDE_FIELDS = [
  'enabled',
  'limitValue',
  'priority',
  'deadband',
  'onDelaySeconds',
  'offDelaySeconds',
] as const satisfies readonly ChangeField[];

/** Overrides of a condition: one per point, each overriding at least one setting with a valid value. */
export function overrideProblems(overrides: readonly ConditionOverrideInput[]): string[] {
  const problems: string[] = [];
  const seen = new Map<number, number>();
  overrides.forEach((override, index) => {
    const row = index + 1;
    const first = seen.get(override.pointId);
    if (first !== undefined) problems.push(`第 ${row} 行与第 ${first} 行是同一报警点，每个报警点只能有一行`);
    else seen.set(override.pointId, row);
    const given = OVERRIDE_FIELDS.filter((field) => override[field] !== null);
    if (given.length === 0) problems.push(`第 ${row} 行：至少设置一项（启用、限值、优先级、死区或延时）`);
    for (const field of given) {
      const problem = settingValueProblem(field, override[field]);
      if (problem) problems.push(`第 ${row} 行：${problem}`);
    }
  });
  return problems;
}

/** A flow's steps: at least one, each named, with at least one approver and none twice. */
export function flowStepProblems(steps: readonly FlowStepInput[]): string[] {
  if (steps.length === 0) return ['审批流程至少需要一个步骤'];
  const problems: string[] = [];
  steps.forEach((step, index) => {
    const label = `第 ${index + 1} 步`;
    if (!step.name.trim()) problems.push(`${label}：步骤名称不能为空`);
    if (step.approvers.length === 0) problems.push(`${label}：至少需要一个审批人（用户或角色）`);
    const keys = step.approvers.map((approver) => `${approver.kind}:${approver.id}`);
    if (new Set(keys).size !== keys.length) problems.push(`${label}：审批人重复`);
  });
  return problems;
}

/** Title and reason of a request. */
export function changeRequestTextProblems(request: { title: string; reason: string }): string[] {
  const problems: string[] = [];
  if (!request.title.trim()) problems.push('变更标题不能为空');
  else if (request.title.trim().length > MAX_TITLE_LENGTH) problems.push(`变更标题不能超过 ${MAX_TITLE_LENGTH} 个字符`);
  if (!request.reason.trim()) problems.push('变更原因不能为空');
  return problems;
}
