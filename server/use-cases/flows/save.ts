/**
 * 审批配置's 保存: a flow created or replaced with its steps, refused when an approver names no enabled user
 * or no role, when the name is taken, when someone else saved the flow since it was loaded, or when the
 * active flow would change its business type. Saving never changes which flow is active (./activate.ts).
 */
import type { ApprovalFlow, FlowBody } from '../../../contract/moc';
import type { Executor } from '../../db';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';

export const missingFlow = () => refused(404, '审批流程不存在或已被删除');

/** Saves the flow (a new one without `id`) whose name and steps the route has checked; answers it as saved. */
export async function saveApprovalFlow(
  id: number | undefined,
  body: FlowBody,
  username: string,
  repositories: Pick<Repositories, 'approvals'>,
  tx: Executor,
): Promise<ApprovalFlow> {
  const { approvals } = repositories;
  const unknown = await approvals.unknownApprovers(
    body.steps.flatMap((step) => step.approvers),
    tx,
  );
  if (unknown.length) throw refused(400, `审批人无效：${unknown.join('、')}`);
  const result = await approvals.saveFlow(id, body, username, tx);
  if (!result.ok) {
    if (result.reason === 'duplicate') throw refused(409, `流程名称「${body.name}」已存在，请换一个`);
    if (result.reason === 'stale') throw refused(409, `该流程已被${result.updatedBy || '他人'}修改，请刷新后重新编辑`);
    if (result.reason === 'activeType')
      throw refused(409, '启用中的流程不能更改业务类型：请先停用该流程或新建一个流程');
    throw missingFlow();
  }
  const flow = await approvals.flow(result.id, tx);
  if (!flow) throw missingFlow();
  return flow;
}
