import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { envelope } from '../../../contract/http';
import { ok } from '../reply';

const Health = Type.Object({
  status: Type.Literal('ok'),
  db: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
});

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', { config: { permission: 'public' }, schema: { response: { 200: envelope(Health) } } }, async () =>
    ok({ status: 'ok' as const, db: app.database.kind }),
  );
};

export default healthRoutes;
