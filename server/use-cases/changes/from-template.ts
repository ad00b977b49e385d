/**
 * 模板评估's 发起变更: a draft request that brings the equipment of a template's type (one piece, or all of
 * them in a unit or the plant) to the template's settings, one item per setting that differs. Missing and
 * extra alarms are not setting changes: they are counted, not drafted.
 */
import type { TemplateDraftBody, TemplateDraftResult } from '../../../contract/moc';
import type { Executor } from '../../db';
import { itemsFromDeviations } from '../../domain/changes/items';
import { evaluateTemplate } from '../../domain/templates/evaluation';
import { refused } from '../../errors';
import type { Repositories } from '../../repositories';
import { saveChange } from './save';

export async function draftFromTemplate(
  body: TemplateDraftBody,
  actorId: number,
  repositories: Pick<Repositories, 'changes' | 'approvals' | 'templates' | 'users'>,
  tx: Executor,
): Promise<TemplateDraftResult> {
  const { templateId, equipmentId, unitId, title, reason, riskLevel } = body;
  const { templates } = repositories;
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
    actorId,
    repositories,
    tx,
  );
  return { change, skipped };
}
