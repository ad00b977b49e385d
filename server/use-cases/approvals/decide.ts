/**
 * 同意 and 驳回 (docs/domain.md#change-management-and-approvals): an approver's decision on the current step
 * of an approval is recorded, the approval moves on, and on the last approval the change is applied — in
 * the caller's transaction. The approval's lock makes two decisions on one approval take turns, so the
 * change is applied once.
 */
import type { ApprovalDetail } from '../../../contract/moc';
import type { Decision } from '../../../contract/vocabulary';
import type { Executor } from '../../db';
import { type DecideRefusal, decide, refusalReason } from '../../domain/approvals/progress';
import { ApiError, refused } from '../../errors';
import type { Repositories } from '../../repositories';
import { applyChange } from '../changes/apply';
import { lockApproval } from './lock';
import { type ApprovalActor, approvalActor, approvalDetail, type SignedInUser } from './view';

type Needs = Pick<Repositories, 'approvals' | 'changes' | 'conditions' | 'matrix'>;

/** The refusal of a decision: ended or decided (409); not an approver, the initiator, or a second step (403). */
function decideRefusal(refusal: DecideRefusal): ApiError {
  if (refusal.reason === 'ended') return refused(409, '该审批已结束或已进入其他步骤，请刷新后查看');
  if (refusal.reason === 'notApprover') return new ApiError(403, 403, '你不是当前审批步骤的审批人，不能审批');
  const reason = refusalReason(refusal) as string;
  return refusal.reason === 'alreadyDecided' ? refused(409, reason) : new ApiError(403, 403, reason);
}

/**
 * The decision on the current step, or its refusal (404, 403, 409): separation of duties as the request's
 * business type sets it (docs/domain.md, "Separation-of-duties rules").
 */
export async function decideStep(
  approvalId: number,
  actor: ApprovalActor,
  decision: Decision,
  comment: string,
  repositories: Needs,
  tx: Executor,
): Promise<void> {
  const { approvals, changes } = repositories;
  const { instance, request } = await lockApproval(approvalId, repositories, tx);
  const rules = {
    initiatorId: request.initiatorId,
    oneStepPerPerson: await approvals.oneStepPerPerson(request.businessType, tx),
  };
  const result = decide(instance.steps, instance, instance.records, actor, decision, rules);
  if (!result.ok) throw decideRefusal(result);
  await approvals.recordDecision(
    { id: approvalId, step: instance.currentStep as number },
    { userId: actor.id, decision, comment, matched: result.matched },
    tx,
  );
  const { outcome } = result;
  switch (outcome.kind) {
    case 'waiting':
      await changes.note(request, 'approveStep', actor.id, comment, tx);
      break;
    case 'next':
      await approvals.advance(approvalId, { status: 'pending', currentStep: outcome.step }, tx);
      await changes.note(request, 'approveStep', actor.id, comment, tx);
      break;
    case 'rejected':
      await approvals.advance(approvalId, { status: 'rejected', currentStep: null }, tx);
      await changes.transition(request, 'reject', 'rejected', actor.id, comment, tx);
      break;
    case 'approved':
      await approvals.advance(approvalId, { status: 'approved', currentStep: null }, tx);
      await changes.transition(request, 'approve', 'approved', actor.id, comment, tx);
      await applyChange(request, actor, repositories, tx);
      break;
  }
}

/** 同意 or 驳回 by the signed-in user (a rejection must say why); answers the approval as it now stands. */
export async function decideApproval(
  approvalId: number,
  user: SignedInUser,
  decision: Decision,
  rawComment: string | undefined,
  repositories: Needs & Pick<Repositories, 'roles'>,
  tx: Executor,
): Promise<ApprovalDetail> {
  const comment = rawComment?.trim() ?? '';
  if (decision === 'reject' && !comment) throw refused(400, '驳回时必须填写审批意见');
  const actor = await approvalActor(user, repositories, tx);
  await decideStep(approvalId, actor, decision, comment, repositories, tx);
  return approvalDetail(approvalId, actor, repositories, tx);
}
