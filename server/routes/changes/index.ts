/**
 * 变更管理 `/alarm/op/update` and its hidden 发起变更 page: change requests listed, exported, shown, created (or
 * drafted from a template evaluation or from the matrix's suggested priorities), edited and submitted while
 * drafts, drafts deleted or taken over (接管), ended requests archived, and a request's audit workbook
 * (./audit.ts); and the priority matrix's change requests, proposed from 报警类型. The improvement board reads
 * the applied ones. Endpoints: contract/changes.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BUSINESS_TYPE_LABELS, CHANGE_STATUS_LABELS, RISK_LEVEL_LABELS } from '../../../common/moc';
import { changeEndpoints } from '../../../contract/changes';
import { routePermission } from '../../auth/permissions';
import { sendXlsx, timeCell } from '../../export/xlsx';
import { currentUser } from '../../plugins/authentication';
import { archiveChange } from '../../use-cases/changes/archive';
import { changeDetail } from '../../use-cases/changes/detail';
import { draftFromSuggestions } from '../../use-cases/changes/from-suggestions';
import { draftFromTemplate } from '../../use-cases/changes/from-template';
import { removeDraft } from '../../use-cases/changes/remove';
import { saveChange } from '../../use-cases/changes/save';
import { submitChange } from '../../use-cases/changes/submit';
import { takeOverDraft } from '../../use-cases/changes/takeover';
import { routeOf } from '../endpoint';
import { ok } from '../reply';
import { registerChangeAudit } from './audit';
import { registerPointSearch } from './points';

const PATH = '/alarm/op/update';
const permission = (action: 'view' | 'create' | 'edit' | 'delete' | 'takeover') => routePermission(PATH, action);

const changeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { repositories } = app;
  const { changes } = repositories;

  app.route({
    ...routeOf(changeEndpoints.list),
    config: { permission: permission('view') },
    handler: async (request) => {
      const { current, pageSize, ...query } = request.query;
      return ok(await changes.page(query, { current, pageSize }, currentUser(request).id));
    },
  });

  app.route({
    ...routeOf(changeEndpoints.export),
    config: { permission: permission('view') },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileStem: 'change-requests',
        sheetName: '变更管理',
        rows: await changes.rows(request.query, currentUser(request).id),
        columns: [
          { header: '编号', value: (row) => row.id, width: 8 },
          { header: '标题', value: (row) => row.title, width: 32 },
          { header: '业务类型', value: (row) => BUSINESS_TYPE_LABELS[row.businessType] },
          { header: '风险等级', value: (row) => RISK_LEVEL_LABELS[row.riskLevel], width: 8 },
          { header: '状态', value: (row) => CHANGE_STATUS_LABELS[row.status], width: 10 },
          { header: '变更项', value: (row) => row.itemCount, width: 8 },
          { header: '发起人', value: (row) => row.initiator.name },
          { header: '变更原因', value: (row) => row.reason, width: 40 },
          { header: '创建时间', value: (row) => timeCell(row.createdAt), width: 20 },
          { header: '实施时间', value: (row) => timeCell(row.appliedAt), width: 20 },
          { header: '冲突', value: (row) => row.conflicts.map((conflict) => conflict.message).join('\n'), width: 40 },
          { header: '归档时间', value: (row) => timeCell(row.archivedAt), width: 20 },
        ],
      }),
  });

  registerPointSearch(app, changeEndpoints.points, permission('view'));

  app.route({
    ...routeOf(changeEndpoints.detail),
    config: { permission: permission('view') },
    handler: async (request) => ok(await changeDetail(request.params.id, repositories)),
  });

  app.route({
    ...routeOf(changeEndpoints.create),
    config: { permission: permission('create') },
    handler: async (request) =>
      ok(await app.transaction((tx) => saveChange(undefined, request.body, currentUser(request).id, repositories, tx))),
  });

  app.route({
    ...routeOf(changeEndpoints.fromTemplate),
    config: { permission: permission('create') },
    handler: async (request) =>
      ok(await app.transaction((tx) => draftFromTemplate(request.body, currentUser(request).id, repositories, tx))),
  });

  app.route({
    ...routeOf(changeEndpoints.fromSuggestions),
    config: { permission: permission('create') },
    handler: async (request) =>
      ok(await app.transaction((tx) => draftFromSuggestions(request.body, currentUser(request).id, repositories, tx))),
  });

  app.route({
    ...routeOf(changeEndpoints.proposeMatrix),
    // The matrix is 报警类型's: whoever may edit the alarm types proposes its changes.
    config: { permission: routePermission('/alarm/base/type', 'edit') },
    handler: async (request) => {
      const { title, reason, riskLevel, matrix, submit } = request.body;
      const body = {
        title: title?.trim() || '修改优先级矩阵',
        reason,
        riskLevel,
        businessType: 'priorityMatrix' as const,
        matrix,
        submit,
      };
      return ok(await app.transaction((tx) => saveChange(undefined, body, currentUser(request).id, repositories, tx)));
    },
  });

  app.route({
    ...routeOf(changeEndpoints.update),
    config: { permission: permission('edit') },
    handler: async (request) =>
      ok(
        await app.transaction((tx) =>
          saveChange(request.params.id, request.body, currentUser(request).id, repositories, tx),
        ),
      ),
  });

  app.route({
    ...routeOf(changeEndpoints.submit),
    config: { permission: permission('edit') },
    handler: async (request) =>
      ok(await app.transaction((tx) => submitChange(request.params.id, currentUser(request).id, repositories, tx))),
  });

  app.route({
    ...routeOf(changeEndpoints.remove),
    config: { permission: permission('delete') },
    handler: async (request) =>
      ok(await app.transaction((tx) => removeDraft(request.params.id, currentUser(request).id, repositories, tx))),
  });

  app.route({
    ...routeOf(changeEndpoints.archive),
    // Archiving is what removing an ended request from the list means: the delete action's right.
    config: { permission: permission('delete') },
    handler: async (request) =>
      ok(await app.transaction((tx) => archiveChange(request.params.id, currentUser(request).id, repositories, tx))),
  });

  app.route({
    ...routeOf(changeEndpoints.takeover),
    config: { permission: permission('takeover') },
    handler: async (request) =>
      ok(await app.transaction((tx) => takeOverDraft(request.params.id, currentUser(request).id, repositories, tx))),
  });

  registerChangeAudit(app, permission('view'));
};

export default changeRoutes;
