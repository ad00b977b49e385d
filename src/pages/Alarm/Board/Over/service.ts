import { request } from '@umijs/max';
import { type BoardQuery, getData, type Judged, type KpiSummary, type Priority } from '@/services/boards';
import type { TrendBucket } from '@/shared/trendChart';

export const OVER_PATH = '/alarm/board/over';

export interface PriorityLook {
  code: Priority;
  name: string;
  color: string;
  targetShare: number;
}

export interface Overview extends Judged {
  summary: KpiSummary;
  openAbnormal: number;
  overloadThreshold: number;
  priorities: PriorityLook[];
}

export interface SeriesPoint {
  start: string;
  end: string;
  annunciations: number;
  urgent: number;
  high: number;
  medium: number;
  low: number;
}

export interface RankingRow {
  id: number;
  name: string;
  annunciations: number;
}

export const fetchOverview = (query: BoardQuery) => getData<Overview>(OVER_PATH, query);

export const fetchSeries = (query: BoardQuery, bucket: TrendBucket) =>
  getData<SeriesPoint[]>('/kpi/series', { ...query, bucket });

/** The trend drawn by the server (SVG), for the first view. */
export const fetchTrendPicture = (query: BoardQuery, bucket: TrendBucket, size: { width: number; height: number }) =>
  request<string>('/kpi/series/picture', {
    method: 'GET',
    params: { ...query, bucket, ...size },
    responseType: 'text',
    // Without a picture the chart is drawn live: nothing to tell the user.
    skipErrorHandler: true,
  });

export const fetchRanking = (query: BoardQuery, by: 'console' | 'unit') =>
  getData<RankingRow[]>('/kpi/ranking', { ...query, by });
