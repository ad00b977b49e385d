import { type BucketSize, countPerBucket, seriesBucketStarts } from './buckets';
import { analyseJournal, type JournalAnalysis } from './journal';
import { assertWindow, type JournalEvent, type KpiOptions, resolveKpiSettings } from './types';

export interface SeriesPoint {
  /** Bucket [start, end), ISO UTC; the first and last are cut to the window. */
  start: string;
  end: string;
  annunciations: number;
}

export interface SeriesOptions extends KpiOptions {
  bucket: BucketSize;
  /** Zone of the plant's calendar days for '1d' buckets; default Asia/Shanghai. */
  timeZone?: string;
}

/** Annunciations per bucket of an analysed journal, empty buckets included. */
export function seriesFromAnalysis(analysis: JournalAnalysis, bucket: BucketSize, timeZone?: string): SeriesPoint[] {
  const { to } = analysis.window;
  const starts = seriesBucketStarts(analysis.window, bucket, timeZone);
  const counts = countPerBucket(analysis.annunciations.times, starts);
  return starts.map((start, k) => ({
    start: new Date(start).toISOString(),
    end: new Date(k + 1 < starts.length ? starts[k + 1] : to).toISOString(),
    annunciations: counts[k],
  }));
}

/**
 * Annunciation counts for the boards: 10-minute and hourly buckets aligned to the clock (epoch-aligned UTC),
 * daily buckets on plant-local midnight. Counts exactly what `computeKpiSummary` counts.
 */
export function seriesPer(events: readonly JournalEvent[], options: SeriesOptions): SeriesPoint[] {
  assertWindow(options);
  const analysis = analyseJournal(events, { from: options.from, to: options.to }, resolveKpiSettings(options.settings));
  return seriesFromAnalysis(analysis, options.bucket, options.timeZone);
}
