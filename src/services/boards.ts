/**
 * Calls of the boards and 优化目标设置 (contract/boards.ts). A board's GETs take the answer sent at start-up
 * when there is one (services/sentAhead), so the first view can draw what has already arrived.
 */
import { trendBucket } from '@common/trendChart';
import type { BoardPath, ComparisonQuery, ImprovementQuery, RunQuery, TargetSettings } from '@contract/boards';
import type { BoardQuery } from '@contract/kpi';
import type { RankingGroup } from '@contract/vocabulary';
import { queryOf, type RangePreset, readBoardState } from '@/components/board/boardQuery';
import { call } from './http';
import { lastPictureSize, sendPictureAhead } from './kpi';
import { dataArrivedAhead, getData, type QueryOf, sendDataAhead } from './sentAhead';

/** The toolbar's units, consoles and operating conditions, read with the board's own permission. */
export const fetchScopeOptions = (boardPath: BoardPath) => call(`GET ${boardPath}/scopes`);

// 报警总览
export const OVER_PATH = '/alarm/board/over';
/** The range the board opens with. */
export const OVER_RANGE: RangePreset = '24h';
export type RankBy = Extract<RankingGroup, 'console' | 'unit'>;
/** The ranking the board opens with. */
export const OVER_RANK_BY: RankBy = 'unit';

export const fetchOverview = (query: BoardQuery) => getData('GET /alarm/board/over', query);

/** What the GETs sent at start-up have already answered, for the board's first render. */
export const arrived = {
  overview: (query: BoardQuery) => dataArrivedAhead('GET /alarm/board/over', query),
  series: (query: QueryOf<'GET /kpi/series'>) => dataArrivedAhead('GET /kpi/series', query),
  ranking: (query: QueryOf<'GET /kpi/ranking'>) => dataArrivedAhead('GET /kpi/ranking', query),
};

/** The overview's query for the address query `search`, as its first view reads it. */
export const arrivedQuery = (search: URLSearchParams) => queryOf(readBoardState(search, OVER_RANGE));

/**
 * The overview's first GETs for the address query `search`, sent at start-up (services/firstView). The
 * picture's size is known before the layout only from an earlier visit in a window of this width.
 */
export function sendFirstView(search: URLSearchParams): void {
  const query = arrivedQuery(search);
  const bucket = trendBucket(query.from, query.to);
  sendDataAhead('GET /alarm/board/over', query);
  sendDataAhead('GET /kpi/series', { ...query, bucket });
  sendDataAhead('GET /kpi/ranking', { ...query, by: OVER_RANK_BY });
  const size = lastPictureSize();
  if (size) sendPictureAhead({ ...query, bucket, ...size });
}

// 报警性能看板, 设备报警看板
export const PERFORMANCE_PATH = '/alarm/board/performance';
export const fetchPerformance = (query: BoardQuery) => getData('GET /alarm/board/performance', query);

export const EQUIPMENT_PATH = '/alarm/board/eq';
export const fetchEquipmentBoard = (query: BoardQuery) => getData('GET /alarm/board/eq', query);
export const fetchEquipmentDetail = (equipmentId: number, { from, to }: BoardQuery) =>
  call('GET /alarm/board/eq/points', { query: { equipmentId, from, to } });

// 系统运行看板, 系统改进看板, 对比优化看板
export const RUN_PATH = '/alarm/op/system/run';
export const fetchSystemRun = (query: RunQuery) => getData('GET /alarm/op/system/run', query);

export const IMPROVE_PATH = '/alarm/op/system/improve';
export const fetchImprovement = (query: ImprovementQuery) => getData('GET /alarm/op/system/improve', query);

export const OPTIMIZE_PATH = '/alarm/op/optimize';
export const fetchComparison = (query: ComparisonQuery) => getData('GET /alarm/op/optimize', query);

// 优化目标设置
export const TARGETS_PATH = '/alarm/op/config';
export const fetchTargets = () => call('GET /alarm/op/config');
export const saveTargets = (body: TargetSettings) => call('PUT /alarm/op/config', { body });
