/** 删除 in 变更管理: only drafts go away; a submitted request is never deleted (ended ones are archived). */
import type { Executor } from '../../db';
import { transitionRefusal } from '../../domain/changes/lifecycle';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import { missingChange } from './detail';
import { requireInitiator } from './owner';

export async function removeDraft(
  id: number,
  actorId: number,
  repositories: Pick<Repositories, 'changes' | 'users'>,
  tx: Executor,
): Promise<{ id: number }> {
  const { changes } = repositories;
  const change = await changes.lock(id, tx);
  if (!change) throw missingChange();
  const refusal = transitionRefusal(change.status, 'delete');
  if (refusal) throw refused(409, `${refusal}：已提交的变更申请不能删除，已结束的可以归档（历史记录保留）`);
  await requireInitiator(change, actorId, repositories, tx);
  await changes.removeDraft(change.id, tx);
  return { id: change.id };
}
