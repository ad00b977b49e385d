/**
 * The lifecycle of a change request (docs/domain.md): 草稿 draft → 审批中 pending → 已通过 approved / 已驳回
 * rejected / 已撤回 revoked → 已实施 applied. Which action is legal from which status, where it leads, and
 * the Chinese refusal when it is not. An `approved` request only stays approved when its application met a
 * conflict; like rejected, revoked and applied it has ended.
 */
import { CHANGE_ACTION_LABELS, CHANGE_STATUS_LABELS } from '../../../common/moc';
import { type ChangeAction, type ChangeStatus, ENDED_CHANGE_STATUSES } from '../../../contract/vocabulary';

/**
 * From which statuses each action may start, and the status it leaves (null: the status stays — an archive —
 * or, for a draft deleted, the record goes away). A submitted request is never deleted, only archived.
 */
export const TRANSITIONS: Record<ChangeAction, { from: readonly ChangeStatus[]; to: ChangeStatus | null }> = {
  create: { from: [], to: 'draft' },
  edit: { from: ['draft'], to: 'draft' },
  submit: { from: ['draft'], to: 'pending' },
  approveStep: { from: ['pending'], to: 'pending' },
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  revoke: { from: ['pending'], to: 'revoked' },
  apply: { from: ['approved'], to: 'applied' },
  conflict: { from: ['approved'], to: 'approved' },
  delete: { from: ['draft'], to: null },
  archive: { from: ENDED_CHANGE_STATUSES, to: null },
  takeover: { from: ['draft'], to: 'draft' },
};

export function isEnded(status: ChangeStatus): boolean {
  return ENDED_CHANGE_STATUSES.includes(status);
}

/** Why `action` is not allowed on a request in `status`; undefined when it is. */
export function transitionRefusal(status: ChangeStatus, action: ChangeAction): string | undefined {
  if (TRANSITIONS[action].from.includes(status)) return undefined;
  return `变更申请当前为「${CHANGE_STATUS_LABELS[status]}」，不能${CHANGE_ACTION_LABELS[action]}`;
}

/** Revoking: only the initiator, only while pending. */
export function revokeRefusal(request: { status: ChangeStatus; initiatorId: number }, actorId: number) {
  if (request.initiatorId !== actorId) return { status: 403 as const, message: '只有发起人可以撤回该变更申请' };
  const refusal = transitionRefusal(request.status, 'revoke');
  return refusal ? { status: 409 as const, message: refusal } : undefined;
}
