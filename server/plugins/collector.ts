/**
 * The collector of 数据采集 (server/use-cases/collection/collector.ts) as part of the app: it starts when the
 * app is ready and stops, waiting for a look under way, when the app closes (before the database does).
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { UnpackLimits } from '../domain/journal';
import { Collector } from '../use-cases/collection/collector';

declare module 'fastify' {
  interface FastifyInstance {
    collector: Collector;
  }
}

export interface CollectorPluginOptions {
  dropDir?: string;
  pollMs: number;
  timeZone: string;
  unpack?: UnpackLimits;
}

const collector: FastifyPluginAsync<CollectorPluginOptions> = async (app, options) => {
  const instance = new Collector({
    ...options,
    db: app.database.db,
    kind: app.database.kind,
    sources: app.repositories.sources,
    log: app.log,
  });
  app.decorate('collector', instance);
  app.addHook('onReady', async () => instance.start());
  app.addHook('onClose', async () => instance.stop());
};

export default fp(collector, { name: 'collector', dependencies: ['repositories'] });
