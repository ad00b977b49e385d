import type { KpiSummary } from '../../../contract/kpi';
import type { KpiSettings } from '../../../contract/kpiSettings';
import { PRIORITIES, type Priority } from '../../../contract/vocabulary';
import { bucketStart, bucketStarts, countPerBucket } from './buckets';
import { type Flood, floodDuration, floodsFromBuckets } from './floods';
import {
  analyseJournal,
  isChattering,
  isFleeting,
  isStanding,
  type JournalAnalysis,
  type PointAnalysis,
} from './journal';
import { topRanked } from './ranking';
import {
  assertWindow,
  DAY_MS,
  HOUR_MS,
  type JournalEvent,
  type KpiOptions,
  type KpiWindow,
  resolveKpiSettings,
  TEN_MINUTES_MS,
} from './types';

/** The 10-minute view of a window: bucket starts, n_k, and the floods they make. */
export interface TenMinuteLoad {
  starts: number[];
  counts: Int32Array;
  floods: Flood[];
}

export function tenMinuteLoad(analysis: JournalAnalysis): TenMinuteLoad {
  const starts = bucketStarts(analysis.window, TEN_MINUTES_MS);
  const counts = countPerBucket(analysis.annunciations.times, starts);
  const floods = floodsFromBuckets(counts, analysis.window, analysis.settings);
  return { starts, counts, floods };
}

/** Annunciations per alarm point, for points with any. */
export function pointCounts(analysis: {
  points: readonly PointAnalysis[];
}): { tag: string; condition: string; count: number }[] {
  return analysis.points
    .filter((point) => point.annunciations > 0)
    .map(({ tag, condition, annunciations }) => ({ tag, condition, count: annunciations }));
}

/** Points in the summary's top list. */
export const TOP_POINTS = 10;

const iso = (time: number) => new Date(time).toISOString();
/** part ÷ whole × 100, and 0 when there is no whole (N = 0, T = 0, K = 0). */
const percent = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);
const perPeriod = (count: number, windowMs: number, periodMs: number) =>
  windowMs > 0 ? count / (windowMs / periodMs) : 0;

/**
 * What the summary reads from a window: annunciations per 10-minute bucket (n_k, one per `bucketStarts`), per
 * priority (in PRIORITIES order), and the points with their annunciation counts and episode marks. Points
 * without annunciations or marks may be left out, and so may points that cannot reach the top 10.
 */
export interface WindowCounts {
  window: KpiWindow;
  settings: KpiSettings;
  perBucket: Int32Array;
  perPriority: readonly number[];
  points: readonly PointAnalysis[];
}

/** The KPI summary of an analysed journal (see `computeKpiSummary`). */
export function summariseAnalysis(analysis: JournalAnalysis): KpiSummary {
  const { annunciations } = analysis;
  const perPriority = new Array<number>(PRIORITIES.length).fill(0);
  for (let i = 0; i < annunciations.length; i++) perPriority[annunciations.priorities[i]]++;
  return summariseCounts({
    window: analysis.window,
    settings: analysis.settings,
    perBucket: countPerBucket(annunciations.times, bucketStarts(analysis.window, TEN_MINUTES_MS)),
    perPriority,
    points: analysis.points,
  });
}

/** The KPI summary from a window's counts (see WindowCounts); every formula of docs/domain.md is here. */
export function summariseCounts({ window, settings, perBucket, perPriority, points }: WindowCounts): KpiSummary {
  const total = perPriority.reduce((sum, n) => sum + n, 0);
  const windowMs = window.to - window.from;
  const floods = floodsFromBuckets(perBucket, window, settings);

  let periodsOver = 0;
  let peak = 0;
  let peakBucket = -1;
  for (let k = 0; k < perBucket.length; k++) {
    if (perBucket[k] > settings.overloadThreshold) periodsOver++;
    if (perBucket[k] > peak) {
      peak = perBucket[k];
      peakBucket = k;
    }
  }

  const top10 = topRanked(pointCounts({ points }), TOP_POINTS).map((point) => ({
    ...point,
    share: percent(point.count, total),
  }));
  const top10Count = top10.reduce((sum, point) => sum + point.count, 0);

  const priorityDistribution = Object.fromEntries(
    PRIORITIES.map((priority, index) => [priority, percent(perPriority[index], total)]),
  ) as Record<Priority, number>;

  return {
    from: iso(window.from),
    to: iso(window.to),
    annunciations: total,
    avgPer10Min: perPeriod(total, windowMs, TEN_MINUTES_MS),
    avgPerHour: perPeriod(total, windowMs, HOUR_MS),
    avgPerDay: perPeriod(total, windowMs, DAY_MS),
    periodsOver,
    pctPeriodsOver: percent(periodsOver, perBucket.length),
    peak10Min: peak,
    peak10MinAt: peakBucket < 0 ? null : iso(bucketStart(window, peakBucket)),
    floods: floods.map((flood) => ({
      start: iso(flood.start),
      end: iso(flood.end),
      count: flood.count,
      peak: flood.peak,
    })),
    pctTimeInFlood: percent(floodDuration(floods), windowMs),
    top10,
    top10Share: percent(top10Count, total),
    chatteringCount: points.filter(isChattering).length,
    fleetingCount: points.filter(isFleeting).length,
    staleCount: points.filter(isStanding).length,
    priorityDistribution,
  };
}

/**
 * KPI summary (docs/domain.md "KPIs (definition v1)") of the window [from, to), epoch ms. `events` is the journal
 * of the scope, sorted by time, including the look-back before `from` needed for shelved / suppressed /
 * out-of-service state and for activations of stale alarms. A bucket cut by the window starts at `from`
 * (so do `peak10MinAt` and a flood in it).
 */
export function computeKpiSummary(events: readonly JournalEvent[], options: KpiOptions): KpiSummary {
  assertWindow(options);
  const analysis = analyseJournal(events, { from: options.from, to: options.to }, resolveKpiSettings(options.settings));
  return summariseAnalysis(analysis);
}
