/** 删除 in 审批管理: ended records leave the lists (the audit trail that names them keeps them). */
import type { Executor } from '../../db';
import { transitionRefusal } from '../../domain/changes/lifecycle';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import { lockApproval } from './lock';

export async function removeEndedApproval(
  approvalId: number,
  actorId: number,
  repositories: Pick<Repositories, 'approvals' | 'changes'>,
  tx: Executor,
): Promise<{ id: number }> {
  const { instance, request } = await lockApproval(approvalId, repositories, tx);
  const refusal = transitionRefusal(request.status, 'delete');
  if (refusal) throw refused(409, `${refusal}：只能删除已结束（已驳回、已撤回、已实施或已通过未实施）的记录`);
  await repositories.changes.removeEnded(request, actorId, tx);
  return { id: instance.id };
}
