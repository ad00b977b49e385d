/**
 * 模板评估 `/alarm/op/evaluate`: every equipment of a template's type against the template (optionally one
 * unit), with each equipment's deviations and score and each unit's score; the same as an `.xlsx`; and the
 * page's choices. All under the route's view permission.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from 'typebox';
import { describeDeviation, deviationNames } from '../../../common/templates';
import { envelope, Id, Nullable } from '../../../contract/http';
import { routePermission } from '../../auth/permissions';
import { evaluateTemplate } from '../../domain/templates/evaluation';
import { refused } from '../../errors';
import { sendXlsx } from '../../export/xlsx';
import { ok } from '../reply';
import { Vocabulary } from '../templates/schemas';

const VIEW = routePermission('/alarm/op/evaluate', 'view');

const EvaluationQuery = Type.Object({
  templateId: Id,
  unitId: Type.Optional(Id),
});

const Value = Nullable(Type.Union([Type.Number(), Type.String()]));
const Deviation = Type.Object({
  kind: Type.Union([
    Type.Literal('missing'),
    Type.Literal('extra'),
    Type.Literal('different'),
    Type.Literal('noRange'),
  ]),
  condition: Type.String(),
  pointId: Nullable(Type.Integer()),
  tag: Nullable(Type.String()),
  field: Nullable(
    Type.Union([
      Type.Literal('limitValue'),
      Type.Literal('priority'),
      Type.Literal('deadband'),
      Type.Literal('onDelaySeconds'),
      Type.Literal('offDelaySeconds'),
    ]),
  ),
  expected: Value,
  actual: Value,
});

const EquipmentResult = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  unitId: Type.Integer(),
  unit: Type.String(),
  score: Type.Number(),
  matchingItems: Type.Integer(),
  itemCount: Type.Integer(),
  missing: Type.Integer(),
  extra: Type.Integer(),
  differing: Type.Integer(),
  deviations: Type.Array(Deviation),
});

const Evaluation = Type.Object({
  template: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    equipmentType: Type.String(),
    itemCount: Type.Integer(),
  }),
  equipment: Type.Array(EquipmentResult),
  units: Type.Array(
    Type.Object({ unitId: Type.Integer(), unit: Type.String(), equipmentCount: Type.Integer(), score: Type.Number() }),
  ),
});

const Options = Type.Object({
  templates: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), equipmentType: Type.String() })),
  units: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  ...Vocabulary,
});

const evaluationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { templates } = app.repositories;

  async function evaluation({
    templateId,
    unitId,
  }: Static<typeof EvaluationQuery>): Promise<Static<typeof Evaluation>> {
    const template = await templates.findById(templateId);
    if (!template) throw refused(404, '模板不存在或已被删除');
    const subjects = await templates.equipmentOfType(template.equipmentType, unitId);
    const { id, name, equipmentType, items } = template;
    return { template: { id, name, equipmentType, itemCount: items.length }, ...evaluateTemplate(items, subjects) };
  }

  app.get(
    '/alarm/op/evaluate',
    {
      config: { permission: VIEW },
      schema: { querystring: EvaluationQuery, response: { 200: envelope(Evaluation) } },
    },
    async (request) => ok(await evaluation(request.query)),
  );

  app.get(
    '/alarm/op/evaluate/export',
    { config: { permission: VIEW }, schema: { querystring: EvaluationQuery } },
    async (request, reply) => {
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
  );

  app.get(
    '/alarm/op/evaluate/options',
    { config: { permission: VIEW }, schema: { response: { 200: envelope(Options) } } },
    async () =>
      ok({ templates: await templates.choices(), units: await templates.units(), ...(await templates.vocabulary()) }),
  );
};

export default evaluationRoutes;
