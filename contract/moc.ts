/**
 * TypeBox schemas of 多工况管理, 变更管理, 审批管理 and 审批配置 (MOC, docs/domain.md): request bodies and
 * queries, and the answers, each with its type beside it. The endpoints that use them: contract/conditions.ts,
 * contract/changes.ts, contract/approvals.ts, contract/flows.ts.
 */
import { type Static, Type } from 'typebox';
import { Id, Nullable, pageQueryProperties } from './http';
import { PriorityMatrix } from './rationalization';
import {
  APPROVAL_SCOPES,
  APPROVAL_STATUSES,
  APPROVER_KINDS,
  ARCHIVE_FILTERS,
  BUSINESS_TYPES,
  CHANGE_ACTIONS,
  CHANGE_FIELDS,
  CHANGE_STATUSES,
  DECISIONS,
  MAX_REASON_LENGTH,
  MAX_TITLE_LENGTH,
  PRIORITIES,
  RISK_LEVELS,
  STEP_MODES,
  STEP_STATES,
} from './vocabulary';

const Text = Type.String();
const NullableText = Nullable(Type.String());
const NullableInteger = Nullable(Type.Integer());

const Priority = Type.Enum(PRIORITIES);
const ChangeStatus = Type.Enum(CHANGE_STATUSES);
const BusinessType = Type.Enum(BUSINESS_TYPES);
const RiskLevel = Type.Enum(RISK_LEVELS);
const ChangeField = Type.Enum(CHANGE_FIELDS);
const StepMode = Type.Enum(STEP_MODES);
const ApproverKind = Type.Enum(APPROVER_KINDS);
/** `active` (the default): not archived; `archived`: 已归档 only; `all`: both. */
const Archive = Type.Optional(Type.Enum(ARCHIVE_FILTERS));

/** A setting's value: null, a boolean, a number or a priority code. */
export const SettingValue = Type.Union([Type.Null(), Type.Boolean(), Type.Number(), Type.String({ maxLength: 16 })]);
export type SettingValue = Static<typeof SettingValue>;
/**
 * The same as a request sends it: no schema, because Ajv's type coercion would turn a 1 into `true` in
 * the union; the field's own check (common/mocValidation.ts) takes the value as sent, typed as what it
 * accepts.
 */
const SentSettingValue = Type.Unsafe<SettingValue>({});

/** A person as records name them (users are never deleted, only disabled). */
export const Person = Type.Object({ id: Type.Integer(), username: Text, name: Text });
export type Person = Static<typeof Person>;

export const PointSettings = Type.Object({
  limitValue: Nullable(Type.Number()),
  priority: Priority,
  deadband: Nullable(Type.Number()),
  onDelaySeconds: NullableInteger,
  offDelaySeconds: NullableInteger,
  enabled: Type.Boolean(),
});
export type PointSettings = Static<typeof PointSettings>;

/** A point to pick for a change or an override: identity, plant, current settings and version. */
export const ChangeablePoint = Type.Object({
  ...PointSettings.properties,
  id: Type.Integer(),
  tag: Text,
  condition: Text,
  description: Text,
  unitId: NullableInteger,
  unit: NullableText,
  equipment: NullableText,
  engineeringUnit: Text,
  version: Type.Integer(),
});
export type ChangeablePoint = Static<typeof ChangeablePoint>;

/** `tag`: start of the tag; `unitId`: the unit's points only. */
export const PointFilters = Type.Object({
  tag: Type.Optional(Type.String({ maxLength: 200 })),
  unitId: Type.Optional(Id),
});
export type PointFilters = Static<typeof PointFilters>;
export const PointQuery = Type.Object({ ...pageQueryProperties, ...PointFilters.properties });
export type PointQuery = Static<typeof PointQuery>;

// ----- conditions -----

const Seconds = Nullable(Type.Integer({ minimum: 0, maximum: 86_400 }));

/** One override of a point under a condition; null = the base setting applies (enabled false: suppressed). */
export const ConditionOverrideInput = Type.Object(
  {
    pointId: Id,
    enabled: Nullable(Type.Boolean()),
    limitValue: Nullable(Type.Number({ minimum: -1e12, maximum: 1e12 })),
    priority: Nullable(Priority),
    deadband: Nullable(Type.Number({ minimum: 0, maximum: 1e12 })),
    onDelaySeconds: Seconds,
    offDelaySeconds: Seconds,
  },
  { additionalProperties: false },
);
export type ConditionOverrideInput = Static<typeof ConditionOverrideInput>;

/** An override as shown, with the point's base settings beside it. */
export const ConditionOverride = Type.Object({
  ...ConditionOverrideInput.properties,
  pointId: Type.Integer(),
  tag: Text,
  condition: Text,
  description: Text,
  base: PointSettings,
});
export type ConditionOverride = Static<typeof ConditionOverride>;

/** A unit as 多工况管理 lists it: how many operating conditions it has and which is active since when. */
export const ConditionUnit = Type.Object({
  unitId: Type.Integer(),
  unit: Text,
  conditionCount: Type.Integer(),
  activeConditionId: NullableInteger,
  activeCondition: NullableText,
  switchedAt: NullableText,
  switchedBy: NullableText,
});
export type ConditionUnit = Static<typeof ConditionUnit>;

export const ConditionSummary = Type.Object({
  id: Type.Integer(),
  unitId: Type.Integer(),
  unit: Text,
  name: Text,
  description: Text,
  version: Type.Integer(),
  overrideCount: Type.Integer(),
  active: Type.Boolean(),
  openChangeRequestId: NullableInteger,
  createdBy: Text,
  updatedBy: Text,
  createdAt: Text,
  updatedAt: Text,
});
export type ConditionSummary = Static<typeof ConditionSummary>;

export const ConditionDetail = Type.Object({
  ...ConditionSummary.properties,
  overrides: Type.Array(ConditionOverride),
});
export type ConditionDetail = Static<typeof ConditionDetail>;

export const ConditionFilters = Type.Object({
  unitId: Type.Optional(Id),
  name: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ConditionFilters = Static<typeof ConditionFilters>;
export const ConditionQuery = Type.Object({ ...pageQueryProperties, ...ConditionFilters.properties });
export type ConditionQuery = Static<typeof ConditionQuery>;

export const SwitchFilters = Type.Object({ unitId: Type.Optional(Id) });
export type SwitchFilters = Static<typeof SwitchFilters>;
export const SwitchQuery = Type.Object({ ...pageQueryProperties, ...SwitchFilters.properties });

export const ConditionSwitch = Type.Object({
  id: Type.Integer(),
  unitId: Type.Integer(),
  unit: Text,
  conditionId: Type.Integer(),
  condition: Text,
  previousCondition: NullableText,
  switchedAt: Text,
  switchedBy: Text,
  switchedByName: Text,
  note: Text,
});
export type ConditionSwitch = Static<typeof ConditionSwitch>;

export const SwitchBody = Type.Object(
  {
    unitId: Id,
    conditionId: Id,
    switchedAt: Type.Optional(Type.String({ format: 'date-time' })),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type SwitchBody = Static<typeof SwitchBody>;

const ConditionName = Type.String({ minLength: 1, maxLength: 50 });
const Title = Type.String({ maxLength: MAX_TITLE_LENGTH });
const Reason = Type.String({ maxLength: MAX_REASON_LENGTH });

/** A new (conditionId null) or changed condition; its overrides replace the condition's whole. */
export const ConditionProposal = Type.Object(
  {
    unitId: Id,
    conditionId: Nullable(Id),
    name: ConditionName,
    description: Type.String({ maxLength: 500 }),
    overrides: Type.Array(ConditionOverrideInput, { maxItems: 2000 }),
  },
  { additionalProperties: false },
);
export type ConditionProposal = Static<typeof ConditionProposal>;

export const ConditionRequestBody = Type.Object(
  {
    title: Type.Optional(Title),
    reason: Reason,
    riskLevel: RiskLevel,
    unitId: Id,
    name: ConditionName,
    description: Type.Optional(Type.String({ maxLength: 500 })),
    overrides: Type.Array(ConditionOverrideInput, { maxItems: 2000 }),
    submit: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ConditionRequestBody = Static<typeof ConditionRequestBody>;

export const PointEffectiveSettings = Type.Object({
  pointId: Type.Integer(),
  base: PointSettings,
  conditions: Type.Array(
    Type.Object({
      conditionId: Type.Integer(),
      name: Text,
      active: Type.Boolean(),
      override: Nullable(ConditionOverrideInput),
      effective: PointSettings,
    }),
  ),
});
export type PointEffectiveSettings = Static<typeof PointEffectiveSettings>;

// ----- change requests -----

export const ChangeItemInput = Type.Object(
  { pointId: Id, field: ChangeField, after: SentSettingValue },
  { additionalProperties: false },
);
export type ChangeItemInput = Static<typeof ChangeItemInput>;

export const ChangeRequestBody = Type.Object(
  {
    title: Title,
    reason: Reason,
    riskLevel: RiskLevel,
    businessType: BusinessType,
    items: Type.Optional(Type.Array(ChangeItemInput, { maxItems: 2000 })),
    condition: Type.Optional(ConditionProposal),
    templateId: Type.Optional(Nullable(Id)),
    equipmentId: Type.Optional(Nullable(Id)),
    submit: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ChangeRequestBody = Static<typeof ChangeRequestBody>;

export const ChangeFilters = Type.Object({
  status: Type.Optional(ChangeStatus),
  businessType: Type.Optional(BusinessType),
  riskLevel: Type.Optional(RiskLevel),
  title: Type.Optional(Type.String({ maxLength: 100 })),
  mine: Type.Optional(Type.Boolean()),
  archive: Archive,
});
export type ChangeFilters = Static<typeof ChangeFilters>;
export const ChangeQuery = Type.Object({ ...pageQueryProperties, ...ChangeFilters.properties });
export type ChangeQuery = Static<typeof ChangeQuery>;

export const ChangeConflict = Type.Object({
  itemId: NullableInteger,
  pointId: NullableInteger,
  tag: NullableText,
  condition: NullableText,
  message: Text,
});
export type ChangeConflict = Static<typeof ChangeConflict>;

/** Where an approval stands, in a line; `currentStep` is 1-based, null once ended. */
const ApprovalProgress = Type.Object({
  approvalId: Type.Integer(),
  flowName: Text,
  stepCount: Type.Integer(),
  currentStep: NullableInteger,
  currentStepName: NullableText,
});
export type ApprovalProgress = Static<typeof ApprovalProgress>;

export const ChangeRequestSummary = Type.Object({
  id: Type.Integer(),
  title: Text,
  reason: Text,
  riskLevel: RiskLevel,
  businessType: BusinessType,
  status: ChangeStatus,
  initiator: Person,
  itemCount: Type.Integer(),
  unit: NullableText,
  templateId: NullableInteger,
  template: NullableText,
  approval: Nullable(ApprovalProgress),
  conflicts: Type.Array(ChangeConflict),
  createdAt: Text,
  updatedAt: Text,
  submittedAt: NullableText,
  endedAt: NullableText,
  appliedAt: NullableText,
  /** When the ended request was archived; null while it shows in the default lists. */
  archivedAt: NullableText,
});
export type ChangeRequestSummary = Static<typeof ChangeRequestSummary>;

/** An approver of a step: a user id or a role id. */
const Approver = Type.Object({ kind: ApproverKind, id: Id }, { additionalProperties: false });
export type Approver = Static<typeof Approver>;

const NamedApprover = Type.Object({ kind: ApproverKind, id: Type.Integer(), name: Text });
export type NamedApprover = Static<typeof NamedApprover>;

const ApprovalDecision = Type.Object({
  id: Type.Integer(),
  step: Type.Integer(),
  decision: Type.Enum(DECISIONS),
  user: Person,
  comment: Text,
  decidedAt: Text,
});
export type ApprovalDecision = Static<typeof ApprovalDecision>;

/** A step of an approval; `position` is 1-based. */
const ApprovalStep = Type.Object({
  position: Type.Integer(),
  name: Text,
  mode: StepMode,
  approvers: Type.Array(NamedApprover),
  state: Type.Enum(STEP_STATES),
  decisions: Type.Array(ApprovalDecision),
});
export type ApprovalStep = Static<typeof ApprovalStep>;

export const ApprovalInstance = Type.Object({
  id: Type.Integer(),
  changeRequestId: Type.Integer(),
  flowId: NullableInteger,
  flowName: Text,
  status: Type.Enum(APPROVAL_STATUSES),
  currentStep: NullableInteger,
  steps: Type.Array(ApprovalStep),
  startedAt: Text,
  endedAt: NullableText,
});
export type ApprovalInstance = Static<typeof ApprovalInstance>;

/**
 * An item of a request: the value when the request was saved (`before`, `pointVersion`) and now
 * (`current`, `currentVersion`; after application the applied ones); `stale` when the point changed since.
 */
const ChangeItem = Type.Object({
  id: Type.Integer(),
  pointId: Type.Integer(),
  field: ChangeField,
  after: SettingValue,
  tag: Text,
  condition: Text,
  description: Text,
  unit: NullableText,
  before: SettingValue,
  pointVersion: Type.Integer(),
  current: SettingValue,
  currentVersion: Type.Integer(),
  stale: Type.Boolean(),
});
export type ChangeItem = Static<typeof ChangeItem>;

/** What a request of a condition shows: the proposal with names and the version it was made against. */
const ConditionProposalView = Type.Object({
  unitId: Type.Integer(),
  conditionId: NullableInteger,
  name: Text,
  description: Text,
  unit: Text,
  conditionVersion: NullableInteger,
  overrides: Type.Array(ConditionOverride),
});
export type ConditionProposalView = Static<typeof ConditionProposalView>;

const ChangeTransition = Type.Object({
  id: Type.Integer(),
  action: Type.Enum(CHANGE_ACTIONS),
  from: Nullable(ChangeStatus),
  to: Nullable(ChangeStatus),
  actor: Person,
  comment: Text,
  at: Text,
});
export type ChangeTransition = Static<typeof ChangeTransition>;

export const ChangeRequestDetail = Type.Object({
  ...ChangeRequestSummary.properties,
  items: Type.Array(ChangeItem),
  condition: Nullable(ConditionProposalView),
  /** priorityMatrix: the matrix when the request was saved and the one it proposes. */
  matrix: Nullable(Type.Object({ before: PriorityMatrix, after: PriorityMatrix })),
  equipmentId: NullableInteger,
  approvalDetail: Nullable(ApprovalInstance),
  transitions: Type.Array(ChangeTransition),
});
export type ChangeRequestDetail = Static<typeof ChangeRequestDetail>;

export const TemplateDraftBody = Type.Object(
  {
    templateId: Id,
    equipmentId: Type.Optional(Id),
    unitId: Type.Optional(Id),
    title: Type.Optional(Title),
    reason: Type.Optional(Reason),
    riskLevel: Type.Optional(RiskLevel),
  },
  { additionalProperties: false },
);
export type TemplateDraftBody = Static<typeof TemplateDraftBody>;

export const TemplateDraftResult = Type.Object({
  change: ChangeRequestDetail,
  skipped: Type.Object({ missing: Type.Integer(), extra: Type.Integer(), noRange: Type.Integer() }),
});
export type TemplateDraftResult = Static<typeof TemplateDraftResult>;

// ----- approvals -----

export const ApprovalFilters = Type.Object({
  scope: Type.Optional(Type.Enum(APPROVAL_SCOPES)),
  status: Type.Optional(ChangeStatus),
  businessType: Type.Optional(BusinessType),
  title: Type.Optional(Type.String({ maxLength: 100 })),
  archive: Archive,
});
export type ApprovalFilters = Static<typeof ApprovalFilters>;
export const ApprovalQuery = Type.Object({ ...pageQueryProperties, ...ApprovalFilters.properties });
export type ApprovalQuery = Static<typeof ApprovalQuery>;

export const ApprovalSummary = Type.Object({
  ...ApprovalInstance.properties,
  title: Text,
  reason: Text,
  riskLevel: RiskLevel,
  businessType: BusinessType,
  changeStatus: ChangeStatus,
  initiator: Person,
  itemCount: Type.Integer(),
  conflicts: Type.Array(ChangeConflict),
  archivedAt: NullableText,
  canDecide: Type.Boolean(),
  /** Why the signed-in user cannot decide the current step although they are listed on it; null otherwise. */
  decideBlock: NullableText,
  canRevoke: Type.Boolean(),
  /** Ended and not yet archived. */
  canArchive: Type.Boolean(),
});
export type ApprovalSummary = Static<typeof ApprovalSummary>;

export const ApprovalDetail = Type.Object({ ...ApprovalSummary.properties, change: ChangeRequestDetail });
export type ApprovalDetail = Static<typeof ApprovalDetail>;

export const DecisionBody = Type.Object(
  { comment: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);
export type DecisionBody = Static<typeof DecisionBody>;

// ----- flows -----

const FlowStepInput = Type.Object(
  {
    name: Type.String({ maxLength: 50 }),
    mode: StepMode,
    approvers: Type.Array(Approver, { maxItems: 50 }),
  },
  { additionalProperties: false },
);
export type FlowStepInput = Static<typeof FlowStepInput>;

/**
 * A flow as the editor saves it: steps in order; `version` on update, the one the editor loaded. Saving never
 * changes which flow is active (启用 and 停用 do).
 */
export const FlowBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    businessType: BusinessType,
    description: Type.Optional(Type.String({ maxLength: 500 })),
    steps: Type.Array(FlowStepInput, { maxItems: 20 }),
    version: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type FlowBody = Static<typeof FlowBody>;

export const ApprovalFlow = Type.Object({
  id: Type.Integer(),
  name: Text,
  businessType: BusinessType,
  description: Text,
  active: Type.Boolean(),
  version: Type.Integer(),
  steps: Type.Array(
    Type.Object({ position: Type.Integer(), name: Text, mode: StepMode, approvers: Type.Array(NamedApprover) }),
  ),
  pendingCount: Type.Integer(),
  createdBy: Text,
  updatedBy: Text,
  createdAt: Text,
  updatedAt: Text,
});
export type ApprovalFlow = Static<typeof ApprovalFlow>;

export const FlowFilters = Type.Object({
  businessType: Type.Optional(BusinessType),
  name: Type.Optional(Type.String({ maxLength: 100 })),
});
export type FlowFilters = Static<typeof FlowFilters>;
export const FlowQuery = Type.Object({ ...pageQueryProperties, ...FlowFilters.properties });
export type FlowQuery = Static<typeof FlowQuery>;

export const FlowOptions = Type.Object({
  users: Type.Array(Person),
  roles: Type.Array(Type.Object({ id: Type.Integer(), name: Text })),
});
export type FlowOptions = Static<typeof FlowOptions>;

/**
 * A business type as 审批配置 shows it: its active flow (null: submissions are refused), its pending requests,
 * and whether one person decides at most one step of a request, with who set that last and when.
 */
export const BusinessTypeSetting = Type.Object({
  businessType: BusinessType,
  activeFlow: Nullable(Type.Object({ id: Type.Integer(), name: Text })),
  pendingCount: Type.Integer(),
  oneStepPerPerson: Type.Boolean(),
  updatedBy: NullableText,
  updatedAt: NullableText,
});
export type BusinessTypeSetting = Static<typeof BusinessTypeSetting>;

export const BusinessTypeParams = Type.Object({ businessType: BusinessType });

export const BusinessTypeSettingBody = Type.Object(
  { oneStepPerPerson: Type.Boolean() },
  { additionalProperties: false },
);
export type BusinessTypeSettingBody = Static<typeof BusinessTypeSettingBody>;

export const Removed = Type.Object({ id: Type.Integer() });
/** What an archive answers: the id of the record archived (an approval in 审批管理, a request in 变更管理). */
export const Archived = Removed;
