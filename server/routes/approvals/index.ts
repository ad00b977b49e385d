/**
 * 审批管理 `/alarm/approve/list`: approvals listed (待我审批 / 我发起的 / 全部), exported and shown with
 * their steps; approve or reject by an approver of the current step (no route permission beyond view:
 * being the approver is the right), revoke by the initiator while pending, delete of ended records. The
 * last approval applies the change in the same transaction. Endpoints: contract/approvals.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { BUSINESS_TYPE_LABELS, CHANGE_STATUS_LABELS, DECISION_LABELS, RISK_LEVEL_LABELS } from '../../../common/moc';
import { dateTimeText } from '../../../common/wallClock';
import { approvalEndpoints } from '../../../contract/approvals';
import type { ChangeRequestDetail, ApprovalSummary as Summary } from '../../../contract/moc';
import type { Decision } from '../../../contract/vocabulary';
import { routePermission } from '../../auth/permissions';
import type { Executor } from '../../db';
import { type Actor, canDecide } from '../../domain/approvals/progress';
import { isEnded, revokeRefusal, transitionRefusal } from '../../domain/changes/lifecycle';
import { ApiError, refused } from '../../errors';
import { sendXlsx } from '../../export/xlsx';
import { currentUser } from '../../plugins/authentication';
import type { ApprovalRow } from '../../repositories/approvals';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const PATH = '/alarm/approve/list';
const permission = (action: 'view' | 'revoke' | 'delete') => routePermission(PATH, action);
const missing = () => refused(404, '审批记录不存在或已被删除');

const DECIDE_REFUSALS = {
  ended: () => refused(409, '该审批已结束或已进入其他步骤，请刷新后查看'),
  notApprover: () => new ApiError(403, 403, '你不是当前审批步骤的审批人，不能审批'),
  alreadyDecided: () => refused(409, '你已审批过当前步骤，请等待其他审批人'),
};

function summaryOf(row: ApprovalRow, actor: Actor): Summary {
  const { records, ...shown } = row;
  return {
    ...shown,
    canDecide: canDecide(row.steps, row, records, actor),
    canRevoke: row.status === 'pending' && row.initiator.id === actor.id,
    canDelete: isEnded(row.changeStatus),
  };
}

const approvalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { approvals, changes, roles } = app.repositories;
  const transaction = <T>(work: (tx: Executor) => Promise<T>) => app.database.db.transaction(work);

  async function actorOf(request: FastifyRequest): Promise<Actor & { username: string }> {
    const { id, username } = currentUser(request);
    return { id, username, roleIds: (await roles.ofUser(id)).map((role) => role.id) };
  }

  async function detail(id: number, actor: Actor, tx: Executor) {
    const row = await approvals.find(id, tx);
    if (!row) throw missing();
    const change = (await changes.detail(row.changeRequestId, tx)) as ChangeRequestDetail;
    return ok({ ...summaryOf(row, actor), change });
  }

  app.route({
    ...routeOf(approvalEndpoints.list),
    config: { permission: permission('view') },
    handler: async (request) => {
      const { current, pageSize, ...query } = request.query;
      const actor = await actorOf(request);
      const page = await approvals.page(query, { current, pageSize }, actor);
      return ok({ ...page, list: page.list.map((row) => summaryOf(row, actor)) });
    },
  });

  app.route({
    ...routeOf(approvalEndpoints.export),
    config: { permission: permission('view') },
    handler: async (request, reply) => {
      const rows = await approvals.rows(request.query, await actorOf(request));
      const dateTime = dateTimeText(app.plantTimeZone);
      const progress = (row: ApprovalRow) =>
        row.steps
          .map((step) => {
            const decisions = step.decisions.map(
              (d) =>
                `${d.user.name} ${DECISION_LABELS[d.decision]} ${dateTime(new Date(d.decidedAt))}${d.comment ? `：${d.comment}` : ''}`,
            );
            return `${step.position}. ${step.name}${decisions.length ? `（${decisions.join('；')}）` : ''}`;
          })
          .join('\n');
      return sendXlsx(reply, {
        fileStem: 'approvals',
        sheetName: '审批管理',
        rows,
        columns: [
          { header: '变更编号', value: (row) => row.changeRequestId, width: 10 },
          { header: '标题', value: (row) => row.title, width: 32 },
          { header: '业务类型', value: (row) => BUSINESS_TYPE_LABELS[row.businessType] },
          { header: '风险等级', value: (row) => RISK_LEVEL_LABELS[row.riskLevel], width: 8 },
          { header: '状态', value: (row) => CHANGE_STATUS_LABELS[row.changeStatus], width: 10 },
          { header: '发起人', value: (row) => row.initiator.name },
          { header: '审批流程', value: (row) => row.flowName, width: 20 },
          { header: '审批进度', value: progress, width: 60 },
          { header: '提交时间', value: (row) => new Date(row.startedAt), width: 20 },
        ],
      });
    },
  });

  app.route({
    ...routeOf(approvalEndpoints.detail),
    config: { permission: permission('view') },
    handler: async (request) => detail(request.params.id, await actorOf(request), app.database.db),
  });

  async function decideOn(request: FastifyRequest, id: number, decision: Decision, rawComment: string | undefined) {
    const comment = rawComment?.trim() ?? '';
    if (decision === 'reject' && !comment) throw refused(400, '驳回时必须填写审批意见');
    const actor = await actorOf(request);
    return transaction(async (tx) => {
      const result = await changes.decide(id, actor, decision, comment, tx);
      if (!result.ok) throw result.reason === 'missing' ? missing() : DECIDE_REFUSALS[result.reason]();
      return detail(id, actor, tx);
    });
  }

  for (const decision of ['approve', 'reject'] as const) {
    app.route({
      ...routeOf(approvalEndpoints[decision]),
      config: { permission: permission('view') },
      handler: async (request) => decideOn(request, request.params.id, decision, request.body.comment),
    });
  }

  app.route({
    ...routeOf(approvalEndpoints.revoke),
    config: { permission: permission('revoke') },
    handler: async (request) => {
      const actor = await actorOf(request);
      return transaction(async (tx) => {
        const instance = await approvals.lock(request.params.id, tx);
        const change = instance && (await changes.lock(instance.changeRequestId, tx));
        if (!instance || !change) throw missing();
        const refusal = revokeRefusal(change, actor.id);
        if (refusal) {
          throw refusal.status === 403 ? new ApiError(403, 403, refusal.message) : refused(409, refusal.message);
        }
        await approvals.advance(instance.id, { status: 'revoked', currentStep: null }, tx);
        await changes.transition(change, 'revoke', 'revoked', actor.id, request.body.comment?.trim() ?? '', tx);
        return detail(instance.id, actor, tx);
      });
    },
  });

  app.route({
    ...routeOf(approvalEndpoints.remove),
    config: { permission: permission('delete') },
    handler: async (request) => {
      const { id: actorId } = currentUser(request);
      return transaction(async (tx) => {
        const instance = await approvals.lock(request.params.id, tx);
        const change = instance && (await changes.lock(instance.changeRequestId, tx));
        if (!instance || !change) throw missing();
        const refusal = transitionRefusal(change.status, 'delete');
        if (refusal) throw refused(409, `${refusal}：只能删除已结束（已驳回、已撤回、已实施或已通过未实施）的记录`);
        await changes.removeEnded(change, actorId, tx);
        return ok({ id: instance.id });
      });
    },
  });
};

export default approvalRoutes;
