import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { OpenDatabase, Transaction } from '../db';
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
};

export default fp(repositories, { name: 'repositories' });
