/**
 * 变更管理 `/alarm/op/update` and its hidden 发起变更 page: change requests listed, exported, shown,
 * created (or drafted from a template evaluation), edited and submitted while drafts, and drafts deleted.
 * The improvement board reads the applied ones. Endpoints: contract/changes.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BUSINESS_TYPE_LABELS, CHANGE_STATUS_LABELS, RISK_LEVEL_LABELS } from '../../../common/moc';
import { changeEndpoints } from '../../../contract/changes';
import { routePermission } from '../../auth/permissions';
import type { Executor } from '../../db';
import { itemsFromDeviations } from '../../domain/changes/items';
import { transitionRefusal } from '../../domain/changes/lifecycle';
import { evaluateTemplate } from '../../domain/templates/evaluation';
import { refused } from '../../errors';
import { sendXlsx } from '../../export/xlsx';
import { currentUser } from '../../plugins/authentication';
import { routeOf } from '../endpoint';
import { ok } from '../reply';
import { registerPointSearch } from './points';
import { missingChange, saveChange, savedChange, submitDraft } from './save';

const PATH = '/alarm/op/update';
const permission = (action: 'view' | 'create' | 'edit' | 'delete') => routePermission(PATH, action);
const time = (value: string | null) => (value ? new Date(value) : null);

const changeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { repositories } = app;
  const { changes, templates } = repositories;
  const transaction = <T>(work: (tx: Executor) => Promise<T>) => app.database.db.transaction(work);

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
          { header: '创建时间', value: (row) => time(row.createdAt), width: 20 },
          { header: '实施时间', value: (row) => time(row.appliedAt), width: 20 },
          { header: '冲突', value: (row) => row.conflicts.map((conflict) => conflict.message).join('\n'), width: 40 },
        ],
      }),
  });

  registerPointSearch(app, changeEndpoints.points, permission('view'));

  app.route({
    ...routeOf(changeEndpoints.detail),
    config: { permission: permission('view') },
    handler: async (request) => {
      const detail = await changes.detail(request.params.id);
      if (!detail) throw missingChange();
      return ok(detail);
    },
  });

  app.route({
    ...routeOf(changeEndpoints.create),
    config: { permission: permission('create') },
    handler: async (request) =>
      ok(await transaction((tx) => saveChange(undefined, request.body, currentUser(request).id, repositories, tx))),
  });

  app.route({
    ...routeOf(changeEndpoints.fromTemplate),
    config: { permission: permission('create') },
    handler: async (request) => {
      const { templateId, equipmentId, unitId, title, reason, riskLevel } = request.body;
      return transaction(async (tx) => {
        const template = await templates.findById(templateId, tx);
        if (!template) throw refused(404, '模板不存在或已被删除');
        const subjects = (await templates.equipmentOfType(template.equipmentType, unitId, tx)).filter(
          (subject) => equipmentId === undefined || subject.id === equipmentId,
        );
        if (equipmentId !== undefined && !subjects.length) {
          throw refused(404, `设备不存在或不是「${template.equipmentType}」类型`);
        }
        const evaluated = evaluateTemplate(template.items, subjects);
        const { items, skipped } = itemsFromDeviations(evaluated.equipment.flatMap((row) => row.deviations));
        if (!items.length) throw refused(400, '没有可通过变更申请修正的设置偏差（缺少或多余的报警需在报警库中处理）');
        const subject = equipmentId === undefined ? template.equipmentType : (subjects[0]?.name ?? '');
        const change = await saveChange(
          undefined,
          {
            title: title?.trim() || `按「${template.name}」修正 ${subject} 的报警设置`,
            reason: reason?.trim() || `模板评估发现 ${items.length} 处设置与模板不一致`,
            riskLevel: riskLevel ?? 'low',
            businessType: 'templateApplication',
            items,
            templateId,
            equipmentId: equipmentId ?? null,
          },
          currentUser(request).id,
          repositories,
          tx,
        );
        return ok({ change, skipped });
      });
    },
  });

  app.route({
    ...routeOf(changeEndpoints.update),
    config: { permission: permission('edit') },
    handler: async (request) =>
      ok(
        await transaction((tx) =>
          saveChange(request.params.id, request.body, currentUser(request).id, repositories, tx),
        ),
      ),
  });

  app.route({
    ...routeOf(changeEndpoints.submit),
    config: { permission: permission('edit') },
    handler: async (request) =>
      transaction(async (tx) => {
        const change = await changes.lock(request.params.id, tx);
        if (!change) throw missingChange();
        await submitDraft(change, currentUser(request).id, repositories, tx);
        return ok(await savedChange(change.id, repositories, tx));
      }),
  });

  app.route({
    ...routeOf(changeEndpoints.remove),
    config: { permission: permission('delete') },
    handler: async (request) =>
      transaction(async (tx) => {
        const change = await changes.lock(request.params.id, tx);
        if (!change) throw missingChange();
        if (change.status !== 'draft') {
          throw refused(
            409,
            `${transitionRefusal(change.status, 'edit')}：这里只能删除草稿，已结束的记录请在「审批管理」中删除`,
          );
        }
        await changes.removeDraft(change.id, tx);
        return ok({ id: change.id });
      }),
  });
};

export default changeRoutes;
