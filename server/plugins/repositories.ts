import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { OpenDatabase } from '../db';
import { createRepositories, type Repositories } from '../repositories';

declare module 'fastify' {
  interface FastifyInstance {
    database: OpenDatabase;
    repositories: Repositories;
  }
}

const repositories: FastifyPluginAsync<{ database: OpenDatabase }> = async (app, { database }) => {
  app.decorate('database', database);
  app.decorate('repositories', createRepositories(database.db));
};

export default fp(repositories, { name: 'repositories' });
