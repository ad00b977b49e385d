/** 归档 in 审批管理: the ended approval's request is archived, never deleted (server/use-cases/changes/archive.ts). */
import type { Executor } from '../../db';
import type { Repositories } from '../../repositories';
import { archiveRequest } from '../changes/archive';
import { lockApproval } from './lock';

export async function archiveEndedApproval(
  approvalId: number,
  actorId: number,
  repositories: Pick<Repositories, 'approvals' | 'changes'>,
  tx: Executor,
): Promise<{ id: number }> {
  const { instance, request } = await lockApproval(approvalId, repositories, tx);
  await archiveRequest(request, actorId, repositories, tx);
  return { id: instance.id };
}
