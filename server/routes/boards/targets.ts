/**
 * 优化目标设置 (/alarm/op/config): KPI targets per scope. Reading needs the page's view permission. The seed
 * declares only `view` on this route, so saving is guarded by the KPI settings' own edit right,
 * `alarm-base-config-edit` (异常报警配置 holds every other KPI setting of domain.md).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { defaultTargetSettings, type TargetSettings as Settings } from '../../../common/kpiTargets';
import { envelope } from '../../../contract/http';
import { routePermission } from '../../auth/permissions';
import { ApiError } from '../../errors';
import { currentUser } from '../../plugins/authentication';
import { createBoardsRepository } from '../../repositories/boards';
import { ok } from '../reply';
import { ScopeOptions, TargetSettings } from './schemas';

const Answer = Type.Object({ settings: TargetSettings, defaults: TargetSettings, options: ScopeOptions });

const targetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const boards = createBoardsRepository(app.database.db);
  const answer = async (settings: Settings) => ({
    settings,
    defaults: defaultTargetSettings(),
    options: await boards.scopeOptions(),
  });

  app.get(
    '/alarm/op/config',
    {
      config: { permission: routePermission('/alarm/op/config', 'view') },
      schema: { response: { 200: envelope(Answer) } },
    },
    async () => ok(await answer(await boards.targets())),
  );

  app.put(
    '/alarm/op/config',
    {
      config: { permission: routePermission('/alarm/base/config', 'edit') },
      schema: { body: TargetSettings, response: { 200: envelope(Answer) } },
    },
    async (request) => {
      const value = request.body as Settings;
      const { units, consoles } = await boards.scopeOptions();
      const unknownUnit = Object.keys(value.units).find((name) => !units.includes(name));
      if (unknownUnit) throw new ApiError(400, 1, `units 不合法：装置「${unknownUnit}」不存在`);
      const unknownConsole = Object.keys(value.consoles).find((name) => !consoles.includes(name));
      if (unknownConsole) throw new ApiError(400, 1, `consoles 不合法：操作台「${unknownConsole}」不存在`);
      const saved = await boards.saveTargets(value, currentUser(request).username);
      return ok(await answer(saved));
    },
  );
};

export default targetRoutes;
