import { describe, expect, it } from 'vitest';
import { coverageSeries, windowPrioritySplit } from '../../../server/domain/boards/coverage';

describe('coverageSeries', () => {
  it('sums each unit’s steps up to each period end, steps before the first end counting in all', () => {
    const series = coverageSeries(
      [
        { unit: 'U1', bucket: 0, confirmed: 2, total: 5 },
        { unit: 'U1', bucket: 1, confirmed: 1, total: 0 },
        { unit: 'U1', bucket: 2, confirmed: -1, total: 1 },
        { unit: null, bucket: 2, confirmed: 0, total: 1 },
      ],
      3,
    );
    expect(series).toEqual([
      { unit: 'U1', confirmed: [2, 3, 2], total: [5, 5, 6] },
      { unit: null, confirmed: [0, 0, 0], total: [0, 0, 1] },
    ]);
  });

  it('leaves out steps after the last end and units that had no point at any end', () => {
    expect(
      coverageSeries(
        [
          { unit: 'U1', bucket: 0, confirmed: 1, total: 1 },
          { unit: 'U1', bucket: 2, confirmed: 1, total: 1 },
          { unit: 'U2', bucket: 2, confirmed: 1, total: 1 },
        ],
        2,
      ),
    ).toEqual([{ unit: 'U1', confirmed: [1, 1], total: [1, 1] }]);
    expect(coverageSeries([], 4)).toEqual([]);
  });
});

describe('windowPrioritySplit', () => {
  it('weights each period’s shares by its annunciations', () => {
    const split = windowPrioritySplit([
      { annunciations: 3, priorityDistribution: { urgent: 0, high: 0, medium: 100 / 3, low: 200 / 3 } },
      { annunciations: 1, priorityDistribution: { urgent: 100, high: 0, medium: 0, low: 0 } },
      { annunciations: 0, priorityDistribution: { urgent: 0, high: 0, medium: 0, low: 0 } },
    ]);
    expect(split.urgent).toBeCloseTo(25, 9);
    expect(split.medium).toBeCloseTo(25, 9);
    expect(split.low).toBeCloseTo(50, 9);
    expect(split.high).toBe(0);
  });

  it('answers zero shares for a window without annunciations', () => {
    expect(windowPrioritySplit([])).toEqual({ urgent: 0, high: 0, medium: 0, low: 0 });
  });
});
