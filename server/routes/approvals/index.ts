/**
 * 审批管理 `/alarm/approve/list`: approvals listed (待我审批 / 我发起的 / 全部), exported and shown with
 * their steps; approve or reject by an approver of the current step (no route permission beyond view:
 * being the approver is the right), revoke by the initiator while pending, archive of ended records (the delete action's right: nothing
 * submitted is ever deleted). The
 * last approval applies the change in the same transaction. Endpoints: contract/approvals.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BUSINESS_TYPE_LABELS, CHANGE_STATUS_LABELS, DECISION_LABELS, RISK_LEVEL_LABELS } from '../../../common/moc';
import { dateTimeText } from '../../../common/wallClock';
import { approvalEndpoints } from '../../../contract/approvals';
import { routePermission } from '../../auth/permissions';
import { sendXlsx, timeCell } from '../../export/xlsx';
import { currentUser } from '../../plugins/authentication';
import type { ApprovalRow } from '../../repositories/approvals/records';
import { archiveEndedApproval } from '../../use-cases/approvals/archive';
import { decideApproval } from '../../use-cases/approvals/decide';
import { revokeApproval } from '../../use-cases/approvals/revoke';
import { approvalsToExport, listApprovals, showApproval } from '../../use-cases/approvals/view';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const PATH = '/alarm/approve/list';
const permission = (action: 'view' | 'revoke' | 'delete') => routePermission(PATH, action);

const approvalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { repositories } = app;

  app.route({
    ...routeOf(approvalEndpoints.list),
    config: { permission: permission('view') },
    handler: async (request) => {
      const { current, pageSize, ...query } = request.query;
      return ok(await listApprovals(query, { current, pageSize }, currentUser(request), repositories));
    },
  });

  app.route({
    ...routeOf(approvalEndpoints.export),
    config: { permission: permission('view') },
    handler: async (request, reply) => {
      const rows = await approvalsToExport(request.query, currentUser(request), repositories);
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
          { header: '归档时间', value: (row) => timeCell(row.archivedAt), width: 20 },
        ],
      });
    },
  });

  app.route({
    ...routeOf(approvalEndpoints.detail),
    config: { permission: permission('view') },
    handler: async (request) => ok(await showApproval(request.params.id, currentUser(request), repositories)),
  });

  for (const decision of ['approve', 'reject'] as const) {
    app.route({
      ...routeOf(approvalEndpoints[decision]),
      config: { permission: permission('view') },
      handler: async (request) =>
        ok(
          await app.transaction((tx) =>
            decideApproval(request.params.id, currentUser(request), decision, request.body.comment, repositories, tx),
          ),
        ),
    });
  }

  app.route({
    ...routeOf(approvalEndpoints.revoke),
    config: { permission: permission('revoke') },
    handler: async (request) =>
      ok(
        await app.transaction((tx) =>
          revokeApproval(request.params.id, currentUser(request), request.body.comment, repositories, tx),
        ),
      ),
  });

  app.route({
    ...routeOf(approvalEndpoints.archive),
    config: { permission: permission('delete') },
    handler: async (request) =>
      ok(
        await app.transaction((tx) =>
          archiveEndedApproval(request.params.id, currentUser(request).id, repositories, tx),
        ),
      ),
  });
};

export default approvalRoutes;
