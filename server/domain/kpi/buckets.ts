import { plantDayResolver } from '../../../common/plantDays';
import { DAY_MS, DEFAULT_PLANT_TIME_ZONE, HOUR_MS, type KpiWindow, TEN_MINUTES_MS } from './types';

export type BucketSize = '10m' | '1h' | '1d';

export const BUCKET_MS: Readonly<Record<BucketSize, number>> = { '10m': TEN_MINUTES_MS, '1h': HOUR_MS, '1d': DAY_MS };

/**
 * Starts of the buckets covering [from, to): clock-aligned (epoch-aligned in UTC) buckets of `sizeMs`,
 * half-open. A bucket cut by the window still counts as a bucket; its start is clipped to `from`, so every
 * start lies inside the window and bucket k spans [starts[k], starts[k + 1] or `to`).
 */
export function bucketStarts(window: KpiWindow, sizeMs: number = TEN_MINUTES_MS): number[] {
  // Filled in place: a year of 10-minute buckets pushed one by one took several times as long.
  const starts = new Array<number>(bucketCount(window, sizeMs));
  for (let k = 0; k < starts.length; k++) starts[k] = bucketStart(window, k, sizeMs);
  return starts;
}

/** The start of bucket k of the window, as `bucketStarts(window, sizeMs)[k]`, without listing the others. */
export function bucketStart({ from }: KpiWindow, k: number, sizeMs: number = TEN_MINUTES_MS): number {
  return k === 0 ? from : (Math.floor(from / sizeMs) + k) * sizeMs;
}

/** How many buckets `bucketStarts` gives for the window, without listing them. */
export function bucketCount({ from, to }: KpiWindow, sizeMs: number = TEN_MINUTES_MS): number {
  if (to <= from) return 0;
  return 1 + Math.max(0, Math.ceil((to - (Math.floor(from / sizeMs) + 1) * sizeMs) / sizeMs));
}

/** Starts of plant-local calendar days covering [from, to), the first clipped to `from` as above. */
export function plantDayStarts({ from, to }: KpiWindow, timeZone: string = DEFAULT_PLANT_TIME_ZONE): number[] {
  const starts: number[] = [];
  if (to <= from) return starts;
  const dayOf = plantDayResolver(timeZone);
  starts.push(from);
  for (let start = dayOf(from).end; start < to; start = dayOf(start).end) starts.push(start);
  return starts;
}

/** Bucket starts for a board series: 10 min and 1 h epoch-aligned, days in the plant time zone. */
export function seriesBucketStarts(window: KpiWindow, size: BucketSize, timeZone?: string): number[] {
  return size === '1d' ? plantDayStarts(window, timeZone) : bucketStarts(window, BUCKET_MS[size]);
}

/**
 * n_k: how many of `sortedTimes` fall in each bucket. Times must be sorted and inside [starts[0], to);
 * one merge walk, O(N + K). Empty buckets stay 0 and count in every denominator.
 */
export function countPerBucket(sortedTimes: ArrayLike<number>, starts: readonly number[]): Int32Array {
  const counts = new Int32Array(starts.length);
  let k = 0;
  for (let i = 0; i < sortedTimes.length; i++) {
    const time = sortedTimes[i];
    while (k + 1 < starts.length && time >= starts[k + 1]) k++;
    counts[k]++;
  }
  return counts;
}
