/** How change and condition values read: priorities by their dictionary names, booleans as 启用/停用, empty as 无. */
import type { PriorityName as NamedPriority } from '@contract/dictionaries';
import type { ApprovalProgress, SettingValue } from '@contract/moc';
import { type ChangeField, PRIORITIES, type Priority } from '@contract/vocabulary';

/** A priority as the editable dictionary (报警类型 → 优先级) names it, in the dictionary's order. */
export type PriorityName = Pick<NamedPriority, 'code' | 'name'>;

/** The dictionary's name of a priority; the code itself when the dictionary does not have it (yet). */
export function priorityName(code: string, priorities: readonly PriorityName[]): string {
  return priorities.find((priority) => priority.code === code)?.name ?? code;
}

export function priorityOptions(priorities: readonly PriorityName[]): { value: Priority; label: string }[] {
  // The four codes offered as they are until the dictionary has loaded.
  const codes = priorities.length ? priorities.map((priority) => priority.code) : PRIORITIES;
  return codes.map((value) => ({ value, label: priorityName(value, priorities) }));
}

export function settingText(field: ChangeField, value: SettingValue, priorities: readonly PriorityName[]): string {
  if (value === null || value === '') return '无';
  if (field === 'enabled') return value ? '启用' : '停用';
  if (field === 'priority') return priorityName(String(value), priorities);
  return String(value);
}

/** Where the approval of a request stands, in a line. */
export function progressText(approval: ApprovalProgress | null): string {
  if (!approval) return '—';
  if (approval.currentStep === null) return `共 ${approval.stepCount} 步，已结束`;
  return `第 ${approval.currentStep}/${approval.stepCount} 步：${approval.currentStepName ?? ''}`;
}
