/** How change and condition values read: priorities by name, booleans as 是/否, empty as 无. */
import type { PriorityCode } from '@/shared/alarmLibrary';
import type { ApprovalProgress, ChangeField, SettingValue } from '@/shared/moc';

/** domain.md, "Alarm point": the four priorities. */
export const PRIORITY_LABELS: Record<PriorityCode, string> = { urgent: '紧急', high: '高', medium: '中', low: '低' };

export const PRIORITY_OPTIONS = (Object.entries(PRIORITY_LABELS) as [PriorityCode, string][]).map(([value, label]) => ({
  value,
  label,
}));

export function settingText(field: ChangeField, value: SettingValue): string {
  if (value === null || value === '') return '无';
  if (field === 'enabled') return value ? '启用' : '停用';
  if (field === 'priority') return PRIORITY_LABELS[value as PriorityCode] ?? String(value);
  return String(value);
}

/** Where the approval of a request stands, in a line. */
export function progressText(approval: ApprovalProgress | null): string {
  if (!approval) return '—';
  if (approval.currentStep === null) return `共 ${approval.stepCount} 步，已结束`;
  return `第 ${approval.currentStep}/${approval.stepCount} 步：${approval.currentStepName ?? ''}`;
}
