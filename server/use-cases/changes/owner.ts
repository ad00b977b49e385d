/** A draft belongs to its initiator: only they edit, submit or delete it (docs/domain.md, MOC rules). */
import type { Executor } from '../../db';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import type { LockedRequest } from '../../repositories/changes';

export async function requireInitiator(
  request: LockedRequest,
  actorId: number,
  repositories: Pick<Repositories, 'users'>,
  tx: Executor,
): Promise<void> {
  if (request.initiatorId === actorId) return;
  const initiator = await repositories.users.findById(request.initiatorId, tx);
  throw refused(
    403,
    `变更单 #${request.id} 的草稿只能由发起人 ${initiator?.username ?? `#${request.initiatorId}`} 修改、提交或删除`,
  );
}
