/** One change request in full, as the routes answer it after reading or writing it. */
import type { ChangeRequestDetail } from '../../../contract/moc';
import type { Executor } from '../../db';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';

export const missingChange = () => refused(404, '变更申请不存在或已被删除');

/** The request, or a 404 when it does not exist or has been deleted. */
export async function changeDetail(
  id: number,
  repositories: Pick<Repositories, 'changes'>,
  tx?: Executor,
): Promise<ChangeRequestDetail> {
  const detail = await repositories.changes.detail(id, tx);
  if (!detail) throw missingChange();
  return detail;
}
