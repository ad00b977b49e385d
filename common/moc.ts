/**
 * The API contract of 多工况管理 (operating conditions), 变更管理 (change requests, MOC), 审批管理
 * (approvals) and 审批配置 (approval flows), shared by the SPA and the server: vocabulary with its Chinese
 * labels, and the request and response bodies of every endpoint below. Answers use the envelope
 * `{code, msg, data}` of api.md; lists are paged `{list, total, current, pageSize}` from `current`,
 * `pageSize` (≤ 200). Times are ISO 8601 UTC strings. Refusals are code 1 with a Chinese `msg`
 * (400 bad input, 404 missing, 409 conflict with the current state), 401/403 as everywhere.
 *
 * Endpoints (permission = route key + action of config/routes.ts):
 *
 * 多工况管理 /alarm/op/working
 *   GET    /api/alarm/op/working/units                 view    → WorkingUnit[] (every unit, its active condition)
 *   GET    /api/alarm/op/working?ConditionQuery        view    → Page<ConditionSummary>
 *   GET    /api/alarm/op/working/export?unitId         view    → .xlsx of the conditions
 *   GET    /api/alarm/op/working/switches?SwitchQuery  view    → Page<ConditionSwitch> (newest first)
 *   GET    /api/alarm/op/working/points?PointQuery     view    → Page<ChangeablePoint> (points of a unit for overrides)
 *   GET    /api/alarm/op/working/:id                   view    → ConditionDetail
 *   POST   /api/alarm/op/working                       create  ConditionRequestBody → ChangeRequestDetail
 *          (a change request of business type `operatingCondition` proposing a new condition; draft, or
 *          pending with `submit: true`; the condition exists only once the request is approved)
 *   PUT    /api/alarm/op/working/:id                   edit    ConditionRequestBody → ChangeRequestDetail
 *          (a change request proposing new settings of an existing condition; same rules)
 *   POST   /api/alarm/op/working/switch                edit    SwitchBody → ConditionSwitch
 *          (switching is manual and needs no change request: domain.md; 409 when already active)
 *   DELETE /api/alarm/op/working/:id                   delete  → {id}
 *          (409 while it is the unit's active condition or a draft/pending change request names it)
 *
 * 报警列表 drawer
 *   GET    /api/alarm/bases/list/:id/effective   /alarm/bases/list view → PointEffectiveSettings
 *
 * 变更管理 /alarm/op/update (+ the hidden 发起变更 /alarm/op3/update)
 *   GET    /api/alarm/op/update?ChangeQuery            view    → Page<ChangeRequestSummary>
 *   GET    /api/alarm/op/update/export?ChangeQuery     view    → .xlsx
 *   GET    /api/alarm/op/update/points?PointQuery      view    → Page<ChangeablePoint> (pick points to change)
 *   GET    /api/alarm/op/update/:id                    view    → ChangeRequestDetail
 *   POST   /api/alarm/op/update                        create  ChangeRequestBody → ChangeRequestDetail
 *   POST   /api/alarm/op/update/from-template          create  TemplateDraftBody → TemplateDraftResult
 *   PUT    /api/alarm/op/update/:id                    edit    ChangeRequestBody → ChangeRequestDetail (drafts only)
 *   POST   /api/alarm/op/update/:id/submit             edit    → ChangeRequestDetail (draft → pending)
 *   DELETE /api/alarm/op/update/:id                    delete  → {id} (drafts only)
 *
 * 审批管理 /alarm/approve/list (`:id` is the approval instance id)
 *   GET    /api/alarm/approve/list?ApprovalQuery       view    → Page<ApprovalSummary>
 *   GET    /api/alarm/approve/list/export?ApprovalQuery view   → .xlsx
 *   GET    /api/alarm/approve/list/:id                 view    → ApprovalDetail
 *   POST   /api/alarm/approve/list/:id/approve         view + approver of the current step (else 403)
 *          DecisionBody → ApprovalDetail (the last approval applies the change: `change.status` says
 *          `applied`, or `approved` with `change.conflicts` when nothing could be applied)
 *   POST   /api/alarm/approve/list/:id/reject          view + approver of the current step; comment required
 *   POST   /api/alarm/approve/list/:id/revoke          revoke; initiator only, while pending → ApprovalDetail
 *   DELETE /api/alarm/approve/list/:id                 delete; ended records only → {id}
 *
 * 审批配置 /alarm/base/examine/config (+ the editor /alarm/base/examine/config2/child?id=)
 *   GET    /api/alarm/base/examine/config?FlowQuery    view    → Page<ApprovalFlow>
 *   GET    /api/alarm/base/examine/config/export       view    → .xlsx
 *   GET    /api/alarm/base/examine/config/options      view    → FlowOptions (users, roles to pick)
 *   GET    /api/alarm/base/examine/config/:id          view    → ApprovalFlow
 *   POST   /api/alarm/base/examine/config              create  FlowBody → ApprovalFlow
 *   PUT    /api/alarm/base/examine/config/:id          edit    FlowBody (+ version) → ApprovalFlow (409 when stale)
 *   DELETE /api/alarm/base/examine/config/:id          delete  → {id} (409 while pending approvals use it)
 *
 * Rules:
 * - One active flow per business type: saving a flow with `active: true` deactivates the type's other flow.
 *   Submitting a change of a type without an active flow is refused (400, FLOW_MISSING_MESSAGE).
 * - On submit the flow's steps are copied into the approval instance: editing a flow later changes only
 *   approvals submitted after the edit.
 * - A step of mode `any` ends with the first approval; of mode `all` when every listed approver has approved
 *   (a role entry is satisfied by one approval of any holder of the role; one person's approval satisfies
 *   every entry they match). One rejection by an approver of the current step rejects the request.
 * - The last approval applies the change in the same transaction. If any item's alarm point (or the
 *   condition) changed since the request captured it, nothing is applied: the request stays `approved`
 *   (已通过，未实施) with `conflicts` naming the items; it is then ended (may be deleted; draft a new request).
 * - Ended statuses: rejected, revoked, applied, and approved (only ever left standing by a conflict).
 */
import type { PriorityCode } from './alarmLibrary';

// ----- Vocabulary --------------------------------------------------------------------------------

export const CHANGE_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'revoked', 'applied'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

export const CHANGE_STATUS_LABELS: Record<ChangeStatus, string> = {
  draft: '草稿',
  pending: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  revoked: '已撤回',
  applied: '已实施',
};

/** antd Tag / Badge colours of the statuses. */
export const CHANGE_STATUS_COLORS: Record<ChangeStatus, string> = {
  draft: 'default',
  pending: 'processing',
  approved: 'warning',
  rejected: 'error',
  revoked: 'default',
  applied: 'success',
};

/** Statuses after which nothing more happens to a request (those may be deleted from 审批管理). */
export const ENDED_CHANGE_STATUSES: readonly ChangeStatus[] = ['approved', 'rejected', 'revoked', 'applied'];

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = { low: '低', medium: '中', high: '高' };
export const RISK_LEVEL_COLORS: Record<RiskLevel, string> = { low: 'green', medium: 'orange', high: 'red' };

/** What a change request changes; each has its own approval flow (审批配置). */
export const BUSINESS_TYPES = ['alarmChange', 'operatingCondition', 'templateApplication'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  alarmChange: '报警变更',
  operatingCondition: '工况变更',
  templateApplication: '模板应用',
};

/** The settings of an alarm point a change request item may change. */
export const CHANGE_FIELDS = [
  'limitValue',
  'priority',
  'deadband',
  'onDelaySeconds',
  'offDelaySeconds',
  'enabled',
] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];
export const CHANGE_FIELD_LABELS: Record<ChangeField, string> = {
  limitValue: '报警限值',
  priority: '优先级',
  deadband: '死区',
  onDelaySeconds: '开延时（秒）',
  offDelaySeconds: '关延时（秒）',
  enabled: '启用',
};

/** A setting's value: a number (limit, deadband, delays; null = none), a priority code, or enabled. */
export type SettingValue = number | string | boolean | null;

/** The settings an operating condition may override, the same as a change request may change. */
export type OverrideField = ChangeField;

export const STEP_MODES = ['any', 'all'] as const;
export type StepMode = (typeof STEP_MODES)[number];
export const STEP_MODE_LABELS: Record<StepMode, string> = { any: '任一人审批', all: '全部审批' };

export const APPROVER_KINDS = ['user', 'role'] as const;
export type ApproverKind = (typeof APPROVER_KINDS)[number];
export const APPROVER_KIND_LABELS: Record<ApproverKind, string> = { user: '用户', role: '角色' };

export const DECISIONS = ['approve', 'reject'] as const;
export type Decision = (typeof DECISIONS)[number];
export const DECISION_LABELS: Record<Decision, string> = { approve: '通过', reject: '驳回' };

/** Where a step of an approval stands. */
export const STEP_STATES = ['waiting', 'current', 'approved', 'rejected', 'skipped'] as const;
export type StepState = (typeof STEP_STATES)[number];
export const STEP_STATE_LABELS: Record<StepState, string> = {
  waiting: '未开始',
  current: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  skipped: '未执行',
};

/** Entries of a request's transition log (who, when, from → to, comment). */
export const CHANGE_ACTIONS = [
  'create',
  'edit',
  'submit',
  'approveStep',
  'approve',
  'reject',
  'revoke',
  'apply',
  'conflict',
  'delete',
] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];
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
};

/** The usual names of operating conditions; any other name is a custom condition. */
export const CONDITION_NAME_SUGGESTIONS = ['正常运行', '开车', '停车', '低负荷', '检修'] as const;

/** Approvals list tabs: 待我审批 / 我发起的 / 全部. */
export const APPROVAL_SCOPES = ['todo', 'mine', 'all'] as const;
export type ApprovalScope = (typeof APPROVAL_SCOPES)[number];
export const APPROVAL_SCOPE_LABELS: Record<ApprovalScope, string> = { todo: '待我审批', mine: '我发起的', all: '全部' };

export const FLOW_MISSING_MESSAGE = (type: BusinessType) =>
  `「${BUSINESS_TYPE_LABELS[type]}」没有启用的审批流程，无法提交：请先在「审批配置」中为该业务类型配置并启用审批流程`;

// ----- Shared shapes -----------------------------------------------------------------------------

export interface PageQuery {
  current?: number;
  pageSize?: number;
}

export interface Page<T> {
  list: T[];
  total: number;
  current: number;
  pageSize: number;
}

/** A person as records name them (users are never deleted, only disabled). */
export interface Person {
  id: number;
  username: string;
  name: string;
}

/** An alarm point's settings that changes and conditions are about. */
export interface PointSettings {
  limitValue: number | null;
  priority: PriorityCode;
  deadband: number | null;
  onDelaySeconds: number | null;
  offDelaySeconds: number | null;
  enabled: boolean;
}

/** A point to pick for a change or an override: identity, plant, current settings and version. */
export interface ChangeablePoint extends PointSettings {
  id: number;
  tag: string;
  condition: string;
  description: string;
  unitId: number | null;
  unit: string | null;
  equipment: string | null;
  engineeringUnit: string;
  version: number;
}

/** `tag`: start of the tag; `unitId`: the unit's points only. */
export interface PointQuery extends PageQuery {
  tag?: string;
  unitId?: number;
}

// ----- Operating conditions (多工况) -------------------------------------------------------------

/** One override of a point under a condition; null = the base setting applies. */
export interface ConditionOverrideInput {
  pointId: number;
  /** false = suppressed under this condition. */
  enabled: boolean | null;
  limitValue: number | null;
  priority: PriorityCode | null;
  deadband: number | null;
  onDelaySeconds: number | null;
  offDelaySeconds: number | null;
}

export interface ConditionOverride extends ConditionOverrideInput {
  tag: string;
  condition: string;
  description: string;
  /** The point's base settings, to show beside the override. */
  base: PointSettings;
}

export interface WorkingUnit {
  unitId: number;
  unit: string;
  conditionCount: number;
  activeConditionId: number | null;
  activeCondition: string | null;
  switchedAt: string | null;
  switchedBy: string | null;
}

export interface ConditionQuery extends PageQuery {
  unitId?: number;
  /** Part of the name. */
  name?: string;
}

export interface ConditionSummary {
  id: number;
  unitId: number;
  unit: string;
  name: string;
  description: string;
  version: number;
  overrideCount: number;
  active: boolean;
  /** The draft or pending change request that proposes a change of it, if any. */
  openChangeRequestId: number | null;
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface ConditionDetail extends ConditionSummary {
  overrides: ConditionOverride[];
}

export interface SwitchQuery extends PageQuery {
  unitId?: number;
}

export interface ConditionSwitch {
  id: number;
  unitId: number;
  unit: string;
  conditionId: number;
  condition: string;
  /** The condition in force before this switch, if any. */
  previousCondition: string | null;
  switchedAt: string;
  switchedBy: string;
  switchedByName: string;
  note: string;
}

export interface SwitchBody {
  unitId: number;
  conditionId: number;
  /** When the plant switched; default now, never in the future. */
  switchedAt?: string;
  note?: string;
}

/** The proposal of a new or changed condition (the `condition` of a request of type operatingCondition). */
export interface ConditionProposal {
  unitId: number;
  /** null: a new condition. */
  conditionId: number | null;
  name: string;
  description: string;
  /** Every override of the condition after the change (replaces its overrides whole). */
  overrides: ConditionOverrideInput[];
}

/** What a change request of a condition shows: the proposal with names. */
export interface ConditionProposalView extends ConditionProposal {
  unit: string;
  /** The condition's version the request was made against (null for a new one). */
  conditionVersion: number | null;
  overrides: ConditionOverride[];
}

export interface ConditionRequestBody {
  title?: string;
  reason: string;
  riskLevel: RiskLevel;
  unitId: number;
  name: string;
  description?: string;
  overrides: ConditionOverrideInput[];
  submit?: boolean;
}

/** A point's setting under each condition of its unit (base + override). */
export interface PointEffectiveSettings {
  pointId: number;
  base: PointSettings;
  conditions: {
    conditionId: number;
    name: string;
    active: boolean;
    override: ConditionOverrideInput | null;
    effective: PointSettings;
  }[];
}

// ----- Change requests (变更管理) ----------------------------------------------------------------

export interface ChangeItemInput {
  pointId: number;
  field: ChangeField;
  after: SettingValue;
}

export interface ChangeItem extends ChangeItemInput {
  id: number;
  tag: string;
  condition: string;
  description: string;
  unit: string | null;
  /** The value when the request was saved, and the point's version then. */
  before: SettingValue;
  pointVersion: number;
  /** The value and version now (after application: the applied ones). */
  current: SettingValue;
  currentVersion: number;
  /** The point changed since the request captured it (it would conflict on application). */
  stale: boolean;
}

export interface ChangeConflict {
  /** The item concerned; null for a condition proposal. */
  itemId: number | null;
  pointId: number | null;
  tag: string | null;
  condition: string | null;
  message: string;
}

export interface ChangeRequestBody {
  title: string;
  reason: string;
  riskLevel: RiskLevel;
  businessType: BusinessType;
  /** alarmChange / templateApplication: at least one; one per (point, field). */
  items?: ChangeItemInput[];
  /** operatingCondition only. */
  condition?: ConditionProposal;
  /** templateApplication only: the template (and equipment) the items come from. */
  templateId?: number | null;
  equipmentId?: number | null;
  /** Save and submit in one step. */
  submit?: boolean;
}

export interface ChangeQuery extends PageQuery {
  status?: ChangeStatus;
  businessType?: BusinessType;
  riskLevel?: RiskLevel;
  /** Part of the title. */
  title?: string;
  /** Only the caller's own requests. */
  mine?: boolean;
}

/** Where an approval stands, in a line. */
export interface ApprovalProgress {
  approvalId: number;
  flowName: string;
  stepCount: number;
  /** 1-based position of the current step; null once ended. */
  currentStep: number | null;
  currentStepName: string | null;
}

export interface ChangeRequestSummary {
  id: number;
  title: string;
  reason: string;
  riskLevel: RiskLevel;
  businessType: BusinessType;
  status: ChangeStatus;
  initiator: Person;
  itemCount: number;
  /** The unit of a condition request. */
  unit: string | null;
  templateId: number | null;
  template: string | null;
  approval: ApprovalProgress | null;
  /** Non-empty when the approved change could not be applied. */
  conflicts: ChangeConflict[];
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  endedAt: string | null;
  appliedAt: string | null;
}

export interface ChangeTransition {
  id: number;
  action: ChangeAction;
  from: ChangeStatus | null;
  to: ChangeStatus | null;
  actor: Person;
  comment: string;
  at: string;
}

export interface ChangeRequestDetail extends ChangeRequestSummary {
  items: ChangeItem[];
  condition: ConditionProposalView | null;
  equipmentId: number | null;
  approvalDetail: ApprovalInstance | null;
  transitions: ChangeTransition[];
}

export interface TemplateDraftBody {
  templateId: number;
  /** One equipment; all equipment of the template's type (of the unit) when absent. */
  equipmentId?: number;
  unitId?: number;
  title?: string;
  reason?: string;
  riskLevel?: RiskLevel;
}

export interface TemplateDraftResult {
  change: ChangeRequestDetail;
  /** Deviations a point change cannot fix (missing or extra alarms, percent limits without a range). */
  skipped: { missing: number; extra: number; noRange: number };
}

// ----- Approvals (审批管理) ----------------------------------------------------------------------

export interface Approver {
  kind: ApproverKind;
  /** User id or role id. */
  id: number;
}

export interface NamedApprover extends Approver {
  name: string;
}

export interface ApprovalDecision {
  id: number;
  step: number;
  decision: Decision;
  user: Person;
  comment: string;
  decidedAt: string;
}

export interface ApprovalStep {
  /** 1-based. */
  position: number;
  name: string;
  mode: StepMode;
  approvers: NamedApprover[];
  state: StepState;
  decisions: ApprovalDecision[];
}

export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'revoked';

export interface ApprovalInstance {
  id: number;
  changeRequestId: number;
  flowId: number | null;
  flowName: string;
  status: ApprovalStatus;
  currentStep: number | null;
  steps: ApprovalStep[];
  startedAt: string;
  endedAt: string | null;
}

export interface ApprovalQuery extends PageQuery {
  scope?: ApprovalScope;
  status?: ChangeStatus;
  businessType?: BusinessType;
  title?: string;
}

export interface ApprovalSummary extends ApprovalInstance {
  title: string;
  reason: string;
  riskLevel: RiskLevel;
  businessType: BusinessType;
  /** The change request's status (applied / approved with conflicts…). */
  changeStatus: ChangeStatus;
  initiator: Person;
  itemCount: number;
  conflicts: ChangeConflict[];
  /** The caller is an approver of the current step and has not decided. */
  canDecide: boolean;
  /** The caller started it and it is pending (the revoke permission is still needed). */
  canRevoke: boolean;
  /** It has ended (the delete permission is still needed). */
  canDelete: boolean;
}

export interface ApprovalDetail extends ApprovalSummary {
  change: ChangeRequestDetail;
}

export interface DecisionBody {
  comment?: string;
}

// ----- Approval flows (审批配置) -----------------------------------------------------------------

export interface FlowStepInput {
  name: string;
  mode: StepMode;
  approvers: Approver[];
}

export interface FlowBody {
  name: string;
  businessType: BusinessType;
  description?: string;
  active: boolean;
  /** In order; at least one, each with at least one approver. */
  steps: FlowStepInput[];
  /** On update: the version the editor loaded. */
  version?: number;
}

export interface ApprovalFlowStep {
  position: number;
  name: string;
  mode: StepMode;
  approvers: NamedApprover[];
}

export interface ApprovalFlow {
  id: number;
  name: string;
  businessType: BusinessType;
  description: string;
  active: boolean;
  version: number;
  steps: ApprovalFlowStep[];
  /** Pending approvals started from it: it cannot be deleted while > 0. */
  pendingCount: number;
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface FlowQuery extends PageQuery {
  businessType?: BusinessType;
  name?: string;
}

export interface FlowOptions {
  users: Person[];
  roles: { id: number; name: string }[];
}
