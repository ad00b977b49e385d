import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { userEndpoints } from '../../../contract/user';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(userEndpoints.health),
    config: { permission: 'public' },
    handler: async () => ok({ status: 'ok' as const, db: app.database.kind }),
  });
};

export default healthRoutes;
