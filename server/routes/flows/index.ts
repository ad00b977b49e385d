/**
 * 审批配置 `/alarm/base/examine/config` and its full-screen editor: approval flows per business type,
 * listed, exported, shown, created, replaced, activated, deactivated and deleted; the business types with
 * their active flow and separation-of-duties setting.
 * Endpoints: contract/flows.ts; rules: docs/domain.md.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { APPROVER_KIND_LABELS, BUSINESS_TYPE_LABELS, STEP_MODE_LABELS } from '../../../common/moc';
import { flowStepProblems } from '../../../common/mocValidation';
import { flowEndpoints } from '../../../contract/flows';
import type { FlowBody } from '../../../contract/moc';
import { routePermission } from '../../auth/permissions';
import { refused } from '../../errors';
import { sendXlsx } from '../../export/xlsx';
import { currentUser } from '../../plugins/authentication';
import { setFlowActive } from '../../use-cases/flows/activate';
import { removeApprovalFlow } from '../../use-cases/flows/remove';
import { missingFlow, saveApprovalFlow } from '../../use-cases/flows/save';
import { setOneStepPerPerson } from '../../use-cases/flows/settings';
import { routeOf } from '../endpoint';
import { ok } from '../reply';
import { requiredText } from '../text';

const PATH = '/alarm/base/examine/config';
const permission = (action: 'view' | 'create' | 'edit' | 'delete') => routePermission(PATH, action);

const flowRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { repositories } = app;
  const { approvals } = repositories;

  /** The name and steps checked here; the approvers, the name's uniqueness and the version by the use case. */
  function save(id: number | undefined, body: FlowBody, username: string) {
    const name = requiredText(body.name, '流程名称');
    const problems = flowStepProblems(body.steps);
    if (problems.length) throw refused(400, problems.join('；'));
    return app.transaction((tx) => saveApprovalFlow(id, { ...body, name }, username, repositories, tx));
  }

  app.route({
    ...routeOf(flowEndpoints.list),
    config: { permission: permission('view') },
    handler: async (request) => {
      const { current, pageSize, ...query } = request.query;
      return ok(await approvals.flowPage(query, { current, pageSize }));
    },
  });

  app.route({
    ...routeOf(flowEndpoints.export),
    config: { permission: permission('view') },
    handler: async (request, reply) => {
      const { list } = await approvals.flowPage(request.query, { current: 1, pageSize: 10_000 });
      return sendXlsx(reply, {
        fileStem: 'approval-flows',
        sheetName: '审批配置',
        rows: list,
        columns: [
          { header: '流程名称', value: (row) => row.name, width: 24 },
          { header: '业务类型', value: (row) => BUSINESS_TYPE_LABELS[row.businessType] },
          { header: '启用', value: (row) => (row.active ? '是' : '否'), width: 8 },
          {
            header: '审批步骤',
            value: (row) =>
              row.steps
                .map(
                  (step) =>
                    `${step.position}. ${step.name}（${STEP_MODE_LABELS[step.mode]}）：${step.approvers
                      .map((approver) => `${APPROVER_KIND_LABELS[approver.kind]} ${approver.name}`)
                      .join('、')}`,
                )
                .join('\n'),
            width: 60,
          },
          { header: '审批中', value: (row) => row.pendingCount, width: 8 },
          { header: '描述', value: (row) => row.description, width: 32 },
        ],
      });
    },
  });

  app.route({
    ...routeOf(flowEndpoints.options),
    config: { permission: permission('view') },
    handler: async () => ok(await approvals.flowOptions()),
  });

  app.route({
    ...routeOf(flowEndpoints.businessTypes),
    config: { permission: permission('view') },
    handler: async () => ok(await approvals.businessTypeSettings()),
  });

  app.route({
    ...routeOf(flowEndpoints.updateBusinessType),
    config: { permission: permission('edit') },
    handler: async (request) =>
      ok(
        await app.transaction((tx) =>
          setOneStepPerPerson(
            request.params.businessType,
            request.body.oneStepPerPerson,
            currentUser(request).username,
            repositories,
            tx,
          ),
        ),
      ),
  });

  app.route({
    ...routeOf(flowEndpoints.detail),
    config: { permission: permission('view') },
    handler: async (request) => {
      const flow = await approvals.flow(request.params.id);
      if (!flow) throw missingFlow();
      return ok(flow);
    },
  });

  app.route({
    ...routeOf(flowEndpoints.create),
    config: { permission: permission('create') },
    handler: async (request) => ok(await save(undefined, request.body, currentUser(request).username)),
  });

  app.route({
    ...routeOf(flowEndpoints.update),
    config: { permission: permission('edit') },
    handler: async (request) => ok(await save(request.params.id, request.body, currentUser(request).username)),
  });

  for (const [route, active] of [
    [flowEndpoints.activate, true],
    [flowEndpoints.deactivate, false],
  ] as const) {
    app.route({
      ...routeOf(route),
      config: { permission: permission('edit') },
      handler: async (request) =>
        ok(
          await app.transaction((tx) =>
            setFlowActive(request.params.id, active, currentUser(request).username, repositories, tx),
          ),
        ),
    });
  }

  app.route({
    ...routeOf(flowEndpoints.remove),
    config: { permission: permission('delete') },
    handler: async (request) =>
      ok(await app.transaction((tx) => removeApprovalFlow(request.params.id, repositories, tx))),
  });
};

export default flowRoutes;
