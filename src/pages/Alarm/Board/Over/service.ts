import { type BoardQuery, getData, type Judged, type KpiSummary, type Priority } from '@/services/boards';

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

export type SeriesBucket = '10m' | '1h' | '1d';

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

export const fetchSeries = (query: BoardQuery, bucket: SeriesBucket) =>
  getData<SeriesPoint[]>('/kpi/series', { ...query, bucket });

export const fetchRanking = (query: BoardQuery, by: 'console' | 'unit') =>
  getData<RankingRow[]>('/kpi/ranking', { ...query, by });
