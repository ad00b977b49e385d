/**
 * Change notices between the API nodes (server/db/notices.ts), decorated on the app as `changeNotices`: the
 * node listens before it serves, and stops listening when it closes.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeNotices } from '../db/notices';

declare module 'fastify' {
  interface FastifyInstance {
    changeNotices: ChangeNotices;
  }
}

const changeNotices: FastifyPluginAsync = async (app) => {
  const notices = await app.database.listen();
  app.decorate('changeNotices', notices);
  app.addHook('onClose', async () => notices.close());
};

export default fp(changeNotices, { name: 'change-notices', dependencies: ['repositories'] });
