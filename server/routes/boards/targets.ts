/**
 * 优化目标设置 (/alarm/op/config): KPI targets per scope. Reading needs the page's view permission. The seed
 * declares only `view` on this route, so saving is guarded by the KPI settings' own edit right,
 * `alarm-base-config-edit` (异常报警配置 holds every other KPI setting of docs/domain.md). Endpoints:
 * contract/boards.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { defaultTargetSettings } from '../../../common/kpiTargets';
import { boardEndpoints, type TargetSettings } from '../../../contract/boards';
import { routePermission } from '../../auth/permissions';
import { ApiError } from '../../errors';
import { currentUser } from '../../plugins/authentication';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const targetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { boards } = app.repositories;
  const answer = async (settings: TargetSettings) => ({
    settings,
    defaults: defaultTargetSettings(),
    options: await boards.scopeOptions(),
  });

  app.route({
    ...routeOf(boardEndpoints.targets),
    config: { permission: routePermission('/alarm/op/config', 'view') },
    handler: async () => ok(await answer(await boards.targets())),
  });

  app.route({
    ...routeOf(boardEndpoints.saveTargets),
    config: { permission: routePermission('/alarm/base/config', 'edit') },
    handler: async (request) => {
      const value = request.body;
      const { units, consoles } = await boards.scopeOptions();
      const unknownUnit = Object.keys(value.units).find((name) => !units.includes(name));
      if (unknownUnit) throw new ApiError(400, 1, `units 不合法：装置「${unknownUnit}」不存在`);
      const unknownConsole = Object.keys(value.consoles).find((name) => !consoles.includes(name));
      if (unknownConsole) throw new ApiError(400, 1, `consoles 不合法：操作台「${unknownConsole}」不存在`);
      const saved = await boards.saveTargets(value, currentUser(request).username);
      return ok(await answer(saved));
    },
  });
};

export default targetRoutes;
