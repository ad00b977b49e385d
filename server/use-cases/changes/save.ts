/**
 * Saving a change request, shared by 变更管理, 多工况管理 (whose condition form saves a request of type
 * operatingCondition) and 报警类型 (whose matrix tab saves one of type priorityMatrix): the body checked and
 * trimmed, the draft written, and optionally submitted — all in the caller's transaction, refused with
 * Chinese messages naming what is wrong.
 */
import { BUSINESS_TYPE_LABELS } from '../../../common/moc';
import { changeItemProblems, changeRequestTextProblems, overrideProblems } from '../../../common/mocValidation';
import { matrixProblems, trimmedMatrix } from '../../../common/priorityMatrix';
import type { ChangeRequestBody, ChangeRequestDetail } from '../../../contract/moc';
import type { PriorityMatrix } from '../../../contract/rationalization';
import type { Executor } from '../../db';
import { transitionRefusal } from '../../domain/changes/lifecycle';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import type { ChangeInput, LockedRequest } from '../../repositories/changes';
import { changeDetail, missingChange } from './detail';
import { requireInitiator } from './owner';
import { submitDraft } from './submit';

/** What saves a request: the body of 变更管理, or a matrix proposed from 报警类型 (`matrix`). */
export type SavedBody = ChangeRequestBody & { matrix?: PriorityMatrix };

/** The body as the repository takes it, or a 400 with every problem found. */
async function checkedInput(
  body: SavedBody,
  repositories: Pick<Repositories, 'changes'>,
  tx: Executor,
): Promise<ChangeInput> {
  const input: ChangeInput = {
    title: body.title.trim(),
    reason: body.reason.trim(),
    riskLevel: body.riskLevel,
    businessType: body.businessType,
    items:
      body.businessType === 'operatingCondition' || body.businessType === 'priorityMatrix' ? [] : (body.items ?? []),
    condition: null,
    matrix: null,
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
  } else if (body.businessType === 'priorityMatrix') {
    if (!body.matrix) {
      problems.push(`「${BUSINESS_TYPE_LABELS.priorityMatrix}」只能在「报警类型 → 优先级矩阵」中发起`);
    } else {
      input.matrix = trimmedMatrix(body.matrix);
      problems.push(...matrixProblems(input.matrix));
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
  body: SavedBody,
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
