/** 删除 in 变更管理: only drafts go away here; ended records are deleted from 审批管理. */
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
  await requireInitiator(change, actorId, repositories, tx);
  if (change.status !== 'draft') {
    throw refused(
      409,
      `${transitionRefusal(change.status, 'edit')}：这里只能删除草稿，已结束的记录请在「审批管理」中删除`,
    );
  }
  await changes.removeDraft(change.id, tx);
  return { id: change.id };
}
