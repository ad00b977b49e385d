/**
 * 审批配置's 删除: refused while pending approvals use the flow, and for the active flow of a type while
 * requests of that type are pending; ended approvals keep its name.
 */
import type { Executor } from '../../db';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import { lockedFlow, refuseWhilePending } from './activate';
import { missingFlow } from './save';

export async function removeApprovalFlow(
  id: number,
  repositories: Pick<Repositories, 'approvals'>,
  tx: Executor,
): Promise<{ id: number }> {
  refuseWhilePending(await lockedFlow(id, repositories, tx));
  const result = await repositories.approvals.removeFlow(id, tx);
  if (result === 'missing') throw missingFlow();
  if (result === 'inUse') throw refused(409, '该流程仍有审批中的申请在使用，不能删除：请待其审批结束后再删除');
  return { id };
}
