/**
 * The KPI endpoints the boards read (docs/api.md `/api/kpi/summary`, plus series, its picture and
 * rankings), and the window and scope every board query carries.
 */
import { type Static, Type } from 'typebox';
import { endpoint } from './endpoint';
import { withDefault } from './http';
import { RANKING_GROUPS, TREND_BUCKETS } from './vocabulary';

/** A window [from, to) and a scope, as a board's query string gives them. */
export const WindowQuery = {
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  console: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  unit: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  condition: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
};
export const BoardQuery = Type.Object(WindowQuery);
export type BoardQuery = Static<typeof BoardQuery>;

const Share = Type.Number();

export const Flood = Type.Object({
  start: Type.String(),
  end: Type.String(),
  count: Type.Integer(),
  peak: Type.Integer(),
});
export type Flood = Static<typeof Flood>;

export const PriorityDistribution = Type.Object({ urgent: Share, high: Share, medium: Share, low: Share });

/** `data` of `GET /api/kpi/summary`: names fixed, percentages 0–100 unrounded, times ISO UTC. */
export const KpiSummary = Type.Object({
  from: Type.String(),
  to: Type.String(),
  annunciations: Type.Integer(),
  avgPer10Min: Type.Number(),
  avgPerHour: Type.Number(),
  avgPerDay: Type.Number(),
  periodsOver: Type.Integer(),
  pctPeriodsOver: Share,
  peak10Min: Type.Integer(),
  peak10MinAt: Type.Union([Type.String(), Type.Null()]),
  floods: Type.Array(Flood),
  pctTimeInFlood: Share,
  top10: Type.Array(Type.Object({ tag: Type.String(), condition: Type.String(), count: Type.Integer(), share: Share })),
  top10Share: Share,
  chatteringCount: Type.Integer(),
  fleetingCount: Type.Integer(),
  staleCount: Type.Integer(),
  priorityDistribution: PriorityDistribution,
});
export type KpiSummary = Static<typeof KpiSummary>;

export const SeriesPoint = Type.Object({
  start: Type.String(),
  end: Type.String(),
  annunciations: Type.Integer(),
  urgent: Type.Integer(),
  high: Type.Integer(),
  medium: Type.Integer(),
  low: Type.Integer(),
});
export type SeriesPoint = Static<typeof SeriesPoint>;

export const RankingRow = Type.Object({ id: Type.Integer(), name: Type.String(), annunciations: Type.Integer() });
export type RankingRow = Static<typeof RankingRow>;

export const SeriesQuery = Type.Object({
  ...WindowQuery,
  bucket: withDefault(Type.Enum(TREND_BUCKETS), '1h'),
});
export type SeriesQuery = Static<typeof SeriesQuery>;

export const PictureQuery = Type.Object({
  ...SeriesQuery.properties,
  width: Type.Integer({ minimum: 100, maximum: 4000 }),
  height: Type.Integer({ minimum: 100, maximum: 2000 }),
});

export const RankingQuery = Type.Object({
  ...WindowQuery,
  by: Type.Enum(RANKING_GROUPS),
});

export const kpiEndpoints = {
  summary: endpoint('GET', '/kpi/summary', { query: BoardQuery, response: KpiSummary }),
  series: endpoint('GET', '/kpi/series', { query: SeriesQuery, response: Type.Array(SeriesPoint) }),
  /** The trend as an SVG picture (not the envelope): common/trendChart.ts draws it. */
  picture: endpoint('GET', '/kpi/series/picture', { query: PictureQuery }),
  ranking: endpoint('GET', '/kpi/ranking', { query: RankingQuery, response: Type.Array(RankingRow) }),
};
