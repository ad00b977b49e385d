/**
 * 模板评估 `/alarm/op/evaluate`: every equipment of a template's type against the template (optionally one
 * unit), with each equipment's deviations and score and each unit's score; the same as an `.xlsx`; and the
 * page's choices. All under the route's view permission.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { describeDeviation, deviationNames } from '../../../common/templates';
import { type Evaluation, type EvaluationQuery, evaluationEndpoints } from '../../../contract/templates';
import { routePermission } from '../../auth/permissions';
import { evaluateTemplate } from '../../domain/templates/evaluation';
import { refused } from '../../errors';
import { sendXlsx } from '../../export/xlsx';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const VIEW = routePermission('/alarm/op/evaluate', 'view');

const evaluationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { templates } = app.repositories;

  async function evaluation({ templateId, unitId }: EvaluationQuery): Promise<Evaluation> {
    const template = await templates.findById(templateId);
    if (!template) throw refused(404, '模板不存在或已被删除');
    const subjects = await templates.equipmentOfType(template.equipmentType, unitId);
    const { id, name, equipmentType, items } = template;
    return { template: { id, name, equipmentType, itemCount: items.length }, ...evaluateTemplate(items, subjects) };
  }

  app.route({
    ...routeOf(evaluationEndpoints.evaluate),
    config: { permission: VIEW },
    handler: async (request) => ok(await evaluation(request.query)),
  });

  app.route({
    ...routeOf(evaluationEndpoints.export),
    config: { permission: VIEW },
    handler: async (request, reply) => {
      const [result, vocabulary] = await Promise.all([evaluation(request.query), templates.vocabulary()]);
      const names = deviationNames(vocabulary);
      return sendXlsx(reply, {
        fileStem: 'template-evaluation',
        sheetName: '模板评估',
        columns: [
          { header: '装置', value: (row) => row.unit },
          { header: '设备', value: (row) => row.name },
          { header: '模板', value: () => result.template.name, width: 24 },
          { header: '合规率(%)', value: (row) => Math.round(row.score * 10) / 10, width: 10 },
          { header: '合规项', value: (row) => row.matchingItems, width: 8 },
          { header: '模板项', value: (row) => row.itemCount, width: 8 },
          { header: '缺少', value: (row) => row.missing, width: 8 },
          { header: '多余', value: (row) => row.extra, width: 8 },
          { header: '不一致', value: (row) => row.differing, width: 8 },
          {
            header: '偏差明细',
            value: (row) => row.deviations.map((deviation) => describeDeviation(deviation, names)).join('\n'),
            width: 80,
          },
        ],
        rows: result.equipment,
      });
    },
  });

  app.route({
    ...routeOf(evaluationEndpoints.options),
    config: { permission: VIEW },
    handler: async () =>
      ok({ templates: await templates.choices(), units: await templates.units(), ...(await templates.vocabulary()) }),
  });
};

export default evaluationRoutes;
