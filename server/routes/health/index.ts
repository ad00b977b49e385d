import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { userEndpoints } from '../../../contract/user';
import { routeOf } from '../endpoint';
import { ok } from '../reply';

/** Longer than a query on a busy database takes; shorter than a load balancer's health-check timeout. */
const DATABASE_TIMEOUT_MS = 2_000;

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const route = routeOf(userEndpoints.health);
  app.route({
    ...route,
    // A load balancer reads the status; the body says the same to a person.
    schema: { response: { ...route.schema.response, 503: route.schema.response[200] } },
    config: { permission: 'public' },
    handler: async (_request, reply) => {
      const db = app.database.kind;
      if (await app.repositories.health.answers(DATABASE_TIMEOUT_MS)) return ok({ status: 'ok' as const, db });
      return reply.code(503).send({ code: 503, msg: '数据库暂不可用', data: { status: 'down' as const, db } });
    },
  });
};

export default healthRoutes;
