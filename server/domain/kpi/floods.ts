import type { KpiSettings } from '../../../contract/kpiSettings';
import { bucketStart } from './buckets';
import type { Annunciations } from './journal';
import { type KpiWindow, resolveKpiSettings } from './types';

/** One alarm flood; times are epoch ms, the flood spans [start, end). */
export interface Flood {
  start: number;
  end: number;
  /** Annunciations in the flood's buckets. */
  count: number;
  /** Largest n_k of the flood's buckets. */
  peak: number;
}

/**
 * Floods from the 10-minute bucket counts of `window` (one per `bucketStarts(window)`): a flood starts at a bucket
 * with n_k > floodStart, continues while n_k >= floodEnd, and ends at the start of the first bucket with
 * n_k < floodEnd (not part of it) or at the window's end.
 */
export function floodsFromBuckets(
  bucketCounts: ArrayLike<number>,
  window: KpiWindow,
  settings?: Partial<KpiSettings>,
): Flood[] {
  const { floodStart, floodEnd } = resolveKpiSettings(settings);
  const floods: Flood[] = [];
  let current: Flood | undefined;
  for (let k = 0; k < bucketCounts.length; k++) {
    const n = bucketCounts[k];
    if (current) {
      if (n >= floodEnd) {
        current.count += n;
        current.peak = Math.max(current.peak, n);
        continue;
      }
      current.end = bucketStart(window, k);
      floods.push(current);
      current = undefined;
    }
    if (n > floodStart) current = { start: bucketStart(window, k), end: window.to, count: n, peak: n };
  }
  if (current) floods.push(current);
  return floods;
}

/** Total time in floods, ms. */
export function floodDuration(floods: readonly Flood[]): number {
  let total = 0;
  for (const flood of floods) total += flood.end - flood.start;
  return total;
}

/** How many annunciations each point raised during one flood. */
export interface FloodContribution {
  flood: Flood;
  /** Annunciations in the flood per point id. */
  countsByPoint: Map<number, number>;
}

/**
 * Annunciations per point inside each flood, one merge walk over the (time-ordered) annunciations and the
 * (time-ordered, disjoint) floods.
 */
export function floodContributions(annunciations: Annunciations, floods: readonly Flood[]): FloodContribution[] {
  const contributions = floods.map((flood) => ({ flood, countsByPoint: new Map<number, number>() }));
  let f = 0;
  for (let i = 0; i < annunciations.length && f < floods.length; i++) {
    const time = annunciations.times[i];
    while (f < floods.length && time >= floods[f].end) f++;
    if (f === floods.length || time < floods[f].start) continue;
    const counts = contributions[f].countsByPoint;
    const pointId = annunciations.pointIds[i];
    counts.set(pointId, (counts.get(pointId) ?? 0) + 1);
  }
  return contributions;
}
