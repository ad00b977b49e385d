/**
 * Vocabulary of the alarm library (报警库) that the SPA and the server share: the fields of an alarm point
 * with their Chinese labels (columns of the export and the import, names in the audit trail), the ISA-18.2
 * alarm states and the abnormal-alarm kinds.
 */
import type { AbnormalKind, IsaState } from '../contract/vocabulary';

/** Fields of an alarm point as the library shows, exports, imports and audits them, in display order. */
export const POINT_FIELD_LABELS = {
  tag: '位号',
  condition: '报警类型',
  description: '描述',
  unit: '装置',
  equipment: '设备',
  console: '操作台',
  systemType: '系统类型',
  limitValue: '报警限值',
  engineeringUnit: '工程单位',
  rangeLow: '量程下限',
  rangeHigh: '量程上限',
  deadband: '死区',
  onDelaySeconds: '开延时（秒）',
  offDelaySeconds: '关延时（秒）',
  priority: '优先级',
  alarmClass: '报警类别',
  cause: '原因',
  consequence: '后果',
  operatorResponse: '处置措施',
  maxResponseMinutes: '最长响应时间（分钟）',
  severities: '后果严重度',
  verification: '验证方法',
  rationalizationNotes: '合理化备注',
  justification: '优先级差异说明',
  enabled: '启用',
  rationalizationStatus: '合理化状态',
  confirmedBy: '确认人',
  confirmedAt: '确认时间',
  deleted: '已删除',
} as const;

export type PointField = keyof typeof POINT_FIELD_LABELS;

/** What the priority matrix suggests for a point that should have no alarm (common/priorityMatrix.ts). */
export const NO_ALARM_LABEL = '不设报警';

/** The audit trail's pseudo-field of a point created by an import. */
export const CREATED_FIELD = 'created';

export function pointFieldLabel(field: string): string {
  if (field === CREATED_FIELD) return '新建报警点';
  return (POINT_FIELD_LABELS as Record<string, string>)[field] ?? field;
}

/** The flags an alarm point's ISA-18.2 state is derived from. */
export interface AlarmStateFlags {
  active: boolean;
  acked: boolean;
  shelved: boolean;
  suppressed: boolean;
  outOfService: boolean;
}

export const ISA_STATES: Record<IsaState, { label: string; color: string }> = {
  A: { label: '正常', color: 'success' },
  B: { label: '未确认报警', color: 'error' },
  C: { label: '已确认报警', color: 'warning' },
  D: { label: '已恢复未确认', color: 'processing' },
  E: { label: '已搁置', color: 'purple' },
  F: { label: '设计抑制', color: 'default' },
  G: { label: '停用/退出服务', color: 'default' },
};

/**
 * The ISA-18.2 state letter. Out of service hides a point from everything, suppression by design from
 * operators, shelving by an operator: the strongest of them names the state; otherwise activity and
 * acknowledgement do (A normal, B unacknowledged, C acknowledged, D returned but unacknowledged).
 */
export function isaState(flags: AlarmStateFlags): IsaState {
  if (flags.outOfService) return 'G';
  if (flags.suppressed) return 'F';
  if (flags.shelved) return 'E';
  if (flags.active) return flags.acked ? 'C' : 'B';
  return flags.acked ? 'A' : 'D';
}

/** Abnormal-alarm kinds of the detection (server/domain/kpi/detection.ts) as people call them. */
export const ABNORMAL_KIND_LABELS: Record<AbnormalKind, string> = {
  chattering: '颤振报警',
  fleeting: '瞬时报警',
  standing: '长时报警',
  frequent: '频繁报警',
  floodContributor: '泛滥贡献报警',
};

export function abnormalKindLabel(kind: string): string {
  return (ABNORMAL_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

/** The message of an edit made against an older version of the point (HTTP 409). */
export const STALE_POINT_MESSAGE = '该报警点已被他人修改，请刷新后重试';

/** The route of the alarm library (报警列表), which abnormal records link to. */
export const LIBRARY_ROUTE = '/alarm/bases/list';
/** 异常报警列表 filtered to the open (未处置) records, where the boards' count of them leads. */
export const OPEN_ABNORMAL_LIST = `/alarm/bases/abnormal?status=${encodeURIComponent('未处置')}`;

/** 报警响应手册's printable page, a hidden page of 报警列表 (config/routes.ts). */
export const MANUAL_ROUTE = '/alarm/bases/list/manual';

/** The numeric settings of an alarm point (empty means "none"). */
export const NUMERIC_POINT_FIELDS = [
  'limitValue',
  'rangeLow',
  'rangeHigh',
  'deadband',
  'onDelaySeconds',
  'offDelaySeconds',
  'maxResponseMinutes',
] as const satisfies readonly PointField[];
