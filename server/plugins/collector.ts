/**
 * The collectors of 数据采集 as part of the app: the drop-folder collector (server/use-cases/collection/collector.ts)
 * and the OPC UA one (opcua-collector.ts). They start when the app is ready and stop, waiting for work under way,
 * when the app closes (before the database does).
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { SecretBox } from '../domain/collection/secret';
import type { UnpackLimits } from '../domain/journal';
import { Collector } from '../use-cases/collection/collector';
import { OpcuaCollector } from '../use-cases/collection/opcua-collector';
import { OpcuaConnection, useCertificateFolder } from '../use-cases/collection/opcua-connection';

declare module 'fastify' {
  interface FastifyInstance {
    collector: Collector;
    opcuaCollector: OpcuaCollector;
    /** Seals and opens OPC UA passwords; none without SOURCE_SECRET_KEY. */
    sourceSecrets: SecretBox | undefined;
  }
}

export interface CollectorPluginOptions {
  dropDir?: string;
  pollMs: number;
  timeZone: string;
  unpack?: UnpackLimits;
  sourceSecretKey?: string;
  /** Where the OPC UA client keeps its certificate and the servers' it trusts. */
  certificateDir: string;
}

const collector: FastifyPluginAsync<CollectorPluginOptions> = async (app, options) => {
  const { db, kind } = app.database;
  const instance = new Collector({ ...options, db, kind, sources: app.repositories.sources, log: app.log });
  const secrets = options.sourceSecretKey ? new SecretBox(options.sourceSecretKey) : undefined;
  useCertificateFolder(options.certificateDir);
  const opcua = new OpcuaCollector({
    database: app.database,
    sources: app.repositories.sources,
    opcua: app.repositories.opcua,
    secrets,
    timeZone: options.timeZone,
    log: app.log,
    syncMs: Math.min(options.pollMs, 5_000),
    connect: (endpoint) => OpcuaConnection.open(endpoint),
  });
  app.decorate('collector', instance);
  app.decorate('opcuaCollector', opcua);
  app.decorate('sourceSecrets', secrets);
  app.addHook('onReady', async () => {
    instance.start();
    opcua.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all([instance.stop(), opcua.stop()]);
  });
};

export default fp(collector, { name: 'collector', dependencies: ['repositories'] });
