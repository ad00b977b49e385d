/**
 * A board query's window and scope as the KPI repository takes them: the window [from, to) in epoch ms,
 * refused with a message when reversed or too long (docs/api.md), the scope's names as given.
 */
import type { BoardQuery, SeriesQuery } from '../../../contract/kpi';
import { ApiError } from '../../errors';
import { DAY_MS, type KpiWindow } from './types';

const MAX_WINDOW_DAYS = 400;
/** 10-minute buckets over a longer window would be too many for one chart. */
const MAX_TEN_MINUTE_DAYS = 31;

export function windowOf(query: Pick<BoardQuery, 'from' | 'to'>): KpiWindow {
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  if (to < from) throw new ApiError(400, 1, '参数 to 不合法：结束时间不能早于开始时间');
  if (to - from > MAX_WINDOW_DAYS * DAY_MS) throw new ApiError(400, 1, `时间范围过长：最多 ${MAX_WINDOW_DAYS} 天`);
  return { from, to };
}

export const scopeOf = (query: Pick<BoardQuery, 'console' | 'unit' | 'condition'>) => ({
  console: query.console,
  unit: query.unit,
  condition: query.condition,
});

/** The window of a trend, refused when its buckets would be too many. */
export function seriesWindowOf(query: SeriesQuery): KpiWindow {
  const window = windowOf(query);
  if (query.bucket === '10m' && window.to - window.from > MAX_TEN_MINUTE_DAYS * DAY_MS) {
    throw new ApiError(400, 1, '参数 bucket 不合法：10 分钟粒度最多 31 天，请改用 1h 或 1d');
  }
  return window;
}
