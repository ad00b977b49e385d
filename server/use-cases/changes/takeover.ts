/**
 * 接管: someone else's draft becomes the caller's (the takeover action of 变更管理, an administrator's by
 * default), logged as 转交 naming who had it and who has it now (docs/domain.md, MOC rules).
 */
import type { ChangeRequestDetail } from '../../../contract/moc';
import type { Executor } from '../../db';
import { transitionRefusal } from '../../domain/changes/lifecycle';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import { changeDetail, missingChange } from './detail';

export async function takeOverDraft(
  id: number,
  actorId: number,
  repositories: Pick<Repositories, 'changes' | 'users'>,
  tx: Executor,
): Promise<ChangeRequestDetail> {
  const { changes, users } = repositories;
  const request = await changes.lock(id, tx);
  if (!request) throw missingChange();
  const refusal = transitionRefusal(request.status, 'takeover');
  if (refusal) throw refused(409, `${refusal}：只有草稿可以转交`);
  if (request.initiatorId === actorId) throw refused(409, `变更单 #${id} 已是你发起的草稿`);
  const from = await users.findById(request.initiatorId, tx);
  const to = await users.findById(actorId, tx);
  const person = (user: typeof from, userId: number) => (user ? `${user.name}（${user.username}）` : `#${userId}`);
  const comment = `由 ${person(from, request.initiatorId)}转交给 ${person(to, actorId)}`;
  await changes.takeOver(request, actorId, comment, tx);
  return changeDetail(id, repositories, tx);
}
