/** 撤回: the initiator withdraws their request while it is pending; its approval ends as revoked. */
import type { ApprovalDetail } from '../../../contract/moc';
import type { Executor } from '../../db';
import { revokeRefusal } from '../../domain/changes/lifecycle';
import { ApiError, refused } from '../../errors';
import type { Repositories } from '../../repositories';
import { lockApproval } from './lock';
import { approvalActor, approvalDetail, type SignedInUser } from './view';

export async function revokeApproval(
  approvalId: number,
  user: SignedInUser,
  rawComment: string | undefined,
  repositories: Pick<Repositories, 'approvals' | 'changes' | 'roles'>,
  tx: Executor,
): Promise<ApprovalDetail> {
  const { approvals, changes } = repositories;
  const actor = await approvalActor(user, repositories, tx);
  const { instance, request } = await lockApproval(approvalId, repositories, tx);
  const refusal = revokeRefusal(request, actor.id);
  if (refusal) {
    throw refusal.status === 403 ? new ApiError(403, 403, refusal.message) : refused(409, refusal.message);
  }
  await approvals.advance(instance.id, { status: 'revoked', currentStep: null }, tx);
  await changes.transition(request, 'revoke', 'revoked', actor.id, rawComment?.trim() ?? '', tx);
  return approvalDetail(instance.id, actor, repositories, tx);
}
