/**
 * KPI endpoints for the boards (docs/api.md `/api/kpi/summary`, plus series, its picture and rankings), all
 * assembled from ingest-time aggregates with the saved 异常报警配置 settings. Endpoints: contract/kpi.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { trendOption } from '../../../common/trendChart';
import { kpiEndpoints, type SeriesQuery } from '../../../contract/kpi';
import { routePermission } from '../../auth/permissions';
import { createChartPainter } from '../../charts/svg';
import { scopeOf, seriesWindowOf, windowOf } from '../../domain/kpi/window';
import { coalescing } from '../../repositories/coalesce';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const permission = routePermission('/alarm/board/over', 'view');

const kpiRoutes: FastifyPluginAsyncTypebox<{ plantTimeZone: string }> = async (app, { plantTimeZone }) => {
  const { kpi, kpiSettings } = app.repositories;
  const sharedSummary = coalescing<Awaited<ReturnType<typeof kpi.summary>>>();
  const painter = createChartPainter();
  app.addHook('onClose', () => painter.close());
  // A listening server readies its drawing thread before the first board asks for a picture.
  app.addHook('onListen', async () => painter.warm());

  app.route({
    ...routeOf(kpiEndpoints.summary),
    config: { permission },
    handler: async (request) => {
      const settings = await kpiSettings.read();
      const window = windowOf(request.query);
      const scope = scopeOf(request.query);
      const key = JSON.stringify([window, scope, settings.kpi]);
      return ok(await sharedSummary(key, () => kpi.summary(window, scope, settings.kpi)));
    },
  });

  const series = (query: SeriesQuery) => kpi.series(seriesWindowOf(query), scopeOf(query), query.bucket, plantTimeZone);

  app.route({
    ...routeOf(kpiEndpoints.series),
    config: { permission },
    handler: async (request) => ok(await series(request.query)),
  });

  // The trend of 报警总览 as an SVG picture of the size the page lays it out at (common/trendChart.ts).
  app.route({
    ...routeOf(kpiEndpoints.picture),
    config: { permission },
    handler: async (request, reply) => {
      const [points, settings] = await Promise.all([series(request.query), kpiSettings.read()]);
      const option = trendOption(points, request.query.bucket, settings.kpi.overloadThreshold, plantTimeZone);
      const svg = await painter.svg(option, request.query.width, request.query.height);
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
    },
  });

  app.route({
    ...routeOf(kpiEndpoints.ranking),
    config: { permission },
    handler: async (request) =>
      ok(await kpi.ranking(windowOf(request.query), scopeOf(request.query), request.query.by)),
  });
};

export default kpiRoutes;
