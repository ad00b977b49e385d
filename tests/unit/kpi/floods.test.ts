import { floodDuration, floodsFromBuckets } from '../../../server/domain/kpi/floods';
import { at } from './journal';

const hour = { from: at('08:00'), to: at('09:00') };

describe('floodsFromBuckets', () => {
  it('finds the one flood of the worked example', () => {
    expect(floodsFromBuckets([3, 12, 7, 4, 10, 0], hour)).toEqual([
      { start: at('08:10'), end: at('08:30'), count: 19, peak: 12 },
    ]);
  });

  it('starts a flood in the first bucket of the window', () => {
    expect(floodsFromBuckets([15, 8, 2, 0, 0, 0], hour)).toEqual([
      { start: at('08:00'), end: at('08:20'), count: 23, peak: 15 },
    ]);
  });

  it('runs a flood still going at the end of the window to `to`', () => {
    expect(floodsFromBuckets([0, 0, 0, 0, 11, 5], hour)).toEqual([
      { start: at('08:40'), end: at('09:00'), count: 16, peak: 11 },
    ]);
    expect(floodsFromBuckets([0, 0, 0, 0, 0, 30], hour)).toEqual([
      { start: at('08:50'), end: at('09:00'), count: 30, peak: 30 },
    ]);
  });

  it('continues at exactly floodEnd and ends below it; needs more than floodStart to start', () => {
    expect(floodsFromBuckets([11, 5, 4, 10, 10, 6], hour)).toEqual([
      { start: at('08:00'), end: at('08:20'), count: 16, peak: 11 },
    ]);
  });

  it('keeps separate floods apart, with a one-bucket flood ending at once', () => {
    const floods = floodsFromBuckets([11, 4, 12, 6, 20, 1], hour);
    expect(floods).toEqual([
      { start: at('08:00'), end: at('08:10'), count: 11, peak: 11 },
      { start: at('08:20'), end: at('08:50'), count: 38, peak: 20 },
    ]);
    expect(floodDuration(floods)).toBe(40 * 60_000);
  });

  it('uses the configured thresholds', () => {
    expect(floodsFromBuckets([4, 2, 1, 0, 0, 0], hour, { floodStart: 3, floodEnd: 2 })).toEqual([
      { start: at('08:00'), end: at('08:20'), count: 6, peak: 4 },
    ]);
  });

  it('finds nothing without buckets', () => {
    expect(floodsFromBuckets([], { from: hour.to, to: hour.to })).toEqual([]);
  });
});
