/**
 * Template evaluation (模板评估, docs/domain.md): every equipment of a template's type against the template.
 * A template item stands for its condition on the whole equipment: every alarm point of that condition on
 * the equipment must carry the item's settings (an equipment with a temperature and a pressure PVHI has
 * two points for the one PVHI item). Settings the item leaves empty are not prescribed and not compared.
 */
import type { Deviation, TemplateItemRule } from '../../../contract/templates';
import type { ComparedField, Priority } from '../../../contract/vocabulary';

export interface EvaluatedPoint {
  id: number;
  tag: string;
  condition: string;
  limitValue: number | null;
  rangeLow: number | null;
  rangeHigh: number | null;
  priority: Priority;
  deadband: number | null;
  onDelaySeconds: number | null;
  offDelaySeconds: number | null;
}

export interface EquipmentEvaluation {
  /** Items the equipment complies with: present with the item's settings, or optional and absent. */
  matchingItems: number;
  itemCount: number;
  /** matchingItems ÷ itemCount × 100 (0–100, unrounded). */
  score: number;
  missing: number;
  extra: number;
  /** Points with at least one `different` or `noRange` deviation. */
  differing: number;
  deviations: Deviation[];
}

/** Limits resolved from a percentage are rarely exact binary fractions. */
function same(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The absolute limit an item asks of this point; `noRange` when a percentage has no range to apply to. */
function expectedLimit(item: TemplateItemRule, point: EvaluatedPoint): number | null | 'noRange' {
  if (item.limitValue === null || item.limitMode === 'absolute') return item.limitValue;
  const { rangeLow, rangeHigh } = point;
  if (rangeLow === null || rangeHigh === null || rangeHigh <= rangeLow) return 'noRange';
  return rangeLow + ((rangeHigh - rangeLow) * item.limitValue) / 100;
}

/** The deviations of one point from its item. */
export function pointDeviations(item: TemplateItemRule, point: EvaluatedPoint): Deviation[] {
  const base = { condition: point.condition, pointId: point.id, tag: point.tag };
  const deviations: Deviation[] = [];
  const differs = (field: ComparedField, expected: number | string | null, actual: number | string | null) => {
    if (expected === null) return;
    const equal =
      typeof expected === 'number' && typeof actual === 'number' ? same(expected, actual) : expected === actual;
    if (!equal) deviations.push({ ...base, kind: 'different', field, expected, actual });
  };

  const limit = expectedLimit(item, point);
  if (limit === 'noRange') {
    deviations.push({
      ...base,
      kind: 'noRange',
      field: 'limitValue',
      expected: item.limitValue,
      actual: point.limitValue,
    });
  } else {
    differs('limitValue', limit, point.limitValue);
  }
  differs('priority', item.priority, point.priority);
  differs('deadband', item.deadband, point.deadband);
  differs('onDelaySeconds', item.onDelaySeconds, point.onDelaySeconds);
  differs('offDelaySeconds', item.offDelaySeconds, point.offDelaySeconds);
  return deviations;
}

/** One equipment's alarm points (deleted ones left out by the caller) against the template's items. */
export function evaluateEquipment(
  items: readonly TemplateItemRule[],
  points: readonly EvaluatedPoint[],
): EquipmentEvaluation {
  const deviations: Deviation[] = [];
  let matchingItems = 0;
  let missing = 0;
  let differing = 0;

  for (const item of items) {
    const ofItem = points.filter((point) => point.condition === item.condition);
    if (ofItem.length === 0) {
      if (item.required) {
        missing += 1;
        deviations.push({
          kind: 'missing',
          condition: item.condition,
          pointId: null,
          tag: null,
          field: null,
          expected: null,
          actual: null,
        });
      } else {
        matchingItems += 1;
      }
      continue;
    }
    let itemMatches = true;
    for (const point of ofItem) {
      const found = pointDeviations(item, point);
      if (found.length) {
        itemMatches = false;
        differing += 1;
        deviations.push(...found);
      }
    }
    if (itemMatches) matchingItems += 1;
  }

  const conditions = new Set(items.map((item) => item.condition));
  const extras = points.filter((point) => !conditions.has(point.condition));
  for (const point of extras) {
    deviations.push({
      kind: 'extra',
      condition: point.condition,
      pointId: point.id,
      tag: point.tag,
      field: null,
      expected: null,
      actual: null,
    });
  }

  return {
    matchingItems,
    itemCount: items.length,
    score: complianceScore(matchingItems, items.length),
    missing,
    extra: extras.length,
    differing,
    deviations,
  };
}

/** Percent of template items complied with; a template without items has nothing to miss. */
export function complianceScore(matchingItems: number, itemCount: number): number {
  return itemCount === 0 ? 100 : (matchingItems / itemCount) * 100;
}

/**
 * A unit's compliance: the mean of its equipment's scores, so that every equipment weighs the same. Within
 * one template every equipment has the same item count, which makes this equal to matching ÷ total items.
 * Like an empty template, a unit without equipment of the type has nothing to miss.
 */
export function unitComplianceScore(equipmentScores: readonly number[]): number {
  if (equipmentScores.length === 0) return 100;
  return equipmentScores.reduce((sum, score) => sum + score, 0) / equipmentScores.length;
}

export interface EquipmentSubject {
  id: number;
  name: string;
  unitId: number;
  unit: string;
  points: readonly EvaluatedPoint[];
}

export type EquipmentResult = Omit<EquipmentSubject, 'points'> & EquipmentEvaluation;

export interface UnitResult {
  unitId: number;
  unit: string;
  equipmentCount: number;
  score: number;
}

/** Every equipment against the template, and each unit's compliance, units in first-seen order. */
export function evaluateTemplate(
  items: readonly TemplateItemRule[],
  subjects: readonly EquipmentSubject[],
): { equipment: EquipmentResult[]; units: UnitResult[] } {
  const equipment = subjects.map(({ points, ...subject }) => ({ ...subject, ...evaluateEquipment(items, points) }));
  const byUnit = new Map<number, EquipmentResult[]>();
  for (const result of equipment) byUnit.set(result.unitId, [...(byUnit.get(result.unitId) ?? []), result]);
  const units = [...byUnit.values()].map((results) => ({
    unitId: results[0].unitId,
    unit: results[0].unit,
    equipmentCount: results.length,
    score: unitComplianceScore(results.map((result) => result.score)),
  }));
  return { equipment, units };
}
