/**
 * Calls of the KPI endpoints (contract/kpi.ts) the boards read: the trend, its picture drawn by the server,
 * rankings. GETs take the answer sent at start-up when there is one (services/sentAhead).
 */
import type { SeriesQuery } from '@contract/kpi';
import { request } from '@umijs/max';
import { pathOf } from './http';
import { arrivedAhead, getData, getKey, type QueryOf, sendAhead, takeAhead } from './sentAhead';

export const fetchSeries = (query: SeriesQuery) => getData('GET /kpi/series', query);

export const fetchRanking = (query: QueryOf<'GET /kpi/ranking'>) => getData('GET /kpi/ranking', query);

export type PictureQuery = QueryOf<'GET /kpi/series/picture'>;

const PICTURE_PATH = pathOf('GET /kpi/series/picture');
/** The trend picture's size when last drawn, with the window's width then: the next start-up asks for it. */
const PICTURE_SIZE_KEY = 'overviewTrendPictureSize';

// The picture is SVG text, not the envelope.
const getPicture = (query: PictureQuery) =>
  request<string>(PICTURE_PATH, {
    method: 'GET',
    params: query,
    responseType: 'text',
    // Without a picture the chart is drawn live: nothing to tell the user.
    skipErrorHandler: true,
  });

/** The picture size drawn last in a window as wide as this one, if any. */
export function lastPictureSize(): { width: number; height: number } | undefined {
  try {
    const { windowWidth, width, height } = JSON.parse(localStorage.getItem(PICTURE_SIZE_KEY) ?? '{}');
    return windowWidth === window.innerWidth && width > 0 && height > 0 ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/** The trend drawn by the server (SVG), for the first view: at once when sent ahead and arrived. */
export function fetchTrendPicture(query: PictureQuery): string | Promise<string> {
  const { width, height } = query;
  localStorage.setItem(PICTURE_SIZE_KEY, JSON.stringify({ windowWidth: window.innerWidth, width, height }));
  const key = getKey(PICTURE_PATH, query);
  const here = arrivedAhead<string>(key);
  const answer = takeAhead(key, () => getPicture(query));
  return here ?? answer;
}

/** Sends the picture's GET at start-up, for fetchTrendPicture to take. */
export function sendPictureAhead(query: PictureQuery): void {
  sendAhead(getKey(PICTURE_PATH, query), () => getPicture(query));
}
