/**
 * 审批配置's 启用 and 停用 (docs/domain.md, "Approval flows"): which flow a business type's submissions use is
 * changed only here. 启用 replaces the type's active flow; 停用 leaves the type without one (its submissions
 * are then refused), and is refused while requests of the type are pending.
 */
import { BUSINESS_TYPE_LABELS } from '../../../common/moc';
import type { ApprovalFlow } from '../../../contract/moc';
import type { Executor } from '../../db';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import type { LockedFlow } from '../../repositories/approvals/flows';
import { missingFlow } from './save';

type Needs = Pick<Repositories, 'approvals'>;

/** The flow locked, or 404. */
export async function lockedFlow(id: number, repositories: Needs, tx: Executor): Promise<LockedFlow> {
  const flow = await repositories.approvals.lockFlow(id, tx);
  if (!flow) throw missingFlow();
  return flow;
}

/** Refuses to take the active flow away from a type while its requests are pending (409). */
export function refuseWhilePending(flow: LockedFlow): void {
  if (!flow.active || !flow.pendingOfType) return;
  throw refused(
    409,
    `「${BUSINESS_TYPE_LABELS[flow.businessType]}」还有 ${flow.pendingOfType} 个审批中的申请，不能停用或删除其启用的流程「${flow.name}」：请待其审批结束后再操作`,
  );
}

/** 启用 (`active`) or 停用 of a flow; answers the flow as it now stands. */
export async function setFlowActive(
  id: number,
  active: boolean,
  username: string,
  repositories: Needs,
  tx: Executor,
): Promise<ApprovalFlow> {
  const flow = await lockedFlow(id, repositories, tx);
  if (!active) refuseWhilePending(flow);
  if (flow.active !== active) await repositories.approvals.setActive(flow, active, username, tx);
  const shown = await repositories.approvals.flow(id, tx);
  if (!shown) throw missingFlow();
  return shown;
}
