import { type TrendBucket, trendBucket } from '@common/trendChart';
import { request } from '@umijs/max';
import { queryOf, type RangePreset, readBoardState } from '@/components/board/boardQuery';
import {
  type BoardQuery,
  dataArrivedAhead,
  getData,
  type Judged,
  type KpiSummary,
  type Priority,
  sendDataAhead,
} from '@/services/boards';
import { arrivedAhead, getKey, sendAhead, takeAhead } from '@/services/sentAhead';

export const OVER_PATH = '/alarm/board/over';
/** The range the board opens with. */
export const OVER_RANGE: RangePreset = '24h';
export type RankBy = 'console' | 'unit';
/** The ranking the board opens with. */
export const OVER_RANK_BY: RankBy = 'unit';

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

const SERIES_PATH = '/kpi/series';
const RANKING_PATH = '/kpi/ranking';
const seriesParams = (query: BoardQuery, bucket: TrendBucket) => ({ ...query, bucket });
const rankingParams = (query: BoardQuery, by: RankBy) => ({ ...query, by });

export const fetchOverview = (query: BoardQuery) => getData<Overview>(OVER_PATH, query);

export const fetchSeries = (query: BoardQuery, bucket: TrendBucket) =>
  getData<SeriesPoint[]>(SERIES_PATH, seriesParams(query, bucket));

interface PictureSize {
  width: number;
  height: number;
}

const PICTURE_PATH = '/kpi/series/picture';
/** The trend picture's size when last drawn, with the window's width then: the next start-up asks for it. */
const PICTURE_SIZE_KEY = 'overviewTrendPictureSize';

const pictureParams = (query: BoardQuery, bucket: TrendBucket, size: PictureSize) => ({ ...query, bucket, ...size });

const getPicture = (params: ReturnType<typeof pictureParams>) =>
  request<string>(PICTURE_PATH, {
    method: 'GET',
    params,
    responseType: 'text',
    // Without a picture the chart is drawn live: nothing to tell the user.
    skipErrorHandler: true,
  });

/** The picture size drawn last in a window as wide as this one, if any. */
function lastPictureSize(): PictureSize | undefined {
  try {
    const { windowWidth, width, height } = JSON.parse(localStorage.getItem(PICTURE_SIZE_KEY) ?? '{}');
    return windowWidth === window.innerWidth && width > 0 && height > 0 ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/** The trend drawn by the server (SVG), for the first view: at once when sent ahead and arrived. */
export function fetchTrendPicture(query: BoardQuery, bucket: TrendBucket, size: PictureSize): string | Promise<string> {
  localStorage.setItem(PICTURE_SIZE_KEY, JSON.stringify({ windowWidth: window.innerWidth, ...size }));
  const params = pictureParams(query, bucket, size);
  const key = getKey(PICTURE_PATH, params);
  const here = arrivedAhead<string>(key);
  const answer = takeAhead(key, () => getPicture(params));
  return here ?? answer;
}

export const fetchRanking = (query: BoardQuery, by: RankBy) =>
  getData<RankingRow[]>(RANKING_PATH, rankingParams(query, by));

/** What the GETs sent at start-up have already answered, for the board's first render. */
export const arrived = {
  overview: (query: BoardQuery) => dataArrivedAhead<Overview>(OVER_PATH, query),
  series: (query: BoardQuery, bucket: TrendBucket) =>
    dataArrivedAhead<SeriesPoint[]>(SERIES_PATH, seriesParams(query, bucket)),
  ranking: (query: BoardQuery, by: RankBy) => dataArrivedAhead<RankingRow[]>(RANKING_PATH, rankingParams(query, by)),
};

/** The board's first GETs for the address query `search`, sent at start-up (services/firstView). */
export function sendFirstView(search: URLSearchParams): void {
  const query = queryOf(readBoardState(search, OVER_RANGE));
  const bucket = trendBucket(query.from, query.to);
  sendDataAhead(OVER_PATH, query);
  sendDataAhead(SERIES_PATH, seriesParams(query, bucket));
  sendDataAhead(RANKING_PATH, rankingParams(query, OVER_RANK_BY));
  // The picture's size is known before the layout only from an earlier visit in a window of this width.
  const size = lastPictureSize();
  if (size) {
    const params = pictureParams(query, bucket, size);
    sendAhead(getKey(PICTURE_PATH, params), () => getPicture(params));
  }
}
