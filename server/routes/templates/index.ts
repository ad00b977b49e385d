/**
 * 模板列表 `/alarm/template/list` (docs/api.md): paged list, export, one template with its items, create,
 * update (fields and items replaced whole) and delete, under the route's view / create / edit / delete;
 * 批量合理化, the items' rationalization written to the points of the type, under 报警列表's edit.
 * The hidden create and edit pages have no permission of their own: they call these endpoints.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { templateItemProblems } from '../../../common/templateValidation';
import { type TemplateBody, templateEndpoints } from '../../../contract/templates';
import { routePermission } from '../../auth/permissions';
import type { Executor } from '../../db';
import { refused } from '../../errors';
import { sendXlsx } from '../../export/xlsx';
import { currentUser } from '../../plugins/authentication';
import type { TemplateFields, TemplateItemFields } from '../../repositories/templates';
import { rationalizeFromTemplate } from '../../use-cases/library/template-rationalization';
import { routeOf } from '../endpoint';
import { ok } from '../reply';
import { requiredText } from '../text';

const PATH = '/alarm/template/list';
const permission = (action: 'view' | 'create' | 'edit' | 'delete') => routePermission(PATH, action);

/** Times as ISO 8601 strings, as the schemas describe them. */
function withIsoTimes<T extends { createdAt: Date; updatedAt: Date }>(row: T) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const templateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { templates } = app.repositories;
  const missing = () => refused(404, '模板不存在或已被删除');
  const duplicate = (name: string) => refused(409, `模板名称「${name}」已存在，请换一个`);

  /** Trimmed fields and defaulted items, refused (code 1) when the items break a template rule. */
  async function checkedBody(
    body: TemplateBody,
    tx: Executor,
  ): Promise<{ fields: TemplateFields; items: TemplateItemFields[] }> {
    const fields = {
      name: requiredText(body.name, '模板名称'),
      equipmentType: requiredText(body.equipmentType, '设备类型'),
      description: body.description?.trim() ?? '',
    };
    const items = body.items.map((item) => ({
      condition: item.condition.trim(),
      limitMode: item.limitMode ?? 'absolute',
      limitValue: item.limitValue ?? null,
      priority: item.priority,
      deadband: item.deadband ?? null,
      onDelaySeconds: item.onDelaySeconds ?? null,
      offDelaySeconds: item.offDelaySeconds ?? null,
      required: item.required ?? true,
      cause: item.cause?.trim() ?? '',
      consequence: item.consequence?.trim() ?? '',
      operatorResponse: item.operatorResponse?.trim() ?? '',
      maxResponseMinutes: item.maxResponseMinutes ?? null,
      severities: item.severities ?? {},
      alarmClass: item.alarmClass?.trim() ?? '',
    }));
    const problems = templateItemProblems(items);
    const { matrix } = await app.repositories.matrix.read(tx);
    const categories = new Set(matrix.categories.map((category) => category.code));
    items.forEach((item, index) => {
      const unknown = Object.keys(item.severities).filter((code) => !categories.has(code));
      if (unknown.length) problems.push(`第 ${index + 1} 行：后果类别「${unknown.join('、')}」不在优先级矩阵中`);
    });
    if (problems.length) throw refused(400, problems.join('；'));
    const unknown = await templates.unknownConditions([...new Set(items.map((item) => item.condition))], tx);
    if (unknown.length) throw refused(400, `未知的报警类型：${unknown.join('、')}（请先在「报警类型」中添加）`);
    return { fields, items };
  }

  async function answerTemplate(id: number, tx: Executor) {
    const template = await templates.findById(id, tx);
    if (!template) throw missing();
    return ok(withIsoTimes(template));
  }

  app.route({
    ...routeOf(templateEndpoints.list),
    config: { permission: permission('view') },
    handler: async (request) => {
      const { current, pageSize, ...filters } = request.query;
      const page = await templates.page(filters, { current, pageSize });
      return ok({ ...page, list: page.list.map(withIsoTimes) });
    },
  });

  app.route({
    ...routeOf(templateEndpoints.export),
    config: { permission: permission('view') },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileStem: 'alarm-templates',
        sheetName: '报警模板',
        columns: [
          { header: '模板名称', value: (row) => row.name, width: 24 },
          { header: '设备类型', value: (row) => row.equipmentType },
          { header: '描述', value: (row) => row.description, width: 40 },
          { header: '报警项', value: (row) => row.itemCount, width: 8 },
          { header: '必需项', value: (row) => row.requiredCount, width: 8 },
          { header: '修改人', value: (row) => row.updatedBy },
          { header: '修改时间', value: (row) => new Date(row.updatedAt), width: 20 },
        ],
        rows: templates.rows(request.query),
        count: await templates.count(request.query),
      }),
  });

  // The form's choices: equipment types of the plant, the matrix's consequence categories, alarm types and
  // priorities with their names.
  app.route({
    ...routeOf(templateEndpoints.options),
    config: { permission: permission('view') },
    handler: async () => {
      const { matrix } = await app.repositories.matrix.read();
      return ok({
        equipmentTypes: await templates.equipmentTypes(),
        categories: matrix.categories.map(({ code, name }) => ({ code, name })),
        ...(await templates.vocabulary()),
      });
    },
  });

  app.route({
    ...routeOf(templateEndpoints.detail),
    config: { permission: permission('view') },
    handler: async (request) => answerTemplate(request.params.id, app.database.db),
  });

  app.route({
    ...routeOf(templateEndpoints.create),
    config: { permission: permission('create') },
    handler: async (request) => {
      const { username } = currentUser(request);
      return app.transaction(async (tx) => {
        const { fields, items } = await checkedBody(request.body, tx);
        const result = await templates.create({ ...fields, createdBy: username }, items, tx);
        if (!result.ok) throw duplicate(fields.name);
        return answerTemplate(result.row.id, tx);
      });
    },
  });

  app.route({
    ...routeOf(templateEndpoints.update),
    config: { permission: permission('edit') },
    handler: async (request) => {
      const { id } = request.params;
      const { username } = currentUser(request);
      return app.transaction(async (tx) => {
        const existing = await templates.findById(id, tx);
        if (!existing) throw missing();
        const loaded = request.body.updatedAt;
        if (loaded && new Date(loaded).getTime() !== existing.updatedAt.getTime()) {
          throw refused(409, `模板「${existing.name}」已被${existing.updatedBy || '他人'}修改，请刷新后重新编辑`);
        }
        const { fields, items } = await checkedBody(request.body, tx);
        const result = await templates.update(id, { ...fields, updatedBy: username }, items, tx);
        if (!result.ok) throw result.reason === 'duplicate' ? duplicate(fields.name) : missing();
        return answerTemplate(id, tx);
      });
    },
  });

  app.route({
    ...routeOf(templateEndpoints.rationalize),
    // It edits the points' rationalization records: the right of 报警列表 to edit them.
    config: { permission: routePermission('/alarm/bases/list', 'edit') },
    handler: async (request) => {
      const { username } = currentUser(request);
      return ok(
        await app.transaction((tx) =>
          rationalizeFromTemplate(request.params.id, request.body.unitId, username, app.repositories, tx),
        ),
      );
    },
  });

  app.route({
    ...routeOf(templateEndpoints.remove),
    config: { permission: permission('delete') },
    handler: async (request) => {
      const { id } = request.params;
      return app.transaction(async (tx) => {
        const existing = await templates.findById(id, tx);
        if (!existing) throw missing();
        if (await templates.inUse(id, tx)) throw refused(409, `模板「${existing.name}」已被变更申请引用，不能删除`);
        await templates.remove(id, tx);
        return ok({ id });
      });
    },
  });
};

export default templateRoutes;
