/**
 * An appending ingest's rollup counts (server/domain/ingest/rollup-counts.ts): per 10-minute bucket, console and
 * unit by priority, and per UTC day and point, buckets aligned to the epoch as the rollups' date_bin aligns them.
 */
import { RollupCounts } from '../../../server/domain/ingest/rollup-counts';

const DAY = Date.UTC(2026, 10, 26);

describe('rollup counts', () => {
  it('sums annunciations per bucket, console and unit by priority, and per day and point', () => {
    const counts = new RollupCounts();
    counts.add(DAY + 1_000, 7, 1, 0, 'high');
    counts.add(DAY + 599_999, 7, 1, 0, 'high');
    counts.add(DAY + 600_000, 7, 1, 0, 'urgent');
    counts.add(DAY + 600_001, 8, 1, 3, 'low');
    counts.add(DAY - 1, 8, 1, 3, 'medium');
    expect(counts.load).toEqual([
      { bucketStart: DAY, consoleId: 1, unitId: 0, urgent: 0, high: 2, medium: 0, low: 0 },
      { bucketStart: DAY + 600_000, consoleId: 1, unitId: 0, urgent: 1, high: 0, medium: 0, low: 0 },
      { bucketStart: DAY + 600_000, consoleId: 1, unitId: 3, urgent: 0, high: 0, medium: 0, low: 1 },
      { bucketStart: DAY - 600_000, consoleId: 1, unitId: 3, urgent: 0, high: 0, medium: 1, low: 0 },
    ]);
    expect(counts.pointDays).toEqual([
      { dayStart: DAY, pointId: 7, consoleId: 1, unitId: 0, annunciations: 3 },
      { dayStart: DAY - 86_400_000, pointId: 8, consoleId: 1, unitId: 3, annunciations: 1 },
      { dayStart: DAY, pointId: 8, consoleId: 1, unitId: 3, annunciations: 1 },
    ]);
  });

  it("gives the days point by point, each point's in order, so that a write of some of them touches few months", () => {
    const counts = new RollupCounts();
    for (let day = 0; day < 3; day++)
      for (const point of [5, 2, 9]) counts.add(DAY + day * 86_400_000, point, 1, 0, 'low');
    expect(counts.pointDays.map(({ pointId, dayStart }) => [pointId, (dayStart - DAY) / 86_400_000])).toEqual([
      [2, 0],
      [2, 1],
      [2, 2],
      [5, 0],
      [5, 1],
      [5, 2],
      [9, 0],
      [9, 1],
      [9, 2],
    ]);
  });

  it('keeps a bucket of an annunciation with no known priority, counting it in none, as the rollups do', () => {
    const counts = new RollupCounts();
    counts.add(DAY, 1, 1, 0, '');
    expect(counts.load).toEqual([{ bucketStart: DAY, consoleId: 1, unitId: 0, urgent: 0, high: 0, medium: 0, low: 0 }]);
    expect(counts.pointDays).toEqual([{ dayStart: DAY, pointId: 1, consoleId: 1, unitId: 0, annunciations: 1 }]);
  });
});
