import { plantDayResolver } from '../../../common/plantDays';
import {
  bucketCount,
  bucketStart,
  bucketStarts,
  countPerBucket,
  plantDayStarts,
  seriesBucketStarts,
} from '../../../server/domain/kpi/buckets';
import { HOUR_MS } from '../../../server/domain/kpi/types';
import { at } from './journal';

describe('bucketStarts', () => {
  it('covers an aligned hour with six 10-minute buckets', () => {
    expect(bucketStarts({ from: at('08:00'), to: at('09:00') })).toEqual(
      ['08:00', '08:10', '08:20', '08:30', '08:40', '08:50'].map((hm) => at(hm)),
    );
  });

  it('counts buckets cut by the window, the first one starting at `from`', () => {
    expect(bucketStarts({ from: at('08:03'), to: at('08:47') })).toEqual(
      ['08:03', '08:10', '08:20', '08:30', '08:40'].map((hm) => at(hm)),
    );
  });

  it('has no bucket in an empty window', () => {
    expect(bucketStarts({ from: at('08:00'), to: at('08:00') })).toEqual([]);
  });

  it('aligns hourly buckets to the clock', () => {
    expect(bucketStarts({ from: at('08:30'), to: at('10:00:00.001') }, HOUR_MS)).toEqual([
      at('08:30'),
      at('09:00'),
      at('10:00'),
    ]);
  });
});

describe('bucketCount and bucketStart', () => {
  /** The starts listed one by one: the window's start, then every multiple of the size inside it. */
  const listed = ({ from, to }: { from: number; to: number }, size: number) => {
    const starts: number[] = [];
    if (to <= from) return starts;
    starts.push(from);
    for (let start = (Math.floor(from / size) + 1) * size; start < to; start += size) starts.push(start);
    return starts;
  };

  it('count and place the buckets as listing them does, for aligned, cut, empty and reversed windows of every size', () => {
    const windows = [
      ['08:00', '09:00'],
      ['08:03', '08:47'],
      ['08:00', '08:00'],
      ['08:09:59.999', '08:10'],
      ['08:10', '08:10:00.001'],
      ['08:30', '10:00:00.001'],
      ['09:00', '08:00'],
    ].map(([from, to]) => ({ from: at(from), to: at(to) }));
    for (const window of windows) {
      for (const size of [1, 600_000, HOUR_MS]) {
        const starts = listed(window, size);
        expect(bucketCount(window, size), JSON.stringify({ window, size })).toBe(starts.length);
        // The first two and the last two (millions of 1 ms buckets between).
        const ks = [...new Set([0, 1, starts.length - 2, starts.length - 1])].filter(
          (k) => k >= 0 && k < starts.length,
        );
        expect(
          ks.map((k) => bucketStart(window, k, size)),
          JSON.stringify({ window, size }),
        ).toEqual(ks.map((k) => starts[k]));
        if (size > 1) expect(bucketStarts(window, size)).toEqual(starts);
      }
    }
  });
});

describe('countPerBucket', () => {
  it('puts an event at 08:10:00.000 in the 08:10 bucket and 08:09:59.999 in the 08:00 one', () => {
    const starts = bucketStarts({ from: at('08:00'), to: at('08:30') });
    const times = [at('08:00'), at('08:09:59.999'), at('08:10:00.000'), at('08:10:00.000'), at('08:29:59.999')];
    expect([...countPerBucket(times, starts)]).toEqual([2, 2, 1]);
  });

  it('keeps empty buckets at 0', () => {
    const starts = bucketStarts({ from: at('08:00'), to: at('09:00') });
    expect([...countPerBucket([at('08:55')], starts)]).toEqual([0, 0, 0, 0, 0, 1]);
  });
});

describe('plant days', () => {
  it('starts Asia/Shanghai days at 16:00 UTC', () => {
    const window = { from: at('00:00', '2024-03-01'), to: at('00:00', '2024-03-03') };
    expect(plantDayStarts(window)).toEqual([
      at('00:00', '2024-03-01'),
      at('16:00', '2024-03-01'),
      at('16:00', '2024-03-02'),
    ]);
    expect(seriesBucketStarts(window, '1d', 'UTC')).toEqual([at('00:00', '2024-03-01'), at('00:00', '2024-03-02')]);
  });

  it('follows daylight saving time where the plant has it (a 23-hour day)', () => {
    const dayOf = plantDayResolver('Europe/Berlin');
    expect(dayOf(at('12:00', '2024-03-31'))).toEqual({
      key: '2024-03-31',
      start: at('23:00', '2024-03-30'),
      end: at('22:00', '2024-03-31'),
    });
    expect(dayOf(at('22:30', '2024-03-31')).key).toBe('2024-04-01');
  });

  it('names the local date, not the UTC one', () => {
    const dayOf = plantDayResolver('Asia/Shanghai');
    expect(dayOf(at('15:59:59.999', '2024-03-01')).key).toBe('2024-03-01');
    expect(dayOf(at('16:00', '2024-03-01')).key).toBe('2024-03-02');
  });
});
