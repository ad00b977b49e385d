import { describe, expect, it } from 'vitest';
import { bucketLabel, trendBucket, trendOption } from '../../../common/trendChart';

describe('trend of 报警总览', () => {
  it('uses 10-minute bars up to two days, hourly up to 31 days, daily beyond', () => {
    const from = '2026-11-01T00:00:00.000Z';
    expect(trendBucket(from, '2026-11-03T00:00:00.000Z')).toBe('10m');
    expect(trendBucket(from, '2026-11-03T00:10:00.000Z')).toBe('1h');
    expect(trendBucket(from, '2026-12-02T00:00:00.000Z')).toBe('1h');
    expect(trendBucket(from, '2026-12-02T01:00:00.000Z')).toBe('1d');
  });

  it('labels buckets in the given time zone', () => {
    expect(bucketLabel('10m', 'Asia/Shanghai')('2026-11-01T16:30:00.000Z')).toBe('11-02 00:30');
    expect(bucketLabel('1d', 'Asia/Shanghai')('2026-11-01T16:00:00.000Z')).toBe('2026-11-02');
    expect(bucketLabel('1h', 'UTC')('2026-11-01T16:00:00.000Z')).toBe('11-01 16:00');
  });

  it('scales the overload line to the bucket and numbers the bars while they are few', () => {
    const points = [{ start: '2026-11-01T00:00:00.000Z', annunciations: 42 }];
    const hourly = trendOption(points, '1h', 10, 'UTC') as {
      series: { data: number[]; label: { show: boolean }; markLine: { data: { yAxis: number }[] } }[];
    };
    expect(hourly.series[0].markLine.data[0].yAxis).toBe(60);
    expect(hourly.series[0].data).toEqual([42]);
    expect(hourly.series[0].label.show).toBe(true);
    const many = Array.from({ length: 49 }, (_, k) => ({ ...points[0], annunciations: k }));
    const crowded = trendOption(many, '10m', 10, 'UTC') as { series: { label: { show: boolean } }[] };
    expect(crowded.series[0].label.show).toBe(false);
  });
});
