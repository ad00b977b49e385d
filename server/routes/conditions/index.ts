/**
 * 多工况管理 `/alarm/op/working` and its hidden 新建工况 page: units with their active condition,
 * conditions with their overrides, the switch timeline, manual switches (who, when), deletion of an
 * inactive condition, and the change requests that create or change a condition (it exists or changes only
 * once approved). The library's drawer reads a point's effective settings under each condition.
 * Endpoints: contract/conditions.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { conditionEndpoints } from '../../../contract/conditions';
import type { ConditionRequestBody } from '../../../contract/moc';
import { routePermission } from '../../auth/permissions';
import { refused } from '../../errors';
import { sendXlsx } from '../../export/xlsx';
import { currentUser } from '../../plugins/authentication';
import { saveChange } from '../../use-cases/changes/save';
import { registerPointSearch } from '../changes/points';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const PATH = '/alarm/op/working';
const permission = (action: 'view' | 'create' | 'edit' | 'delete') => routePermission(PATH, action);
const missing = () => refused(404, '工况不存在或已被删除');

const conditionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { repositories } = app;
  const { conditions } = repositories;

  /** A change request proposing the condition (new when `conditionId` is null). */
  function request(conditionId: number | null, body: ConditionRequestBody, actorId: number) {
    const name = body.name.trim();
    return app.transaction((tx) =>
      saveChange(
        undefined,
        {
          title: body.title?.trim() || `${conditionId === null ? '新建' : '修改'}工况「${name}」`,
          reason: body.reason,
          riskLevel: body.riskLevel,
          businessType: 'operatingCondition',
          condition: {
            unitId: body.unitId,
            conditionId,
            name,
            description: body.description ?? '',
            overrides: body.overrides,
          },
          submit: body.submit,
        },
        actorId,
        repositories,
        tx,
      ),
    );
  }

  app.route({
    ...routeOf(conditionEndpoints.units),
    config: { permission: permission('view') },
    handler: async () => ok(await conditions.units()),
  });

  app.route({
    ...routeOf(conditionEndpoints.list),
    config: { permission: permission('view') },
    handler: async (request) => {
      const { current, pageSize, ...query } = request.query;
      return ok(await conditions.page(query, { current, pageSize }));
    },
  });

  app.route({
    ...routeOf(conditionEndpoints.export),
    config: { permission: permission('view') },
    handler: async (request, reply) => {
      const { list } = await conditions.page(request.query, { current: 1, pageSize: 10_000 });
      return sendXlsx(reply, {
        fileStem: 'operating-conditions',
        sheetName: '多工况管理',
        rows: list,
        columns: [
          { header: '装置', value: (row) => row.unit },
          { header: '工况', value: (row) => row.name },
          { header: '当前工况', value: (row) => (row.active ? '是' : '否'), width: 10 },
          { header: '覆盖报警点', value: (row) => row.overrideCount, width: 10 },
          { header: '版本', value: (row) => row.version, width: 8 },
          { header: '描述', value: (row) => row.description, width: 40 },
        ],
      });
    },
  });

  app.route({
    ...routeOf(conditionEndpoints.switches),
    config: { permission: permission('view') },
    handler: async (request) => {
      const { current, pageSize, ...query } = request.query;
      return ok(await conditions.switches(query, { current, pageSize }));
    },
  });

  registerPointSearch(app, conditionEndpoints.points, permission('view'));

  app.route({
    ...routeOf(conditionEndpoints.detail),
    config: { permission: permission('view') },
    handler: async (request) => {
      const detail = await conditions.detail(request.params.id);
      if (!detail) throw missing();
      return ok(detail);
    },
  });

  app.route({
    ...routeOf(conditionEndpoints.propose),
    config: { permission: permission('create') },
    handler: async (req) => ok(await request(null, req.body, currentUser(req).id)),
  });

  app.route({
    ...routeOf(conditionEndpoints.proposeChange),
    config: { permission: permission('edit') },
    handler: async (req) => {
      const existing = await conditions.find(req.params.id);
      if (!existing) throw missing();
      if (existing.unitId !== req.body.unitId) throw refused(400, '不能把工况改到其他装置');
      return ok(await request(existing.id, req.body, currentUser(req).id));
    },
  });

  app.route({
    ...routeOf(conditionEndpoints.switch),
    config: { permission: permission('edit') },
    handler: async (req) => {
      const switchedAt = req.body.switchedAt ? new Date(req.body.switchedAt) : new Date();
      if (switchedAt.getTime() > Date.now()) throw refused(400, '切换时间不能晚于当前时间');
      return app.transaction(async (tx) => {
        const result = await conditions.switchTo(
          {
            unitId: req.body.unitId,
            conditionId: req.body.conditionId,
            switchedAt,
            note: req.body.note?.trim() ?? '',
            switchedBy: currentUser(req).username,
          },
          tx,
        );
        if (!result.ok) {
          throw result.reason === 'active' ? refused(409, '该工况在所选时间已是当前工况，无需切换') : missing();
        }
        const switched = await conditions.switchById(result.id, tx);
        if (!switched) throw missing();
        return ok(switched);
      });
    },
  });

  app.route({
    ...routeOf(conditionEndpoints.remove),
    config: { permission: permission('delete') },
    handler: async (req) =>
      app.transaction(async (tx) => {
        const result = await conditions.remove(req.params.id, tx);
        if (result === 'missing') throw missing();
        if (result === 'active') throw refused(409, '该工况是装置的当前工况，不能删除：请先切换到其他工况');
        if (result === 'requested') throw refused(409, '该工况有草稿或审批中的变更申请，不能删除：请先处理该申请');
        return ok({ id: req.params.id });
      }),
  });

  app.route({
    ...routeOf(conditionEndpoints.effective),
    config: { permission: routePermission('/alarm/bases/list', 'view') },
    handler: async (req) => {
      const effective = await conditions.effective(req.params.id);
      if (!effective) throw refused(404, '报警点不存在或已被删除');
      return ok(effective);
    },
  });
};

export default conditionRoutes;
