/**
 * Calls of the boards and 优化目标设置 (contract/boards.ts). The overview reads its GETs through SWR
 * (services/get) and preloads them at start-up (services/firstView).
 */
import { trendBucket } from '@common/trendChart';
import type { BoardPath, ComparisonQuery, ImprovementQuery, RunQuery, TargetSettings } from '@contract/boards';
import type { BoardQuery } from '@contract/kpi';
import type { RankingGroup } from '@contract/vocabulary';
import { queryOf, type RangePreset, readBoardState } from '@/components/board/boardQuery';
import { preloadGet, useGet } from './get';
import { call } from './http';
import { lastPictureSize, preloadTrendPicture } from './kpi';

/** The toolbar's units, consoles and operating conditions, read with the board's own permission. */
export const fetchScopeOptions = (boardPath: BoardPath) => call(`GET ${boardPath}/scopes`);

// 报警总览
export const OVER_PATH = '/alarm/board/over';
/** The range the board opens with. */
export const OVER_RANGE: RangePreset = '24h';
export type RankBy = Extract<RankingGroup, 'console' | 'unit'>;
/** The ranking the board opens with. */
export const OVER_RANK_BY: RankBy = 'unit';

export const useOverview = (query: BoardQuery) => useGet('GET /alarm/board/over', query);

/** The overview's query for the address query `search`, as its first view reads it. */
export const openingQuery = (search: URLSearchParams) => queryOf(readBoardState(search, OVER_RANGE));

/**
 * The overview's first GETs for the address query `search`, preloaded at start-up (services/firstView) under
 * the keys the page reads them with. The picture's size is known before the layout only from an earlier
 * visit in a window of this width. Settles when every answer is here (or given up).
 */
export function preloadFirstView(search: URLSearchParams): Promise<unknown> {
  const query = openingQuery(search);
  const bucket = trendBucket(query.from, query.to);
  const size = lastPictureSize();
  return Promise.all([
    preloadGet('GET /alarm/board/over', query),
    preloadGet('GET /kpi/series', { ...query, bucket }),
    preloadGet('GET /kpi/ranking', { ...query, by: OVER_RANK_BY }),
    size && preloadTrendPicture({ ...query, bucket, ...size }),
  ]);
}

// 报警性能看板, 设备报警看板
export const PERFORMANCE_PATH = '/alarm/board/performance';
export const fetchPerformance = (query: BoardQuery) => call('GET /alarm/board/performance', { query });

export const EQUIPMENT_PATH = '/alarm/board/eq';
export const fetchEquipmentBoard = (query: BoardQuery) => call('GET /alarm/board/eq', { query });
export const fetchEquipmentDetail = (equipmentId: number, { from, to }: BoardQuery) =>
  call('GET /alarm/board/eq/points', { query: { equipmentId, from, to } });

// 系统运行看板, 系统改进看板, 对比优化看板
export const RUN_PATH = '/alarm/op/system/run';
export const fetchSystemRun = (query: RunQuery) => call('GET /alarm/op/system/run', { query });

export const IMPROVE_PATH = '/alarm/op/system/improve';
export const fetchImprovement = (query: ImprovementQuery) => call('GET /alarm/op/system/improve', { query });

export const OPTIMIZE_PATH = '/alarm/op/optimize';
export const fetchComparison = (query: ComparisonQuery) => call('GET /alarm/op/optimize', { query });

// 优化目标设置
export const TARGETS_PATH = '/alarm/op/config';
export const fetchTargets = () => call('GET /alarm/op/config');
export const saveTargets = (body: TargetSettings) => call('PUT /alarm/op/config', { body });
