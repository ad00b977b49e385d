import { describe, expect, it } from 'vitest';
import { describeDeviation, EMPTY_ITEM_RATIONALIZATION } from '../../../common/templates';
import type { TemplateItemRule } from '../../../contract/templates';
import {
  complianceScore,
  type EvaluatedPoint,
  evaluateEquipment,
  evaluateTemplate,
  unitComplianceScore,
} from '../../../server/domain/templates/evaluation';

const item = (overrides: Partial<TemplateItemRule> & Pick<TemplateItemRule, 'condition'>): TemplateItemRule => ({
  limitMode: 'absolute',
  limitValue: null,
  priority: 'low',
  deadband: null,
  onDelaySeconds: null,
  offDelaySeconds: null,
  required: true,
  ...EMPTY_ITEM_RATIONALIZATION,
  ...overrides,
});

let nextId = 1;
const point = (overrides: Partial<EvaluatedPoint> & Pick<EvaluatedPoint, 'condition'>): EvaluatedPoint => ({
  id: nextId++,
  tag: 'TI-101',
  limitValue: null,
  rangeLow: null,
  rangeHigh: null,
  priority: 'low',
  deadband: null,
  onDelaySeconds: null,
  offDelaySeconds: null,
  ...overrides,
});

describe('evaluateEquipment', () => {
  it('scores an equipment that matches every item 100 with no deviations', () => {
    const items = [item({ condition: 'PVHI', limitValue: 80, priority: 'medium', deadband: 1 })];
    const result = evaluateEquipment(items, [
      point({ condition: 'PVHI', limitValue: 80, priority: 'medium', deadband: 1 }),
    ]);
    expect(result).toEqual({
      matchingItems: 1,
      itemCount: 1,
      score: 100,
      missing: 0,
      extra: 0,
      differing: 0,
      deviations: [],
    });
  });

  it('reports a missing required item, forgives a missing optional one, and lists extra points', () => {
    const items = [
      item({ condition: 'PVHH' }),
      item({ condition: 'PVLL', required: false }),
      item({ condition: 'PVHI' }),
    ];
    const extra = point({ condition: 'BAD', tag: 'PI-2' });
    const result = evaluateEquipment(items, [point({ condition: 'PVHI' }), extra]);
    expect(result).toMatchObject({ matchingItems: 2, itemCount: 3, missing: 1, extra: 1, differing: 0 });
    expect(result.score).toBeCloseTo(66.667, 3);
    expect(result.deviations).toEqual([
      { kind: 'missing', condition: 'PVHH', pointId: null, tag: null, field: null, expected: null, actual: null },
      { kind: 'extra', condition: 'BAD', pointId: extra.id, tag: 'PI-2', field: null, expected: null, actual: null },
    ]);
  });

  it('lists each differing setting with template and actual values, leaving unprescribed ones alone', () => {
    const p = point({ condition: 'PVHI', limitValue: 90, priority: 'high', deadband: 5, onDelaySeconds: 3 });
    const result = evaluateEquipment(
      [item({ condition: 'PVHI', limitValue: 80, priority: 'low', onDelaySeconds: 3 })],
      [p],
    );
    expect(result).toMatchObject({ matchingItems: 0, score: 0, differing: 1 });
    expect(result.deviations).toEqual([
      {
        kind: 'different',
        condition: 'PVHI',
        pointId: p.id,
        tag: 'TI-101',
        field: 'limitValue',
        expected: 80,
        actual: 90,
      },
      {
        kind: 'different',
        condition: 'PVHI',
        pointId: p.id,
        tag: 'TI-101',
        field: 'priority',
        expected: 'low',
        actual: 'high',
      },
    ]);
  });

  it('resolves a percent limit against the point’s range', () => {
    const items = [item({ condition: 'PVHH', limitMode: 'percent', limitValue: 90 })];
    // 0.1 + 0.9 × (0.3 − 0.1) is 0.28 only up to rounding: the comparison tolerates that.
    const exact = point({ condition: 'PVHH', rangeLow: 0.1, rangeHigh: 0.3, limitValue: 0.28 });
    expect(evaluateEquipment(items, [exact]).deviations).toEqual([]);
    const off = point({ condition: 'PVHH', rangeLow: 100, rangeHigh: 300, limitValue: 250 });
    expect(evaluateEquipment(items, [off]).deviations).toEqual([
      expect.objectContaining({ kind: 'different', field: 'limitValue', expected: 280, actual: 250 }),
    ]);
  });

  it('cannot compare a percent limit without a usable range: 缺少量程，无法比较', () => {
    const items = [item({ condition: 'PVHH', limitMode: 'percent', limitValue: 95 })];
    for (const range of [
      { rangeLow: null, rangeHigh: 100 },
      { rangeLow: 50, rangeHigh: 50 },
    ]) {
      const p = point({ condition: 'PVHH', limitValue: 95, ...range });
      const result = evaluateEquipment(items, [p]);
      expect(result.score).toBe(0);
      expect(result.deviations).toEqual([
        {
          kind: 'noRange',
          condition: 'PVHH',
          pointId: p.id,
          tag: 'TI-101',
          field: 'limitValue',
          expected: 95,
          actual: 95,
        },
      ]);
      expect(describeDeviation(result.deviations[0])).toBe('PVHH · TI-101 · 限值：缺少量程，无法比较');
    }
  });

  it('needs every point of the item’s condition to match (one item, two tags)', () => {
    const items = [item({ condition: 'PVHI', priority: 'low' })];
    const good = point({ condition: 'PVHI', tag: 'TI-1' });
    const bad = point({ condition: 'PVHI', tag: 'PI-1', priority: 'urgent' });
    const result = evaluateEquipment(items, [good, bad]);
    expect(result).toMatchObject({ matchingItems: 0, differing: 1 });
    expect(result.deviations.map((deviation) => deviation.tag)).toEqual(['PI-1']);
  });
});

describe('compliance scores', () => {
  it('is matching ÷ items × 100; a template without items has nothing to miss', () => {
    expect(complianceScore(3, 4)).toBe(75);
    expect(complianceScore(0, 0)).toBe(100);
  });

  it('gives a unit the mean of its equipment’s scores', () => {
    expect(unitComplianceScore([100, 50, 75])).toBe(75);
    expect(unitComplianceScore([])).toBe(100);
  });

  it('evaluates every equipment and groups the units', () => {
    const items = [item({ condition: 'PVHI' }), item({ condition: 'PVLO' })];
    const result = evaluateTemplate(items, [
      {
        id: 1,
        name: 'P-1',
        unitId: 10,
        unit: '常减压',
        points: [point({ condition: 'PVHI' }), point({ condition: 'PVLO' })],
      },
      { id: 2, name: 'P-2', unitId: 10, unit: '常减压', points: [point({ condition: 'PVHI' })] },
      { id: 3, name: 'P-3', unitId: 20, unit: '催化', points: [] },
    ]);
    expect(result.equipment.map((row) => [row.name, row.score])).toEqual([
      ['P-1', 100],
      ['P-2', 50],
      ['P-3', 0],
    ]);
    expect(result.units).toEqual([
      { unitId: 10, unit: '常减压', equipmentCount: 2, score: 75 },
      { unitId: 20, unit: '催化', equipmentCount: 1, score: 0 },
    ]);
  });
});

describe('describeDeviation', () => {
  it('words each kind with the dictionaries’ names', () => {
    const names = { conditions: { PVHI: '高报' }, priorities: { low: '低', high: '高' } };
    const base = { condition: 'PVHI', pointId: 1, tag: 'TI-1', expected: null, actual: null, field: null };
    expect(describeDeviation({ ...base, kind: 'missing', pointId: null, tag: null }, names)).toBe(
      'PVHI 高报 · 缺少必需报警',
    );
    expect(describeDeviation({ ...base, kind: 'extra' }, names)).toBe('PVHI 高报 · TI-1 · 模板中没有该报警');
    expect(
      describeDeviation({ ...base, kind: 'different', field: 'priority', expected: 'low', actual: 'high' }, names),
    ).toBe('PVHI 高报 · TI-1 · 优先级：模板 低，实际 高');
    expect(
      describeDeviation({ ...base, kind: 'different', field: 'limitValue', expected: 0.1 + 0.2, actual: null }, names),
    ).toBe('PVHI 高报 · TI-1 · 限值：模板 0.3，实际 未设置');
  });
});
