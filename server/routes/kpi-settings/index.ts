/** 异常报警配置 (/alarm/base/config): the KPI and detection settings, and detection on demand. Endpoints: contract/kpiSettings.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { kpiSettingsEndpoints } from '../../../contract/kpiSettings';
import { routePermission } from '../../auth/permissions';
import { defaultAbnormalSettings, settingsProblem } from '../../domain/abnormal/settings';
import { ApiError } from '../../errors';
import { currentUser } from '../../plugins/authentication';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const PATH = '/alarm/base/config';

const kpiSettingsRoutes: FastifyPluginAsyncTypebox<{ plantTimeZone: string }> = async (app, { plantTimeZone }) => {
  const { kpiSettings, detection } = app.repositories;

  app.route({
    ...routeOf(kpiSettingsEndpoints.settings),
    config: { permission: routePermission(PATH, 'view') },
    handler: async () => ok({ settings: await kpiSettings.read(), defaults: defaultAbnormalSettings() }),
  });

  app.route({
    ...routeOf(kpiSettingsEndpoints.save),
    config: { permission: routePermission(PATH, 'edit') },
    handler: async (request) => {
      const problem = settingsProblem(request.body);
      if (problem) throw new ApiError(400, 1, problem);
      const username = currentUser(request).username;
      const saved = await app.transaction((tx) => kpiSettings.save(request.body, username, tx));
      return ok({ settings: saved, defaults: defaultAbnormalSettings() });
    },
  });

  app.route({
    ...routeOf(kpiSettingsEndpoints.detect),
    config: { permission: routePermission(PATH, 'edit') },
    handler: async () => {
      const { findings } = await app.transaction((tx) => detection.detect(plantTimeZone, undefined, tx));
      return ok({ findings, open: await detection.openCount() });
    },
  });
};

export default kpiSettingsRoutes;
