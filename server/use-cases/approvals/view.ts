/**
 * 审批管理 as the person asking sees it: approvals listed, exported and shown with what they may do on each
 * (decide on the current step, revoke their own pending request, archive an ended record).
 */
import type { Page, PageRequest } from '../../../contract/http';
import type { ApprovalDetail, ApprovalFilters, ApprovalSummary } from '../../../contract/moc';
import type { Executor } from '../../db';
import { type Actor, decideStanding } from '../../domain/approvals/progress';
import { isEnded } from '../../domain/changes/lifecycle';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import type { ApprovalRow } from '../../repositories/approvals/records';
import { changeDetail } from '../changes/detail';

export const missingApproval = () => refused(404, '审批记录不存在或已被删除');

/** The signed-in user, as the routes know them. */
export interface SignedInUser {
  id: number;
  username: string;
}

/** The signed-in user as an approver: with the roles they hold now. */
export interface ApprovalActor extends Actor {
  username: string;
}

export async function approvalActor(
  user: SignedInUser,
  repositories: Pick<Repositories, 'roles'>,
  tx?: Executor,
): Promise<ApprovalActor> {
  const roles = await repositories.roles.ofUser(user.id, tx);
  return { id: user.id, username: user.username, roleIds: roles.map((role) => role.id) };
}

/** The business types' "one person decides one step" settings, as the summaries need them. */
type OneStepPerPerson = ReadonlyMap<ApprovalRow['businessType'], boolean>;

function summaryOf(row: ApprovalRow, actor: Actor, oneStepPerPerson: OneStepPerPerson): ApprovalSummary {
  const { records, ...shown } = row;
  const rules = { initiatorId: row.initiator.id, oneStepPerPerson: oneStepPerPerson.get(row.businessType) ?? true };
  return {
    ...shown,
    ...decideStanding(row.steps, row, records, actor, rules),
    canRevoke: row.status === 'pending' && row.initiator.id === actor.id,
    canArchive: isEnded(row.changeStatus) && row.archivedAt === null,
  };
}

/** One page of 待我审批, 我发起的 or 全部. */
export async function listApprovals(
  filters: ApprovalFilters,
  page: PageRequest,
  user: SignedInUser,
  repositories: Pick<Repositories, 'approvals' | 'roles'>,
): Promise<Page<ApprovalSummary>> {
  const actor = await approvalActor(user, repositories);
  const found = await repositories.approvals.page(filters, page, actor);
  const settings = await repositories.approvals.oneStepPerPersonByType();
  return { ...found, list: found.list.map((row) => summaryOf(row, actor, settings)) };
}

/** Every approval of the list's filters, newest first, with its steps and decisions (the export). */
export async function approvalsToExport(
  filters: ApprovalFilters,
  user: SignedInUser,
  repositories: Pick<Repositories, 'approvals' | 'roles'>,
): Promise<ApprovalRow[]> {
  return repositories.approvals.rows(filters, await approvalActor(user, repositories));
}

/** One approval with its change request in full, as `actor` sees it. */
export async function approvalDetail(
  id: number,
  actor: Actor,
  repositories: Pick<Repositories, 'approvals' | 'changes'>,
  tx?: Executor,
): Promise<ApprovalDetail> {
  const row = await repositories.approvals.find(id, tx);
  if (!row) throw missingApproval();
  const settings = await repositories.approvals.oneStepPerPersonByType(tx);
  return { ...summaryOf(row, actor, settings), change: await changeDetail(row.changeRequestId, repositories, tx) };
}

/** 查看 of an approval by the signed-in user. */
export async function showApproval(
  id: number,
  user: SignedInUser,
  repositories: Pick<Repositories, 'approvals' | 'changes' | 'roles'>,
): Promise<ApprovalDetail> {
  return approvalDetail(id, await approvalActor(user, repositories), repositories);
}
