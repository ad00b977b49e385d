/**
 * 批量合理化 (docs/domain.md, "Templates and template evaluation"): a template item's rationalization —
 * cause, consequence, operator response, time to respond, severities and class — handed to every point of
 * its condition on the equipment of the template's type, so that an alarm is rationalized once per type.
 * Only what the item gives is written; severities count only for categories the matrix still has.
 */
import { matrixSeverities, type PriorityMatrix } from '../../../common/priorityMatrix';
import type { TemplateItemRule } from '../../../contract/templates';

type ItemRationalization = Pick<
  TemplateItemRule,
  'condition' | 'cause' | 'consequence' | 'operatorResponse' | 'maxResponseMinutes' | 'severities' | 'alarmClass'
>;

/** The fields of a point's record an item sets; empty when the item gives no rationalization. */
export interface RecordPatch {
  cause?: string;
  consequence?: string;
  operatorResponse?: string;
  maxResponseMinutes?: number;
  severities?: Record<string, TemplateItemRule['severities'][string]>;
  alarmClass?: string;
}

export function itemRecordPatch(item: ItemRationalization, matrix: PriorityMatrix): RecordPatch {
  const patch: RecordPatch = {};
  if (item.cause.trim()) patch.cause = item.cause.trim();
  if (item.consequence.trim()) patch.consequence = item.consequence.trim();
  if (item.operatorResponse.trim()) patch.operatorResponse = item.operatorResponse.trim();
  if (item.maxResponseMinutes !== null) patch.maxResponseMinutes = item.maxResponseMinutes;
  const severities = matrixSeverities(matrix, item.severities);
  if (Object.keys(severities).length) patch.severities = severities;
  if (item.alarmClass.trim()) patch.alarmClass = item.alarmClass.trim();
  return patch;
}

/** The patch per point: each point of the equipment whose condition has an item that gives a rationalization. */
export function rationalizationPlan(
  items: readonly ItemRationalization[],
  points: readonly { id: number; condition: string }[],
  matrix: PriorityMatrix,
): { pointId: number; patch: RecordPatch }[] {
  const byCondition = new Map<string, RecordPatch>();
  for (const item of items) {
    const patch = itemRecordPatch(item, matrix);
    if (Object.keys(patch).length) byCondition.set(item.condition, patch);
  }
  return points.flatMap((point) => {
    const patch = byCondition.get(point.condition);
    return patch ? [{ pointId: point.id, patch }] : [];
  });
}
