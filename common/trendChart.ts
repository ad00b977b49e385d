/**
 * The annunciation trend of 报警总览, as one ECharts option shared by the browser (the live chart) and the
 * server (its picture, drawn before the browser has ECharts; server/charts). Plain data: no functions, so
 * the option crosses to the server's drawing thread as it is.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { TrendBucket } from '../contract/vocabulary';
import { wallClock } from './wallClock';

export interface TrendPoint {
  /** Start of the bucket, ISO 8601. */
  start: string;
  annunciations: number;
}

const BUCKET_MINUTES: Record<TrendBucket, number> = { '10m': 10, '1h': 60, '1d': 1440 };
/** Up to this many bars carry their number on the bar. */
const LABELLED_BARS = 48;

/** 10-minute bars up to two days, hourly up to a month, daily beyond. */
export function trendBucket(from: string, to: string): TrendBucket {
  const hours = (Date.parse(to) - Date.parse(from)) / 3_600_000;
  if (hours <= 48) return '10m';
  return hours <= 31 * 24 ? '1h' : '1d';
}

/** How the axis shows a bucket's start (`MM-DD HH:mm`, or `YYYY-MM-DD` for days) in `timeZone` (default: the runtime's). */
export function bucketLabel(bucket: TrendBucket, timeZone?: string): (start: string) => string {
  const read = wallClock(timeZone);
  return (start) => {
    const parts = read(new Date(start));
    return bucket === '1d'
      ? `${parts.year}-${parts.month}-${parts.day}`
      : `${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  };
}

export function trendOption(
  series: TrendPoint[],
  bucket: TrendBucket,
  overloadThreshold: number,
  timeZone?: string,
): EChartsCoreOption {
  // The overload line of docs/domain.md (n_k > overloadThreshold per 10 min), scaled to the bucket.
  const line = overloadThreshold * (BUCKET_MINUTES[bucket] / 10);
  const label = bucketLabel(bucket, timeZone);
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 24, top: 32, bottom: 40 },
    xAxis: { type: 'category', data: series.map((point) => label(point.start)) },
    yAxis: { type: 'value', name: '报警数' },
    series: [
      {
        type: 'bar',
        name: '报警数',
        data: series.map((point) => point.annunciations),
        itemStyle: { color: '#1677ff' },
        label: { show: series.length <= LABELLED_BARS, position: 'top' },
        markLine: {
          symbol: 'none',
          lineStyle: { color: '#ff4d4f', type: 'dashed' },
          label: { formatter: `过载线 ${line}`, position: 'insideEndTop' },
          data: [{ yAxis: line }],
        },
      },
    ],
  };
}
