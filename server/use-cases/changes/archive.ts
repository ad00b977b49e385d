/**
 * 归档: an ended request leaves the default lists of 变更管理 and 审批管理 and stays whole — its items,
 * approval and transition log readable, shown under 已归档 (docs/domain.md, MOC rules). Nothing deletes a
 * submitted request.
 */
import type { Executor } from '../../db';
import { transitionRefusal } from '../../domain/changes/lifecycle';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import type { LockedRequest } from '../../repositories/changes';
import { missingChange } from './detail';

/** Archives a request already locked for the transaction, or refuses (409) one not ended or archived before. */
export async function archiveRequest(
  request: LockedRequest,
  actorId: number,
  repositories: Pick<Repositories, 'changes'>,
  tx: Executor,
): Promise<void> {
  if (request.archivedAt) throw refused(409, `变更单 #${request.id} 已归档`);
  const refusal = transitionRefusal(request.status, 'archive');
  if (refusal) throw refused(409, `${refusal}：只有已结束（已驳回、已撤回、已实施或已通过未实施）的变更申请可以归档`);
  await repositories.changes.archive(request, actorId, tx);
}

/** 归档 in 变更管理. */
export async function archiveChange(
  id: number,
  actorId: number,
  repositories: Pick<Repositories, 'changes'>,
  tx: Executor,
): Promise<{ id: number }> {
  const request = await repositories.changes.lock(id, tx);
  if (!request) throw missingChange();
  await archiveRequest(request, actorId, repositories, tx);
  return { id };
}
