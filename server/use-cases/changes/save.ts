/**
 * Saving a change request, shared by 变更管理 and 多工况管理 (whose condition form saves a request of type
 * operatingCondition): the body checked and trimmed, the draft written, and optionally submitted — all in
 * the caller's transaction, refused with Chinese messages naming what is wrong.
 */
import { BUSINESS_TYPE_LABELS } from '../../../common/moc';
import { changeItemProblems, changeRequestTextProblems, overrideProblems } from '../../../common/mocValidation';
import type { ChangeRequestBody, ChangeRequestDetail } from '../../../contract/moc';
import type { Executor } from '../../db';
import { transitionRefusal } from '../../domain/changes/lifecycle';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import type { ChangeInput, LockedRequest } from '../../repositories/changes';
import { changeDetail, missingChange } from './detail';
import { requireInitiator } from './owner';
import { submitDraft } from './submit';

/** The body as the repository takes it, or a 400 with every problem found. */
async function checkedInput(
  body: ChangeRequestBody,
  repositories: Pick<Repositories, 'changes'>,
  tx: Executor,
): Promise<ChangeInput> {
  const input: ChangeInput = {
    title: body.title.trim(),
    reason: body.reason.trim(),
    riskLevel: body.riskLevel,
    businessType: body.businessType,
    items: body.businessType === 'operatingCondition' ? [] : (body.items ?? []),
    condition: null,
    templateId: body.businessType === 'templateApplication' ? (body.templateId ?? null) : null,
    equipmentId: body.businessType === 'templateApplication' ? (body.equipmentId ?? null) : null,
  };
  const problems = changeRequestTextProblems(input);
  if (body.businessType === 'operatingCondition') {
    if (!body.condition) {
      problems.push(`「${BUSINESS_TYPE_LABELS.operatingCondition}」的变更申请必须包含工况内容（condition）`);
    } else {
      input.condition = {
        ...body.condition,
        name: body.condition.name.trim(),
        description: body.condition.description.trim(),
      };
      if (!input.condition.name) problems.push('工况名称不能为空');
      problems.push(...overrideProblems(input.condition.overrides));
    }
  } else {
    problems.push(...changeItemProblems(input.items));
  }
  if (!problems.length) problems.push(...(await repositories.changes.inputProblems(input, tx)));
  if (problems.length) throw refused(400, problems.join('；'));
  return input;
}

/** Creates (no id) or rewrites a draft and submits it when asked; answers the saved request. */
export async function saveChange(
  id: number | undefined,
  body: ChangeRequestBody,
  actorId: number,
  repositories: Pick<Repositories, 'changes' | 'approvals' | 'users'>,
  tx: Executor,
): Promise<ChangeRequestDetail> {
  const { changes } = repositories;
  let request: LockedRequest | undefined;
  if (id !== undefined) {
    request = await changes.lock(id, tx);
    if (!request) throw missingChange();
    await requireInitiator(request, actorId, repositories, tx);
    const refusal = transitionRefusal(request.status, 'edit');
    if (refusal) throw refused(409, refusal);
  }
  const input = await checkedInput(body, repositories, tx);
  if (request) await changes.update(request, input, actorId, tx);
  else request = await changes.lock(await changes.create(input, actorId, tx), tx);
  if (!request) throw missingChange();
  if (body.submit) await submitDraft(request, actorId, repositories, tx);
  return changeDetail(request.id, repositories, tx);
}
