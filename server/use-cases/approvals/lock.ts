/** An approval and its change request, locked together for the transaction before either changes. */
import type { Executor } from '../../db';
import type { Repositories } from '../../repositories';
import type { LoadedInstance } from '../../repositories/approvals/instances';
import type { LockedRequest } from '../../repositories/changes';
import { missingApproval } from './view';

export async function lockApproval(
  approvalId: number,
  repositories: Pick<Repositories, 'approvals' | 'changes'>,
  tx: Executor,
): Promise<{ instance: LoadedInstance; request: LockedRequest }> {
  const instance = await repositories.approvals.lock(approvalId, tx);
  const request = instance && (await repositories.changes.lock(instance.changeRequestId, tx));
  if (!instance || !request) throw missingApproval();
  return { instance, request };
}
