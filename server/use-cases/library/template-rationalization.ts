/**
 * 批量合理化 of a template (docs/domain.md, "Templates and template evaluation"): every point of the
 * template's equipment type (in one unit or the plant) gets the rationalization of its condition's item.
 * A direct, audited edit of each point's record through `applyPointChange`, not a change request: the record
 * is documentation and sets no alarm setting — the priority stays as it is, and bringing it to the new
 * suggestion is a change request of its own (报警列表's 「按建议优先级起草变更」). A confirmed point whose
 * record changes goes back to 待确认.
 */
import type { RationalizeResult } from '../../../contract/templates';
import type { Executor } from '../../db';
import { itemRecordPatch, rationalizationPlan } from '../../domain/templates/rationalization';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';

export async function rationalizeFromTemplate(
  templateId: number,
  unitId: number | undefined,
  username: string,
  { templates, library, matrix }: Pick<Repositories, 'templates' | 'library' | 'matrix'>,
  tx: Executor,
): Promise<RationalizeResult> {
  const template = await templates.findById(templateId, tx);
  if (!template) throw refused(404, '模板不存在或已被删除');
  const subjects = await templates.equipmentOfType(template.equipmentType, unitId, tx);
  const points = subjects.flatMap((subject) => subject.points);
  const { matrix: current } = await matrix.read(tx);
  if (!template.items.some((item) => Object.keys(itemRecordPatch(item, current)).length)) {
    throw refused(400, `模板「${template.name}」的报警项都没有填写合理化内容，请先编辑模板`);
  }
  const plan = rationalizationPlan(template.items, points, current);
  let changed = 0;
  for (const { pointId, patch } of plan) {
    const result = await library.change(pointId, undefined, patch, { changedBy: username, source: 'library' }, tx);
    if (!result.ok) throw refused(400, result.reason === 'invalid' ? result.message : '报警点已变化，请重试');
    if (result.changes.length) changed++;
  }
  return { equipment: subjects.length, points: points.length, changed, unchanged: plan.length - changed };
}
