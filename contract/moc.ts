/**
 * TypeBox schemas of 多工况管理, 变更管理, 审批管理 and 审批配置: request bodies and queries, and the answers
 * as common/moc.ts types them.
 */
import { Type } from 'typebox';
import {
  APPROVAL_SCOPES,
  APPROVER_KINDS,
  BUSINESS_TYPES,
  CHANGE_ACTIONS,
  CHANGE_FIELDS,
  CHANGE_STATUSES,
  DECISIONS,
  RISK_LEVELS,
  STEP_MODES,
  STEP_STATES,
} from '../common/moc';
import { MAX_REASON_LENGTH, MAX_TITLE_LENGTH } from '../common/mocValidation';
import { Id, Nullable, pageQueryProperties } from './http';
import { PRIORITIES } from './vocabulary';

const Text = Type.String();
const NullableText = Nullable(Type.String());
const NullableInteger = Nullable(Type.Integer());

export const Priority = Type.Enum(PRIORITIES);
export const ChangeStatus = Type.Enum(CHANGE_STATUSES);
export const BusinessType = Type.Enum(BUSINESS_TYPES);
export const RiskLevel = Type.Enum(RISK_LEVELS);
export const ChangeField = Type.Enum(CHANGE_FIELDS);
const StepMode = Type.Enum(STEP_MODES);
const ApproverKind = Type.Enum(APPROVER_KINDS);

/** A setting's value: null, a boolean, a number or a priority code. */
const SettingValue = Type.Union([Type.Null(), Type.Boolean(), Type.Number(), Type.String({ maxLength: 16 })]);
/**
 * The same as a request sends it: not typed here, because Ajv's type coercion would turn a 1 into `true` in
 * the union; the field's own check (common/mocValidation.ts) takes the value as sent.
 */
const SentSettingValue = Type.Unknown();

export const Person = Type.Object({ id: Type.Integer(), username: Text, name: Text });

export const PointSettings = Type.Object({
  limitValue: Nullable(Type.Number()),
  priority: Priority,
  deadband: Nullable(Type.Number()),
  onDelaySeconds: NullableInteger,
  offDelaySeconds: NullableInteger,
  enabled: Type.Boolean(),
});

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

export const PointQuery = Type.Object({
  ...pageQueryProperties,
  tag: Type.Optional(Type.String({ maxLength: 200 })),
  unitId: Type.Optional(Id),
});

// ----- conditions -----

const Seconds = Nullable(Type.Integer({ minimum: 0, maximum: 86_400 }));

export const OverrideInput = Type.Object(
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

const Override = Type.Object({
  ...OverrideInput.properties,
  pointId: Type.Integer(),
  tag: Text,
  condition: Text,
  description: Text,
  base: PointSettings,
});

export const WorkingUnit = Type.Object({
  unitId: Type.Integer(),
  unit: Text,
  conditionCount: Type.Integer(),
  activeConditionId: NullableInteger,
  activeCondition: NullableText,
  switchedAt: NullableText,
  switchedBy: NullableText,
});

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

export const ConditionDetail = Type.Object({ ...ConditionSummary.properties, overrides: Type.Array(Override) });

export const ConditionQuery = Type.Object({
  ...pageQueryProperties,
  unitId: Type.Optional(Id),
  name: Type.Optional(Type.String({ maxLength: 100 })),
});

export const SwitchQuery = Type.Object({ ...pageQueryProperties, unitId: Type.Optional(Id) });

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

export const SwitchBody = Type.Object(
  {
    unitId: Id,
    conditionId: Id,
    switchedAt: Type.Optional(Type.String({ format: 'date-time' })),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

const ConditionName = Type.String({ minLength: 1, maxLength: 50 });
const Title = Type.String({ maxLength: MAX_TITLE_LENGTH });
const Reason = Type.String({ maxLength: MAX_REASON_LENGTH });

export const ConditionProposal = Type.Object(
  {
    unitId: Id,
    conditionId: Nullable(Id),
    name: ConditionName,
    description: Type.String({ maxLength: 500 }),
    overrides: Type.Array(OverrideInput, { maxItems: 2000 }),
  },
  { additionalProperties: false },
);

export const ConditionRequestBody = Type.Object(
  {
    title: Type.Optional(Title),
    reason: Reason,
    riskLevel: RiskLevel,
    unitId: Id,
    name: ConditionName,
    description: Type.Optional(Type.String({ maxLength: 500 })),
    overrides: Type.Array(OverrideInput, { maxItems: 2000 }),
    submit: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const PointEffectiveSettings = Type.Object({
  pointId: Type.Integer(),
  base: PointSettings,
  conditions: Type.Array(
    Type.Object({
      conditionId: Type.Integer(),
      name: Text,
      active: Type.Boolean(),
      override: Nullable(OverrideInput),
      effective: PointSettings,
    }),
  ),
});

// ----- change requests -----

export const ChangeItemInput = Type.Object(
  { pointId: Id, field: ChangeField, after: SentSettingValue },
  { additionalProperties: false },
);

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

export const ChangeQuery = Type.Object({
  ...pageQueryProperties,
  status: Type.Optional(ChangeStatus),
  businessType: Type.Optional(BusinessType),
  riskLevel: Type.Optional(RiskLevel),
  title: Type.Optional(Type.String({ maxLength: 100 })),
  mine: Type.Optional(Type.Boolean()),
});

export const ChangeConflict = Type.Object({
  itemId: NullableInteger,
  pointId: NullableInteger,
  tag: NullableText,
  condition: NullableText,
  message: Text,
});

const ApprovalProgress = Type.Object({
  approvalId: Type.Integer(),
  flowName: Text,
  stepCount: Type.Integer(),
  currentStep: NullableInteger,
  currentStepName: NullableText,
});

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
});

const NamedApprover = Type.Object({ kind: ApproverKind, id: Type.Integer(), name: Text });

const ApprovalStep = Type.Object({
  position: Type.Integer(),
  name: Text,
  mode: StepMode,
  approvers: Type.Array(NamedApprover),
  state: Type.Enum(STEP_STATES),
  decisions: Type.Array(
    Type.Object({
      id: Type.Integer(),
      step: Type.Integer(),
      decision: Type.Enum(DECISIONS),
      user: Person,
      comment: Text,
      decidedAt: Text,
    }),
  ),
});

export const ApprovalInstance = Type.Object({
  id: Type.Integer(),
  changeRequestId: Type.Integer(),
  flowId: NullableInteger,
  flowName: Text,
  status: Type.Enum(['pending', 'approved', 'rejected', 'revoked']),
  currentStep: NullableInteger,
  steps: Type.Array(ApprovalStep),
  startedAt: Text,
  endedAt: NullableText,
});

export const ChangeRequestDetail = Type.Object({
  ...ChangeRequestSummary.properties,
  items: Type.Array(
    Type.Object({
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
    }),
  ),
  condition: Nullable(
    Type.Object({
      unitId: Type.Integer(),
      conditionId: NullableInteger,
      name: Text,
      description: Text,
      unit: Text,
      conditionVersion: NullableInteger,
      overrides: Type.Array(Override),
    }),
  ),
  equipmentId: NullableInteger,
  approvalDetail: Nullable(ApprovalInstance),
  transitions: Type.Array(
    Type.Object({
      id: Type.Integer(),
      action: Type.Enum(CHANGE_ACTIONS),
      from: Nullable(ChangeStatus),
      to: Nullable(ChangeStatus),
      actor: Person,
      comment: Text,
      at: Text,
    }),
  ),
});

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

export const TemplateDraftResult = Type.Object({
  change: ChangeRequestDetail,
  skipped: Type.Object({ missing: Type.Integer(), extra: Type.Integer(), noRange: Type.Integer() }),
});

// ----- approvals -----

export const ApprovalQuery = Type.Object({
  ...pageQueryProperties,
  scope: Type.Optional(Type.Enum(APPROVAL_SCOPES)),
  status: Type.Optional(ChangeStatus),
  businessType: Type.Optional(BusinessType),
  title: Type.Optional(Type.String({ maxLength: 100 })),
});

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
  canDecide: Type.Boolean(),
  canRevoke: Type.Boolean(),
  canDelete: Type.Boolean(),
});

export const ApprovalDetail = Type.Object({ ...ApprovalSummary.properties, change: ChangeRequestDetail });

export const DecisionBody = Type.Object(
  { comment: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);

// ----- flows -----

const Approver = Type.Object({ kind: ApproverKind, id: Id }, { additionalProperties: false });

export const FlowBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    businessType: BusinessType,
    description: Type.Optional(Type.String({ maxLength: 500 })),
    active: Type.Boolean(),
    steps: Type.Array(
      Type.Object(
        {
          name: Type.String({ maxLength: 50 }),
          mode: StepMode,
          approvers: Type.Array(Approver, { maxItems: 50 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 20 },
    ),
    version: Type.Optional(Id),
  },
  { additionalProperties: false },
);

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

export const FlowQuery = Type.Object({
  ...pageQueryProperties,
  businessType: Type.Optional(BusinessType),
  name: Type.Optional(Type.String({ maxLength: 100 })),
});

export const FlowOptions = Type.Object({
  users: Type.Array(Person),
  roles: Type.Array(Type.Object({ id: Type.Integer(), name: Text })),
});

export const Removed = Type.Object({ id: Type.Integer() });
