import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { type OpenDatabase, requestBegan, type Transaction } from '../db';
import { createRepositories, type Repositories } from '../repositories';

declare module 'fastify' {
  interface FastifyInstance {
    database: OpenDatabase;
    repositories: Repositories;
    /**
     * The one way a route opens a transaction (docs/architecture.md): `work` runs on it, it commits when
     * `work` resolves and rolls back when it throws.
     */
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>;
  }
}

const repositories: FastifyPluginAsync<{ database: OpenDatabase }> = async (app, { database }) => {
  app.decorate('database', database);
  app.decorate('repositories', createRepositories(database.db));
  app.decorate('transaction', <T>(work: (tx: Transaction) => Promise<T>) => database.db.transaction(work));
  // Each request's reads wait for a turn beside an embedded import counting from its start (Fastify keeps the
  // context `done` runs in for the rest of the request).
  app.addHook('onRequest', (_request, _reply, done) => requestBegan(performance.timeOrigin + performance.now(), done));
};

export default fp(repositories, { name: 'repositories' });
