/**
 * 审批配置 `/alarm/base/examine/config` and its full-screen editor: approval flows per business type,
 * listed, exported, shown, created, replaced and deleted (refused while pending approvals use the flow).
 * Endpoints and rules: common/moc.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import {
  APPROVER_KIND_LABELS,
  BUSINESS_TYPE_LABELS,
  type ApprovalFlow as Flow,
  STEP_MODE_LABELS,
} from '../../../common/moc';
import { flowStepProblems } from '../../../common/mocValidation';
import { envelope, IdParams, pageOf } from '../../../contract/http';
import { ApprovalFlow, FlowBody, FlowOptions, FlowQuery, Removed } from '../../../contract/moc';
import { routePermission } from '../../auth/permissions';
import type { Executor } from '../../db';
import { refused } from '../../errors';
import { sendXlsx } from '../../export/xlsx';
import { currentUser } from '../../plugins/authentication';
import { ok } from '../reply';
import { requiredText } from '../text';

const PATH = '/alarm/base/examine/config';
const permission = (action: 'view' | 'create' | 'edit' | 'delete') => routePermission(PATH, action);
const missing = () => refused(404, '审批流程不存在或已被删除');

const flowRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { approvals } = app.repositories;
  const transaction = <T>(work: (tx: Executor) => Promise<T>) => app.database.db.transaction(work);

  async function save(id: number | undefined, body: Static<typeof FlowBody>, username: string) {
    const name = requiredText(body.name, '流程名称');
    const problems = flowStepProblems(body.steps);
    if (problems.length) throw refused(400, problems.join('；'));
    return transaction(async (tx) => {
      const unknown = await approvals.unknownApprovers(
        body.steps.flatMap((step) => step.approvers),
        tx,
      );
      if (unknown.length) throw refused(400, `审批人无效：${unknown.join('、')}`);
      const result = await approvals.saveFlow(id, { ...body, name }, username, tx);
      if (!result.ok) {
        if (result.reason === 'duplicate') throw refused(409, `流程名称「${name}」已存在，请换一个`);
        if (result.reason === 'stale') {
          throw refused(409, `该流程已被${result.updatedBy || '他人'}修改，请刷新后重新编辑`);
        }
        throw missing();
      }
      return ok((await approvals.flow(result.id, tx)) as Flow);
    });
  }

  app.get(
    PATH,
    {
      config: { permission: permission('view') },
      schema: { querystring: FlowQuery, response: { 200: envelope(pageOf(ApprovalFlow)) } },
    },
    async (request) => {
      const { current, pageSize, ...query } = request.query;
      return ok(await approvals.flowPage(query, { current, pageSize }));
    },
  );

  app.get(`${PATH}/export`, { config: { permission: permission('view') } }, async (_request, reply) => {
    const { list } = await approvals.flowPage({}, { current: 1, pageSize: 10_000 });
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
  });

  app.get(
    `${PATH}/options`,
    { config: { permission: permission('view') }, schema: { response: { 200: envelope(FlowOptions) } } },
    async () => ok(await approvals.flowOptions()),
  );

  app.get(
    `${PATH}/:id`,
    {
      config: { permission: permission('view') },
      schema: { params: IdParams, response: { 200: envelope(ApprovalFlow) } },
    },
    async (request) => {
      const flow = await approvals.flow(request.params.id);
      if (!flow) throw missing();
      return ok(flow);
    },
  );

  app.post(
    PATH,
    {
      config: { permission: permission('create') },
      schema: { body: FlowBody, response: { 200: envelope(ApprovalFlow) } },
    },
    async (request) => save(undefined, request.body, currentUser(request).username),
  );

  app.put(
    `${PATH}/:id`,
    {
      config: { permission: permission('edit') },
      schema: { params: IdParams, body: FlowBody, response: { 200: envelope(ApprovalFlow) } },
    },
    async (request) => save(request.params.id, request.body, currentUser(request).username),
  );

  app.delete(
    `${PATH}/:id`,
    {
      config: { permission: permission('delete') },
      schema: { params: IdParams, response: { 200: envelope(Removed) } },
    },
    async (request) =>
      transaction(async (tx) => {
        const result = await approvals.removeFlow(request.params.id, tx);
        if (result === 'missing') throw missing();
        if (result === 'inUse') throw refused(409, '该流程仍有审批中的申请在使用，不能删除：请待其审批结束后再删除');
        return ok({ id: request.params.id });
      }),
  );
};

export default flowRoutes;
