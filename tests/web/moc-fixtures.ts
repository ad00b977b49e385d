/** Answers of the change-management API (contract/moc.ts) that the MOC component tests share. */

import type {
  ApprovalDetail,
  ApprovalFlow,
  ApprovalInstance,
  ApprovalSummary,
  ChangeablePoint,
  ChangeItem,
  ChangeRequestDetail,
  ChangeRequestSummary,
  Person,
  PointSettings,
} from '@contract/moc';
import { HttpResponse, http } from 'msw';
import type { PriorityName } from '@/components/moc/format';
import { ok } from './render';

export const engineer: Person = { id: 2, username: 'engineer', name: '王工' };
export const approver: Person = { id: 3, username: 'approver1', name: '李审批' };

export const point: ChangeablePoint = {
  id: 7,
  tag: 'FIC-101',
  condition: 'PVHI',
  description: '进料流量高',
  unitId: 1,
  unit: '常减压',
  equipment: 'P-101',
  engineeringUnit: 't/h',
  version: 3,
  limitValue: 80,
  priority: 'high',
  deadband: 1,
  onDelaySeconds: 3,
  offDelaySeconds: 3,
  enabled: true,
};

/** The point's settings alone, as conditions and effective settings answer them. */
export const pointSettings: PointSettings = {
  limitValue: point.limitValue,
  priority: point.priority,
  deadband: point.deadband,
  onDelaySeconds: point.onDelaySeconds,
  offDelaySeconds: point.offDelaySeconds,
  enabled: point.enabled,
};

export const pendingApproval: ApprovalInstance = {
  id: 31,
  changeRequestId: 12,
  flowId: 1,
  flowName: '报警变更两级审批',
  status: 'pending',
  currentStep: 2,
  startedAt: '2026-01-03T02:00:00.000Z',
  endedAt: null,
  steps: [
    {
      position: 1,
      name: '工艺审核',
      mode: 'any',
      approvers: [{ kind: 'role', id: 4, name: '审批人' }],
      state: 'approved',
      decisions: [
        {
          id: 1,
          step: 1,
          decision: 'approve',
          user: approver,
          comment: '限值合理',
          decidedAt: '2026-01-03T03:00:00.000Z',
        },
      ],
    },
    {
      position: 2,
      name: '安全审核',
      mode: 'all',
      approvers: [{ kind: 'user', id: 5, name: '赵安全' }],
      state: 'current',
      decisions: [],
    },
  ],
};

export const change: ChangeRequestDetail = {
  id: 12,
  title: '提高进料流量高报限值',
  reason: '工艺负荷提高',
  riskLevel: 'medium',
  businessType: 'alarmChange',
  status: 'pending',
  initiator: engineer,
  itemCount: 1,
  unit: null,
  templateId: null,
  template: null,
  approval: { approvalId: 31, flowName: '报警变更两级审批', stepCount: 2, currentStep: 2, currentStepName: '安全审核' },
  conflicts: [],
  createdAt: '2026-01-03T01:00:00.000Z',
  updatedAt: '2026-01-03T02:00:00.000Z',
  submittedAt: '2026-01-03T02:00:00.000Z',
  endedAt: null,
  appliedAt: null,
  archivedAt: null,
  items: [
    {
      id: 1,
      pointId: 7,
      field: 'limitValue',
      after: 85,
      tag: 'FIC-101',
      condition: 'PVHI',
      description: '进料流量高',
      unit: '常减压',
      before: 80,
      pointVersion: 3,
      current: 80,
      currentVersion: 3,
      stale: false,
    },
  ],
  condition: null,
  matrix: null,
  equipmentId: null,
  approvalDetail: pendingApproval,
  transitions: [
    {
      id: 1,
      action: 'submit',
      from: 'draft',
      to: 'pending',
      actor: engineer,
      comment: '',
      at: '2026-01-03T02:00:00.000Z',
    },
  ],
};

export const approvalDetail: ApprovalDetail = {
  ...pendingApproval,
  title: change.title,
  reason: change.reason,
  riskLevel: change.riskLevel,
  businessType: change.businessType,
  changeStatus: 'pending',
  initiator: engineer,
  itemCount: 1,
  conflicts: [],
  canDecide: true,
  decideBlock: null,
  canRevoke: false,
  archivedAt: null,
  canArchive: false,
  change,
};

export const flow: ApprovalFlow = {
  id: 1,
  name: '报警变更两级审批',
  businessType: 'alarmChange',
  description: '',
  active: true,
  version: 2,
  steps: [
    { position: 1, name: '工艺审核', mode: 'any', approvers: [{ kind: 'role', id: 4, name: '审批人' }] },
    { position: 2, name: '安全审核', mode: 'all', approvers: [{ kind: 'user', id: 5, name: '赵安全' }] },
  ],
  pendingCount: 1,
  createdBy: 'admin',
  updatedBy: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

/** A paged answer of the given rows. */
export const page = <T>(rows: T[]) => ok({ list: rows, total: rows.length, current: 1, pageSize: 20 });

/** A refusal as the server sends it. */
export const refusal = (msg: string) => ({ code: 1, msg, data: null });

/** The priority dictionary as an administrator renamed it: the change screens must show these names. */
export const priorityNames: (PriorityName & { color: string })[] = [
  { code: 'urgent', name: '一级（紧急）', color: '#a8071a' },
  { code: 'high', name: '二级（高）', color: '#ff4d4f' },
  { code: 'medium', name: '三级（中）', color: '#faad14' },
  { code: 'low', name: '四级（低）', color: '#1677ff' },
];

/** `<page>/priorities` of every page that shows change settings. */
export const priorityDictionary = ['/alarm/op/update', '/alarm/op/working', '/alarm/approve/list'].map((path) =>
  http.get(`/api${path}/priorities`, () => HttpResponse.json(ok(priorityNames))),
);

/** A change of priority: both values read by the dictionary's names. */
export const priorityItem: ChangeItem = {
  ...change.items[0],
  id: 2,
  pointId: 8,
  field: 'priority',
  tag: 'TI-205',
  condition: 'PVHH',
  description: '炉膛温度高高',
  before: 'high',
  after: 'urgent',
  current: 'high',
};

/** A request as the list answers it: without items, proposal, steps and log. */
export function changeSummary({
  items: _items,
  condition: _condition,
  matrix: _matrix,
  equipmentId: _equipmentId,
  approvalDetail: _approvalDetail,
  transitions: _transitions,
  ...summary
}: ChangeRequestDetail): ChangeRequestSummary {
  return summary;
}

/** An approval as the list answers it: without its change. */
export function approvalSummary({ change: _change, ...summary }: ApprovalDetail): ApprovalSummary {
  return summary;
}
