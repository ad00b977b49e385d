/**
 * Board endpoints (报警看板 and 优化管理's boards): each under its route's path and view permission, with the
 * toolbar's scope options at `<path>/scopes` and its table at `<path>/export`; one module per board. Every
 * figure comes from the KPI engine through the KPI repository; targets and their judgement from
 * common/kpiTargets.ts. Endpoints: contract/boards.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { boardEndpoints } from '../../../contract/boards';
import { routePermission } from '../../auth/permissions';
import { routeOf } from '../endpoint';
import { ok } from '../reply';
import comparisonRoutes from './comparison';
import equipmentRoutes from './equipment';
import improvementRoutes from './improvement';
import overRoutes from './over';
import performanceRoutes from './performance';
import runRoutes from './run';

const SCOPES = [
  boardEndpoints.overScopes,
  boardEndpoints.performanceScopes,
  boardEndpoints.equipmentScopes,
  boardEndpoints.runScopes,
  boardEndpoints.improvementScopes,
  boardEndpoints.comparisonScopes,
];

const boardRoutes: FastifyPluginAsyncTypebox<{ plantTimeZone: string }> = async (app, { plantTimeZone }) => {
  for (const scopes of SCOPES) {
    app.route({
      ...routeOf(scopes),
      config: { permission: routePermission(scopes.path.slice(0, -'/scopes'.length), 'view') },
      handler: async () => ok(await app.repositories.boards.scopeOptions()),
    });
  }
  for (const board of [
    overRoutes,
    performanceRoutes,
    equipmentRoutes,
    runRoutes,
    improvementRoutes,
    comparisonRoutes,
  ]) {
    // Under this plugin's prefix: only the plant's time zone passes on.
    await app.register(board, { plantTimeZone });
  }
};

export default boardRoutes;
