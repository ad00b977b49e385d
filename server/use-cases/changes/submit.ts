/**
 * Submitting a draft (docs/domain.md#change-management-and-approvals): draft → pending, with its
 * approval started on the active flow of its business type. Refused while the request is not a draft, when
 * an item's point moved since the draft captured it (edit the draft to see the current values), when
 * the business type has no active flow, or when a step of that flow has nobody the separation-of-duties rules
 * let decide it (docs/domain.md, "Separation-of-duties rules").
 */
import { FLOW_MISSING_MESSAGE } from '../../../common/moc';
import type { ChangeRequestDetail } from '../../../contract/moc';
import type { Executor } from '../../db';
import { undecidableStep } from '../../domain/approvals/separation';
import { itemConflicts } from '../../domain/changes/items';
import { transitionRefusal } from '../../domain/changes/lifecycle';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import type { LockedRequest } from '../../repositories/changes';
import { changeDetail, missingChange } from './detail';
import { requireInitiator } from './owner';

type Needs = Pick<Repositories, 'changes' | 'approvals'>;

/** draft → pending in the caller's transaction, or the refusal: wrong status (409), a point moved (409), no flow (400). */
export async function submitDraft(request: LockedRequest, actorId: number, repositories: Needs, tx: Executor) {
  const { changes, approvals } = repositories;
  const refusal = transitionRefusal(request.status, 'submit');
  if (refusal) throw refused(409, refusal);
  const items = await changes.capturedItems(request.id, tx);
  const conflicts = itemConflicts(
    items,
    await changes.pointsNow(
      items.map((item) => item.pointId),
      tx,
    ),
  );
  if (conflicts.length) {
    throw refused(
      409,
      `以下报警点在保存草稿后已被修改，请编辑草稿核对当前值后再提交：${conflicts.map((c) => c.message).join('；')}`,
    );
  }
  const flow = await approvals.activeFlow(request.businessType, tx);
  if (!flow?.steps.length) throw refused(400, FLOW_MISSING_MESSAGE(request.businessType));
  const undecidable = undecidableStep(
    flow.steps,
    await approvals.approverCandidates(
      flow.steps.flatMap((step) => step.approvers),
      tx,
    ),
    { initiatorId: request.initiatorId, oneStepPerPerson: await approvals.oneStepPerPerson(request.businessType, tx) },
  );
  if (undecidable) throw refused(400, undecidable);
  await approvals.start(request.id, flow, tx);
  await changes.markSubmitted(request, actorId, tx);
}

/** 提交 of a saved draft; answers the submitted request. */
export async function submitChange(
  id: number,
  actorId: number,
  repositories: Needs & Pick<Repositories, 'users'>,
  tx: Executor,
): Promise<ChangeRequestDetail> {
  const request = await repositories.changes.lock(id, tx);
  if (!request) throw missingChange();
  await requireInitiator(request, actorId, repositories, tx);
  await submitDraft(request, actorId, repositories, tx);
  return changeDetail(request.id, repositories, tx);
}
