/**
 * KPI endpoints for the boards (api.md `/api/kpi/summary`, plus series and rankings), all assembled from
 * ingest-time aggregates with the saved 异常报警配置 settings.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { type TrendBucket, trendOption } from '../../../common/trendChart';
import { envelope } from '../../../contract/http';
import { routePermission } from '../../auth/permissions';
import { createChartPainter } from '../../charts/svg';
import { ApiError } from '../../errors';
import { createAbnormalRepository } from '../../repositories/abnormal';
import { coalescing } from '../../repositories/coalesce';
import { createKpiRepository } from '../../repositories/kpi';
import { ok } from '../reply';

const MAX_WINDOW_DAYS = 400;

export const WindowQuery = {
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  console: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  unit: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  condition: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
};

/** A window and scope as the query string gives them. */
type WindowParams = { from: string; to: string; console?: string; unit?: string; condition?: string };

const Share = Type.Number();
export const Summary = Type.Object({
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
  floods: Type.Array(
    Type.Object({ start: Type.String(), end: Type.String(), count: Type.Integer(), peak: Type.Integer() }),
  ),
  pctTimeInFlood: Share,
  top10: Type.Array(Type.Object({ tag: Type.String(), condition: Type.String(), count: Type.Integer(), share: Share })),
  top10Share: Share,
  chatteringCount: Type.Integer(),
  fleetingCount: Type.Integer(),
  staleCount: Type.Integer(),
  priorityDistribution: Type.Object({ urgent: Share, high: Share, medium: Share, low: Share }),
});

const SeriesPoint = Type.Object({
  start: Type.String(),
  end: Type.String(),
  annunciations: Type.Integer(),
  urgent: Type.Integer(),
  high: Type.Integer(),
  medium: Type.Integer(),
  low: Type.Integer(),
});

const Ranking = Type.Object({ id: Type.Integer(), name: Type.String(), annunciations: Type.Integer() });

/** [from, to) as epoch ms, refused with a message when reversed or too long. */
export function windowOf(query: WindowParams) {
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  if (to < from) throw new ApiError(400, 1, '参数 to 不合法：结束时间不能早于开始时间');
  if (to - from > MAX_WINDOW_DAYS * 86_400_000) throw new ApiError(400, 1, `时间范围过长：最多 ${MAX_WINDOW_DAYS} 天`);
  return { from, to };
}

const kpiRoutes: FastifyPluginAsyncTypebox<{ plantTimeZone: string }> = async (app, { plantTimeZone }) => {
  const kpi = createKpiRepository(app.database.db);
  const abnormal = createAbnormalRepository(app.database.db);
  const sharedSummary = coalescing<Awaited<ReturnType<typeof kpi.summary>>>();
  const painter = createChartPainter();
  app.addHook('onClose', () => painter.close());
  // A listening server readies its drawing thread before the first board asks for a picture.
  app.addHook('onListen', async () => painter.warm());

  app.get(
    '/kpi/summary',
    {
      config: { permission: routePermission('/alarm/board/over', 'view') },
      schema: { querystring: Type.Object(WindowQuery), response: { 200: envelope(Summary) } },
    },
    async (request) => {
      const { console: consoleName, unit, condition } = request.query;
      const settings = await abnormal.settings();
      const window = windowOf(request.query);
      const scope = { console: consoleName, unit, condition };
      const key = JSON.stringify([window, scope, settings.kpi]);
      return ok(await sharedSummary(key, () => kpi.summary(window, scope, settings.kpi)));
    },
  );

  const SeriesQuery = {
    ...WindowQuery,
    bucket: Type.Union([Type.Literal('10m'), Type.Literal('1h'), Type.Literal('1d')], { default: '1h' }),
  };
  function series(query: WindowParams & { bucket: TrendBucket }) {
    const { console: consoleName, unit, condition, bucket } = query;
    const window = windowOf(query);
    if (bucket === '10m' && window.to - window.from > 31 * 86_400_000) {
      throw new ApiError(400, 1, '参数 bucket 不合法：10 分钟粒度最多 31 天，请改用 1h 或 1d');
    }
    return kpi.series(window, { console: consoleName, unit, condition }, bucket, plantTimeZone);
  }

  app.get(
    '/kpi/series',
    {
      config: { permission: routePermission('/alarm/board/over', 'view') },
      schema: { querystring: Type.Object(SeriesQuery), response: { 200: envelope(Type.Array(SeriesPoint)) } },
    },
    async (request) => ok(await series(request.query)),
  );

  // The trend of 报警总览 as an SVG picture of the size the page lays it out at (common/trendChart.ts).
  app.get(
    '/kpi/series/picture',
    {
      config: { permission: routePermission('/alarm/board/over', 'view') },
      schema: {
        querystring: Type.Object({
          ...SeriesQuery,
          width: Type.Integer({ minimum: 100, maximum: 4000 }),
          height: Type.Integer({ minimum: 100, maximum: 2000 }),
        }),
      },
    },
    async (request, reply) => {
      const [points, settings] = await Promise.all([series(request.query), abnormal.settings()]);
      const option = trendOption(points, request.query.bucket, settings.kpi.overloadThreshold, plantTimeZone);
      const svg = await painter.svg(option, request.query.width, request.query.height);
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
    },
  );

  app.get(
    '/kpi/ranking',
    {
      config: { permission: routePermission('/alarm/board/over', 'view') },
      schema: {
        querystring: Type.Object({
          ...WindowQuery,
          by: Type.Union([Type.Literal('console'), Type.Literal('unit'), Type.Literal('equipment')]),
        }),
        response: { 200: envelope(Type.Array(Ranking)) },
      },
    },
    async (request) => {
      const { console: consoleName, unit, condition, by } = request.query;
      return ok(await kpi.ranking(windowOf(request.query), { console: consoleName, unit, condition }, by));
    },
  );
};

export default kpiRoutes;
