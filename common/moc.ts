/**
 * The Chinese labels of the MOC vocabulary (多工况管理, 变更管理, 审批管理, 审批配置; codes in
 * contract/vocabulary.ts), shown by the pages and written by the server's exports and refusals. The
 * endpoints and their rules: contract/conditions.ts, contract/changes.ts, contract/approvals.ts,
 * contract/flows.ts and docs/domain.md.
 */
import type {
  ApprovalScope,
  ApproverKind,
  ArchiveFilter,
  BusinessType,
  ChangeAction,
  ChangeField,
  ChangeStatus,
  Decision,
  RiskLevel,
  StepMode,
  StepState,
} from '../contract/vocabulary';

export const CHANGE_STATUS_LABELS: Record<ChangeStatus, string> = {
  draft: '草稿',
  pending: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  revoked: '已撤回',
  applied: '已实施',
};

export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = { low: '低', medium: '中', high: '高' };

export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  alarmChange: '报警变更',
  operatingCondition: '工况变更',
  templateApplication: '模板应用',
  priorityMatrix: '优先级矩阵变更',
};

export const CHANGE_FIELD_LABELS: Record<ChangeField, string> = {
  limitValue: '报警限值',
  priority: '优先级',
  deadband: '死区',
  onDelaySeconds: '开延时（秒）',
  offDelaySeconds: '关延时（秒）',
  enabled: '启用',
};

export const STEP_MODE_LABELS: Record<StepMode, string> = { any: '任一人审批', all: '全部审批' };

export const APPROVER_KIND_LABELS: Record<ApproverKind, string> = { user: '用户', role: '角色' };

export const DECISION_LABELS: Record<Decision, string> = { approve: '通过', reject: '驳回' };

export const STEP_STATE_LABELS: Record<StepState, string> = {
  waiting: '未开始',
  current: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  skipped: '未执行',
};

export const CHANGE_ACTION_LABELS: Record<ChangeAction, string> = {
  create: '创建',
  edit: '修改',
  submit: '提交审批',
  approveStep: '审批通过（本步）',
  approve: '审批通过',
  reject: '驳回',
  revoke: '撤回',
  apply: '实施',
  conflict: '实施失败（冲突）',
  delete: '删除',
  archive: '归档',
  takeover: '转交',
};

/** The usual names of operating conditions; any other name is a custom condition. */
export const CONDITION_NAME_SUGGESTIONS = ['正常运行', '开车', '停车', '低负荷', '检修'] as const;

export const ARCHIVE_FILTER_LABELS: Record<ArchiveFilter, string> = {
  active: '未归档',
  archived: '已归档',
  all: '全部',
};

export const APPROVAL_SCOPE_LABELS: Record<ApprovalScope, string> = { todo: '待我审批', mine: '我发起的', all: '全部' };

export const FLOW_MISSING_MESSAGE = (type: BusinessType) =>
  `「${BUSINESS_TYPE_LABELS[type]}」没有启用的审批流程，无法提交：请先在「审批配置」中为该业务类型配置并启用审批流程`;
