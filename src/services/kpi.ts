/**
 * Calls of the KPI endpoints (contract/kpi.ts) the boards read: the trend, its picture drawn by the server,
 * rankings. Read through SWR (services/get), so what start-up preloaded is taken, not asked again.
 */
import type { SeriesQuery } from '@contract/kpi';
import { request } from '@umijs/max';
import { preloadOnce, type QueryOf, useGet } from './get';
import { pathOf } from './http';

export const useSeries = (query: SeriesQuery) => useGet('GET /kpi/series', query);

export const useRanking = (query: QueryOf<'GET /kpi/ranking'>) => useGet('GET /kpi/ranking', query);

export type PictureQuery = QueryOf<'GET /kpi/series/picture'>;

const PICTURE_PATH = pathOf('GET /kpi/series/picture');
/** The trend picture's size when last drawn, with the window's width then: the next start-up asks for it. */
const PICTURE_SIZE_KEY = 'overviewTrendPictureSize';

/** The SWR key of a trend picture (services/get keys GETs alike). */
export type PictureKey = readonly [path: typeof PICTURE_PATH, query: PictureQuery];

// The picture is SVG text, not the envelope.
export const fetchTrendPicture = ([path, query]: PictureKey) =>
  request<string>(path, {
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

/** The key of the trend picture of `query` at `size`, remembered as the size the next start-up asks for. */
export function trendPictureKey(query: SeriesQuery, size: { width: number; height: number }): PictureKey {
  localStorage.setItem(PICTURE_SIZE_KEY, JSON.stringify({ windowWidth: window.innerWidth, ...size }));
  return [PICTURE_PATH, { ...query, ...size }];
}

/** Sends the picture's GET at start-up, for the chart's read of the same key to take. */
export const preloadTrendPicture = (query: PictureQuery) =>
  preloadOnce<PictureKey, string>([PICTURE_PATH, query], fetchTrendPicture);
